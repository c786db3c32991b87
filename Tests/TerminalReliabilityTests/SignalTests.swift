import Glibc
import TerminalHarness
import Testing

/// Signals sent to the built `login-demo` running in a real terminal (a tmux pane): each
/// time the terminal must come back as the shell had it.
@Suite("login-demo under signals in tmux", .serialized)
struct SignalTests {
    @Test("SIGINT, SIGTERM and SIGHUP each restore the terminal, print the outcome and exit with 128 + the signal",
          arguments: [SIGINT, SIGTERM, SIGHUP])
    func terminatingSignal(_ signal: Int32) async throws {
        let tmux = try DemoInTmux.start()
        defer { tmux.kill() }
        let pid = try await DemoInTmux.pid(of: tmux)
        try await DemoInTmux.typeUsername("alice", in: tmux)
        #expect(kill(pid, signal) == 0)
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(128 + signal)")
        DemoInTmux.expectRestored(tmux)
        #expect(tmux.file("out") == "not signed in: alice\n")
        #expect(tmux.file("err") == "", "stderr: \(tmux.file("err") ?? "")")
    }

    @Test("SIGTSTP gives the terminal back to the shell as it was, and fg (SIGCONT) redraws the form intact with the username")
    func stopAndContinue() async throws {
        let tmux = try DemoInTmux.startAsJob()
        defer { tmux.kill() }
        let pid = try await DemoInTmux.pid(of: tmux)
        let form = try await DemoInTmux.typeUsername("alice", in: tmux)
        #expect(kill(pid, SIGTSTP) == 0)

        // Stopped: the job control shell saw it stop and the terminal is the shell's again.
        let stopped = try await tmux.waitForFile("stopped-status", timeout: DemoInTmux.startTimeout)
        #expect(stopped == "\(128 + SIGTSTP)\n")
        _ = try await tmux.waitForFile("stopped")
        DemoInTmux.expectRestored(tmux, state: "stopped")

        // `read line` only returns if the terminal is back in canonical mode with CR → NL.
        tmux.press("Enter")
        try await tmux.waitUntil("the form redrawn exactly as before the stop") { $0 == form }
        #expect(tmux.paneFlags().alternateScreen)
        tmux.type("b")
        try await tmux.waitUntil("typing to go on after the stop") {
            DemoInTmux.fieldLine("Username", in: $0).contains("Username  aliceb")
        }
        tmux.press("Escape")
        #expect(try await DemoInTmux.exitStatus(tmux) == "1")
        DemoInTmux.expectRestored(tmux)
        #expect(tmux.file("out") == "not signed in: aliceb\n")
    }

    @Test("an error thrown by the app after the first frame restores the terminal, goes to stderr and exits 3")
    func errorThrownByTheApp() async throws {
        let tmux = try DemoInTmux.start(environment: ["TETHER_DEMO_FAIL_AFTER_START=1"])
        defer { tmux.kill() }
        #expect(try await DemoInTmux.exitStatus(tmux) == "3")
        DemoInTmux.expectRestored(tmux)
        #expect(tmux.file("err") == "login-demo: injected failure after the first frame (TETHER_DEMO_FAIL_AFTER_START=1)\n")
        #expect(tmux.file("out") == "")
    }
}
