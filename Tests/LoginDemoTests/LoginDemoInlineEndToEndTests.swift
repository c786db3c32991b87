import Glibc
import TerminalHarness
import Testing

/// The built `login-demo --inline` in tmux: drawn below the shell's lines on the normal
/// screen, and what it leaves there.
@Suite("login-demo inline in tmux", .serialized)
struct LoginDemoInlineEndToEndTests {
    static var binary: String { buildProductsDirectory() + "/login-demo" }

    /// Prints two shell lines, runs the demo inline, then prints `after` where the
    /// cursor ended.
    func start(width: Int = 80, height: Int = 24) async throws -> TmuxSession {
        let program = ([Self.binary, "--inline", "--delay", "0.1"]).map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(
            command: "stty -g > before; printf 'shell line 1\\nshell line 2\\n'; \(program) > out 2> err; "
                + "echo $? > status; stty -g > after; echo after; exec sleep 600",
            width: width, height: height)
        try await tmux.waitForText("Username", timeout: .seconds(30))
        return tmux
    }

    func exitStatus(_ tmux: TmuxSession) async throws -> String {
        let status = try await tmux.waitForFile("status", timeout: .seconds(30))
        _ = try await tmux.waitForFile("after")
        return String(status.dropLast())
    }

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
}
