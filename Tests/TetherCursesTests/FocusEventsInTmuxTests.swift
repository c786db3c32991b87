import TerminalHarness
import Testing

/// Focus reports end to end: the check program in a tmux pane with `focus-events` on, and
/// a tmux client attached from a pseudo-terminal the test plays (tmux sends a pane focus
/// reports only while a client is attached and its own terminal says it has focus).
@Suite("Focus reports in tmux", .serialized)
struct FocusEventsInTmuxTests {
    /// A tmux server whose pane runs the check program, then (after it quits) `cat -v`,
    /// which shows any byte tmux still sends the pane, and a client attached to it from a
    /// pseudo-terminal, whose focus the test reports to tmux.
    private func start() async throws -> (TmuxSession, PtySession) {
        let check = CursesCheckTests.checkProgram
        let tmux = try TmuxSession(command: "'\(check)' > out; echo program ended; exec cat -v")
        tmux.tmux(["set", "-g", "focus-events", "on"])
        try await tmux.waitForText("Tether curses check")
        let client = try PtySession(
            ["/usr/bin/tmux", "-u", "-S", tmux.socket, "-f", tmux.path("tmux.conf"), "attach", "-t", "main"],
            environment: ["TERM=xterm-256color"])
        try await client.waitFor("the client asking for focus reports") {
            $0.firstRange(of: Array("\u{1B}[?1004h".utf8)) != nil
        }
        return (tmux, client)
    }

    @Test("the terminal's focus reports reach the application through tmux, in and out")
    func reportsReachTheProgram() async throws {
        let (tmux, client) = try await start()
        defer {
            client.kill()
            tmux.kill()
        }
        client.send("\u{1B}[I")
        try await tmux.waitForText("last key: focus in")
        client.send("\u{1B}[O")
        try await tmux.waitForText("last key: focus out")
        client.send("\u{1B}[I")
        try await tmux.waitForText("last key: focus in")
    }

    @Test("after the program quits, tmux sends its pane no focus reports: the program turned them off")
    func offAfterQuit() async throws {
        let (tmux, client) = try await start()
        defer {
            client.kill()
            tmux.kill()
        }
        client.send("\u{1B}[I")
        try await tmux.waitForText("last key: focus in")
        tmux.type("q")
        try await tmux.waitForText("program ended")
        client.send("\u{1B}[O\u{1B}[I\u{1B}[O")
        try await client.settle(seconds: 0.5)
        tmux.type("after\r")
        try await tmux.waitForText("after")
        #expect(!tmux.screen.contains("^[["), "\(tmux.screen)")
    }
}
