import TerminalHarness
import Testing

/// Ctrl-L in a real terminal (a tmux pane): after another program wrote over the form, the
/// key draws the whole form again, as it was.
@Suite("login-demo Ctrl-L in tmux", .serialized)
struct RepaintTests {
    @Test("Ctrl-L after another program scribbled over the screen redraws the form exactly, typed text kept")
    func repaintAfterScribble() async throws {
        let tmux = try DemoInTmux.start()
        defer { tmux.kill() }
        let form = try await DemoInTmux.typeUsername("alice", in: tmux)
        let tty = tmux.display("#{pane_tty}")
        DemoInTmux.write("\u{1B}[2J\u{1B}[HSCRIBBLED", toTerminal: tty)
        try await tmux.waitForText("SCRIBBLED")
        tmux.press("C-l")
        try await tmux.waitUntil("the form redrawn whole, as before the scribble") { $0 == form }
        try await tmux.leaveDiscarding()
        #expect(try await DemoInTmux.exitStatus(tmux) == "1")
        #expect(tmux.file("out") == "not signed in: alice\n")
    }
}
