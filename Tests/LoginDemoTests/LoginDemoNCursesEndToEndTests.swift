#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// `login-demo --renderer ncurses` in tmux: the same form painted by ncurses' own screen and
/// refresh (decision 0108), full screen and inline, and the terminal given back as the
/// default renderer gives it back.
@Suite("login-demo painted by ncurses in tmux", .serialized)
struct LoginDemoNCursesEndToEndTests {

    /// Prints two shell lines, runs the demo painted by ncurses with `arguments`, then prints `after`.
    func start(_ arguments: [String], width: Int = 80, height: Int = 24) async throws -> TmuxSession {
        try await DemoAfterShellLines.start(
            ["--renderer", "ncurses", "--delay", "0.1"] + arguments, width: width, height: height)
    }

    func exitStatus(_ tmux: TmuxSession) async throws -> String { try await DemoAfterShellLines.exitStatus(tmux) }

    @Test("full screen, ncurses paints the form, a sign-in and the welcome, and the terminal comes back as it was")
    func fullScreenSignIn() async throws {
        let tmux = try await start([])
        defer { tmux.kill() }
        #expect(tmux.paneFlags().alternateScreen)
        tmux.type("demo")
        tmux.press("Tab")
        tmux.type("tether-demo")
        try await tmux.waitUntil("the masked password and the view model's count") { lines in
            lines.contains { $0.contains("Password  •••••••••••") } && lines.contains { $0.contains("11 characters") }
        }
        let bar = tmux.capture().last ?? ""
        #expect(
            bar.hasPrefix("Tab next · Shift-Tab back · Enter sign in") && !bar.contains("\u{FFFD}"),
            "the bottom row: \(bar)")
        tmux.press("Enter")
        try await tmux.waitForText("Signed in as demo", timeout: .seconds(15))
        tmux.type("q")
        #expect(try await exitStatus(tmux) == "0")
        #expect(tmux.file("out")?.hasPrefix("signed in: demo") == true)
        #expect(tmux.file("err") == "", "stderr: \(tmux.file("err") ?? "")")
        #expect(tmux.file("before") == tmux.file("after"), "stty settings changed")
        let flags = tmux.paneFlags()
        #expect(!flags.alternateScreen && flags.cursorVisible, "\(flags)")
        let lines = tmux.capture()
        #expect(Array(lines.prefix(2)) == ["shell line 1", "shell line 2"], "the shell's screen: \(lines)")
    }

    @Test("inline, ncurses paints below the shell's lines and never over them, and Esc leaves the last frame")
    func inlineKeepsTheShellLines() async throws {
        let tmux = try await start(["--inline"])
        defer { tmux.kill() }
        #expect(!tmux.paneFlags().alternateScreen)
        tmux.type("bob")
        try await tmux.waitUntil("the typed name in the field and the view model") { lines in
            lines.contains { $0.contains("Username  bob") } && lines.contains { $0.contains("username    bob") }
        }
        #expect(Array(tmux.capture().prefix(2)) == ["shell line 1", "shell line 2"])
        try await tmux.leaveDiscarding()
        #expect(try await exitStatus(tmux) == "1")
        let lines = try await tmux.waitForText("after")
        #expect(Array(lines.prefix(2)) == ["shell line 1", "shell line 2"], "\(lines)")
        #expect(lines.contains { $0.contains("Username  bob") }, "the final frame stays: \(lines)")
        #expect(tmux.file("before") == tmux.file("after"))
        #expect(tmux.paneFlags().cursorVisible)
    }

    @Test("a resize repaints the whole form through ncurses at the new size")
    func resizeRepaints() async throws {
        let tmux = try await start([], width: 80, height: 24)
        defer { tmux.kill() }
        tmux.type("carol")
        try await tmux.waitForText("Username  carol")
        tmux.resize(width: 60, height: 20)
        try await tmux.waitUntil("the form at 60 columns, the name kept") { lines in
            lines.count == 20 && lines.contains { $0.contains("carol") } && lines.contains { $0.contains("Password") }
        }
        tmux.press("C-c")
        #expect(try await exitStatus(tmux) == "1")
    }

    @Test("an unknown renderer is refused by the command line with exit status 64")
    func unknownRendererIsRefused() async {
        let result = await ProcessRunner.run([DemoAfterShellLines.binary, "--renderer", "curses"])
        #expect(result.status == 64, "status \(result.status)")
        #expect(result.stderr.contains("--renderer"), "\(result.stderr)")
    }
}
