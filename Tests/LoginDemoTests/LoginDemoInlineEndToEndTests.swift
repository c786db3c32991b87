#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The built `login-demo --inline` in tmux: drawn below the shell's lines on the normal
/// screen, and what it leaves there.
@Suite("login-demo inline in tmux", .serialized)
struct LoginDemoInlineEndToEndTests {

    /// Prints two shell lines, runs the demo inline, then prints `after` where the
    /// cursor ended.
    func start(width: Int = 80, height: Int = 24, delay: String = "0.1") async throws -> TmuxSession {
        try await DemoAfterShellLines.start(["--inline", "--delay", delay], width: width, height: height)
    }

    func exitStatus(_ tmux: TmuxSession) async throws -> String { try await DemoAfterShellLines.exitStatus(tmux) }

    @Test("the form is drawn below the shell's lines on the normal screen")
    func drawnBelowTheShell() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        let lines = tmux.capture()
        #expect(Array(lines.prefix(2)) == ["shell line 1", "shell line 2"])
        #expect(lines.firstIndex { $0.contains("Username") } ?? 0 > 2)
        #expect(!tmux.paneFlags().alternateScreen)
        tmux.press("Escape")
        #expect(try await exitStatus(tmux) == "1")
    }

    @Test("after a sign-in the band is replaced by one line and the shell continues below it")
    func summaryReplacesTheBand() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.type("demo")
        tmux.press("Tab")
        tmux.type("tether-demo")
        tmux.press("Enter")
        try await tmux.waitForText("Signed in as demo", timeout: .seconds(15))
        tmux.type("q")
        #expect(try await exitStatus(tmux) == "0")
        let lines = try await tmux.waitForText("after")
        #expect(Array(lines.prefix(4)) == ["shell line 1", "shell line 2", "✔ Signed in as demo", "after"])
        #expect(lines.dropFirst(4).allSatisfy { $0.isEmpty }, "\(lines)")
        #expect(tmux.file("before") == tmux.file("after"))
    }

    @Test("Ctrl-C keeps the final frame, restores the terminal and leaves the cursor below the band")
    func interruptKeepsTheFrame() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.press("C-c")
        #expect(try await exitStatus(tmux) == "1")
        let lines = try await tmux.waitForText("after")
        let after = try #require(lines.firstIndex(of: "after"))
        #expect(lines[..<after].contains { $0.contains("Username") })
        #expect(lines[(after + 1)...].allSatisfy { $0.isEmpty })
        let flags = tmux.paneFlags()
        #expect(!flags.alternateScreen && flags.cursorVisible)
        #expect(tmux.file("before") == tmux.file("after"))
    }

    @Test("a narrower then wider terminal re-lays the band out once, without copies of the form")
    func resizeDoesNotDuplicate() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.resize(width: 60, height: 24)
        try await Task.sleep(for: .milliseconds(300))
        tmux.resize(width: 90, height: 24)
        try await Task.sleep(for: .milliseconds(300))
        let lines = try await tmux.waitForText("Username")
        #expect(lines.filter { $0.contains("Username") }.count == 1, "\(lines)")
        tmux.press("Escape")
        #expect(try await exitStatus(tmux) == "1")
    }

    // MARK: Input, popups and the spinner inside the band

    /// Sends a left click at the 0-based cell (`x`, `y`) of the pane, as the terminal would
    /// with SGR mouse reporting: a press and a release.
    func click(_ tmux: TmuxSession, x: Int, y: Int) {
        for final in ["M", "m"] {
            let bytes = Array("\u{1B}[<0;\(x + 1);\(y + 1)\(final)".utf8).map { String($0, radix: 16) }
            tmux.tmux(["send-keys", "-t", "main", "-H"] + bytes)
        }
    }

    /// The first line containing `text`, or an empty string.
    func line(_ text: String, in lines: [String]) -> String { lines.first { $0.contains(text) } ?? "" }

    @Test("a click on the password field inside the band focuses it, so typing goes there")
    func clickFocusesAField() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        let lines = tmux.capture()
        let row = try #require(lines.firstIndex { $0.contains("Password") })
        let label = try #require(lines[row].firstRange(of: "Password"))
        click(tmux, x: lines[row].distance(from: lines[row].startIndex, to: label.upperBound) + 3, y: row)
        tmux.type("abc")
        let after = try await tmux.waitUntil("three characters typed into the password") { lines in
            lines.contains { $0.contains("password") && $0.contains("3 characters") }
        }
        #expect(!line("Username", in: after).contains("abc"))
        #expect(Array(after.prefix(2)) == ["shell line 1", "shell line 2"])
        try await tmux.leaveDiscarding()
        #expect(try await exitStatus(tmux) == "1")
    }

    @Test("a bracketed paste into the username inside the band is one edit, its line break dropped")
    func bracketedPaste() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.tmux(["set-buffer", "pasted\nname"])
        tmux.tmux(["paste-buffer", "-p", "-t", "main"])
        let lines = try await tmux.waitUntil("the paste in the username") { lines in
            lines.contains { $0.contains("Username") && $0.contains("pastedname") }
        }
        // A line break typed (not pasted) would have moved focus on or signed in.
        #expect(!lines.contains { $0.contains("At least") || $0.contains("Enter a username") })
        tmux.type("!")
        try await tmux.waitUntil("typing still in the username") { lines in
            lines.contains { $0.contains("Username") && $0.contains("pastedname!") }
        }
        try await tmux.leaveDiscarding()
        #expect(try await exitStatus(tmux) == "1")
        #expect(tmux.file("out") == "not signed in: pastedname!\n")
    }

    @Test("a validation row appears inside the band and goes again without leaving lines behind")
    func validationRowInline() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        let first = tmux.capture()
        tmux.type("demo")
        tmux.press("Tab")
        tmux.type("short")
        tmux.press("Tab")
        let shown = try await tmux.waitForText("At least 8 characters (5 so far)")
        #expect(Array(shown.prefix(2)) == ["shell line 1", "shell line 2"])
        tmux.press("BTab")
        tmux.type("-enough")
        let lines = try await tmux.waitForTextGone("At least 8")
        #expect(Array(lines.prefix(2)) == ["shell line 1", "shell line 2"])
        #expect(lines.filter { $0.contains("Username") }.count == 1, "\(lines)")
        #expect(lines.filter { !$0.isEmpty }.count == first.filter { !$0.isEmpty }.count, "\(lines)")
        try await tmux.leaveDiscarding()
        #expect(try await exitStatus(tmux) == "1")
    }

    @Test("the sign-in spinner turns inside the band, the shell's lines above untouched")
    func spinnerInline() async throws {
        let tmux = try await start(delay: "3")
        defer { tmux.kill() }
        tmux.type("demo")
        tmux.press("Tab")
        tmux.type("tether-demo")
        tmux.press("Enter")
        let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        let seen = try await tmux.waitForValue("a spinner frame") {
            frames.first { frame in tmux.capture().contains { $0.contains(frame) } }
        }
        let lines = try await tmux.waitUntil("the spinner turned", timeout: .seconds(3)) { lines in
            lines.contains { line in frames.contains { line.contains($0) } } && !lines.contains { $0.contains(seen) }
        }
        #expect(Array(lines.prefix(2)) == ["shell line 1", "shell line 2"])
        #expect(lines.filter { $0.contains("Username") }.count == 1, "\(lines)")
        try await tmux.waitForText("Signed in as demo", timeout: .seconds(15))
        tmux.type("q")
        #expect(try await exitStatus(tmux) == "0")
    }
}
