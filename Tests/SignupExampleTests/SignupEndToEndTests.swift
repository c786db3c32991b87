#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

private extension Character {
    /// Columns in the terminal: two for the CJK text these tests type, one otherwise.
    var terminalColumns: Int { unicodeScalars.first.map { $0.value >= 0x2E80 ? 2 : 1 } ?? 1 }
}

/// The built `signup-example` binary in a private tmux server, read back with
/// `capture-pane`. Debug build on a busy machine: waits poll with generous timeouts.
@MainActor
@Suite("signup-example in tmux", .serialized)
struct SignupEndToEndTests {
    nonisolated static var binary: String { buildProductsDirectory() + "/signup-example" }

    func start() async throws -> TmuxSession {
        let tmux = try TmuxSession.running([Self.binary], width: 70, height: 20)
        try await tmux.waitForText("Sign up", "Country", timeout: .seconds(15))
        return tmux
    }

    @Test("the signup-example binary is built next to the test bundle")
    func binaryIsBuilt() {
        #expect(access(Self.binary, X_OK) == 0, "no executable at \(Self.binary)")
    }

    @Test(
        "a whole sign-up by keyboard: filtered country, plan, contacts, autocompleted city, two lines about you split by Ctrl-J"
    )
    func signUpByKeyboard() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.press("Enter")
        tmux.type("spa")
        try await tmux.waitUntil("the list filtered to Spain") { lines in
            lines.contains { $0.contains(" Spain") } && !lines.contains { $0.contains("France") }
        }
        tmux.press("Tab")
        try await tmux.waitForText("[Spain")
        tmux.press("Right")
        tmux.press("Tab")
        tmux.press("Right")
        tmux.press("Space")
        try await tmux.waitForText("(•) Pro", "[x] SMS")
        tmux.press("Tab")
        tmux.type("li")
        try await tmux.waitForText("Lisbon", timeout: .seconds(10))
        tmux.press("Down")
        tmux.press("Enter")
        try await tmux.waitUntil("the city accepted") { lines in lines.contains { $0.contains("City *     Lisbon") } }
        tmux.press("Tab", "Tab")  // past the age, to the "about you" area
        tmux.type("line one")
        tmux.press("C-j")  // a line feed: a line break in the area, never Enter
        tmux.type("line two")
        try await tmux.waitForText("line one", "line two")
        tmux.press("Tab")  // to the button
        tmux.press("Enter")
        let status = try await tmux.waitForFile("status")
        #expect(String(status.dropLast()) == "0")
        _ = try await tmux.waitForFile("after")
        #expect(tmux.file("out") == "signed up: Spain, Pro, Email+SMS, Lisbon, age 30\nabout:\nline one\nline two\n")
        #expect(tmux.file("before") == tmux.file("after"), "stty settings changed")
    }

    @Test("the key-help bar sits on the bottom row, ↓ through the plan keeps Free, and Esc leaves with status 1")
    func keyHelpBarAndEsc() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        let lines = try await tmux.waitForText("Tab next")  // on the dropdown
        #expect(lines.last { !$0.isEmpty }?.hasPrefix("Enter open list · Tab next") == true)
        tmux.press("Down", "Down", "Down")  // Country -> Plan -> Contact -> City
        try await tmux.waitForText("Tab/Enter next · Shift-Tab back")  // in the city, Enter goes on to the age
        #expect(tmux.screen.contains("(•) Free"))
        tmux.press("F1")  // in the city field, ? would be text
        try await tmux.waitForText("┌─ Keys")
        tmux.press("Escape")
        try await tmux.waitForTextGone("┌─ Keys")
        tmux.press("Escape")
        let status = try await tmux.waitForFile("status")
        #expect(String(status.dropLast()) == "1")
    }

    @Test("--help says how to leave: Esc or Ctrl-C, and where the keys are listed")
    func helpSaysHowToLeave() async {
        let result = await ProcessRunner.run([Self.binary, "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        // Joined across the lines the help is wrapped at.
        let text = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for words in ["Esc (or Ctrl-C) leaves without signing up", "or F1 lists every key"] {
            #expect(text.contains(words), "--help does not mention \(words):\n\(result.stdout)")
        }
    }

    @Test("a click opens the country dropdown and a click on an option chooses it")
    func mouseChoosesCountry() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        let lines = tmux.capture()
        let row = try #require(lines.firstIndex { $0.contains("[choose a country") })
        let column = try #require(lines[row].firstRange(of: "[choose")).lowerBound
        let x = lines[row].distance(from: lines[row].startIndex, to: column)
        Self.click(tmux, x: x + 2, y: row)
        try await tmux.waitForText("Argentina", "Australia")
        Self.click(tmux, x: x + 3, y: row + 3)  // under the list's top border and Argentina
        try await tmux.waitForText("[Australia")
    }

    @Test(
        "a multi-line text with CJK typed in the about area wraps, survives a resize mid-edit and keeps the cursor at the caret"
    )
    func aboutAreaWithResize() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.press("Tab", "Tab", "Tab", "Tab", "Tab")
        tmux.type("hello 世界 with some words")
        tmux.press("Enter")
        tmux.type("第二行 two")
        try await tmux.waitForText("hello 世界", "第二行 two")
        tmux.resize(width: 36, height: 20)
        tmux.type(" end")
        try await tmux.waitUntil("the area rewrapped at the new width") { lines in
            lines.contains { $0.contains("hello 世界") } && lines.contains { $0.contains("第二行 two end") }
                && !lines.contains { $0.contains("hello 世界 with some words") }
        }
        let lines = tmux.capture()
        let row = try #require(lines.firstIndex { $0.contains("第二行 two end") })
        let cursor = tmux.display("#{cursor_x} #{cursor_y}").split(separator: " ").compactMap { Int($0) }
        let prefix = try #require(lines[row].firstRange(of: "第二行 two end")).upperBound
        #expect(cursor == [lines[row][..<prefix].reduce(0) { $0 + $1.terminalColumns }, row])
    }

    /// Sends a left click at the 0-based cell (`x`, `y`) as the terminal would with SGR
    /// mouse reporting: a press and a release.
    static func click(_ tmux: TmuxSession, x: Int, y: Int) {
        for final in ["M", "m"] {
            let bytes = Array("\u{1B}[<0;\(x + 1);\(y + 1)\(final)".utf8).map { String($0, radix: 16) }
            tmux.tmux(["send-keys", "-t", "main", "-H"] + bytes)
        }
    }
}
