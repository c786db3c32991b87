#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// Signals sent to the built `login-demo` running in a real terminal (a tmux pane): each
/// time the terminal must come back as the shell had it.
@Suite("login-demo under signals in tmux", .serialized)
struct SignalTests {
    @Test(
        "SIGINT, SIGTERM, SIGHUP and SIGQUIT each restore the terminal, print the outcome and exit with 128 + the signal",
        arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
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

    @Test(
        "SIGTSTP gives the terminal back to the shell as it was, and fg (SIGCONT) redraws the form intact with the username"
    )
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
        try await tmux.leaveDiscarding()
        #expect(try await DemoInTmux.exitStatus(tmux) == "1")
        DemoInTmux.expectRestored(tmux)
        #expect(tmux.file("out") == "not signed in: aliceb\n")
    }

    @Test("Ctrl-C and Ctrl-Z in one read quit: the Ctrl-Z after the quit does not stop the job")
    func quitThenSuspendInOneRead() async throws {
        let tmux = try DemoInTmux.startAsJobOnce()
        defer { tmux.kill() }
        try await DemoInTmux.typeUsername("alice", in: tmux)
        tmux.press("C-c", "C-z")  // one send-keys: one write to the pane, one read for the demo
        #expect(try await DemoInTmux.exitStatus(tmux) == "1")
        DemoInTmux.expectRestored(tmux)
        #expect(tmux.file("out") == "not signed in: alice\n")
    }

    @Test("a SIGTSTP that comes with a SIGTERM does not stop the demo: it exits 143, not stopped (148)")
    func terminateThenSuspendSignals() async throws {
        // A job-control shell, as startAsJobOnce, that starts the demo with SIGTSTP ignored:
        // the backend's relay catches it while it runs (and a suspend stops the job all the
        // same, with the default action), but one that comes after the backend has put the
        // dispositions back, as the demo leaves, is ignored rather than stopping it.
        let demo = DemoInTmux.command(["--delay", "0.1"])
        let tmux = try TmuxSession(
            command: "stty -g > before; set -m; trap '' TSTP; \(demo) > out 2> err; "
                + "echo $? > status; stty -g > after; exec sleep 600")
        defer { tmux.kill() }
        let pid = try await DemoInTmux.pid(of: tmux)
        try await DemoInTmux.typeUsername("alice", in: tmux)
        // Back to back, nothing between them: both are pending when the demo wakes up.
        let terminated = kill(pid, SIGTERM)
        let suspended = kill(pid, SIGTSTP)
        let suspendError = errno
        #expect(terminated == 0)
        // ESRCH only if the test was held up between the two calls long enough for the demo to leave.
        #expect(suspended == 0 || suspendError == ESRCH)
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(128 + SIGTERM)")
        DemoInTmux.expectRestored(tmux)
        #expect(tmux.file("out") == "not signed in: alice\n")
    }

    @Test("an error thrown by the app after the first frame restores the terminal, goes to stderr and exits 3")
    func errorThrownByTheApp() async throws {
        let tmux = try DemoInTmux.start(environment: ["TETHER_DEMO_FAIL_AFTER_START=1"])
        defer { tmux.kill() }
        #expect(try await DemoInTmux.exitStatus(tmux) == "3")
        DemoInTmux.expectRestored(tmux)
        #expect(
            tmux.file("err") == "login-demo: injected failure after the first frame (TETHER_DEMO_FAIL_AFTER_START=1)\n")
        #expect(tmux.file("out") == "")
    }

    @Test(
        "after an outside SIGSTOP and the terminal reset by another process, SIGCONT takes raw mode back and redraws the form"
    )
    func outsideStopThenContinue() async throws {
        let tmux = try DemoInTmux.start()
        defer { tmux.kill() }
        let pid = try await DemoInTmux.pid(of: tmux)
        let form = try await DemoInTmux.typeUsername("alice", in: tmux)
        let tty = tmux.display("#{pane_tty}")
        let running = await ProcessRunner.run(["stty", "-F", tty, "-g"]).stdout
        #expect(kill(pid, SIGSTOP) == 0)
        try await tmux.waitFor("the demo stopped") { DemoInTmux.processState(pid) == "T" }

        // Meanwhile the shell's side: sane modes, and the screen scribbled over.
        #expect(await ProcessRunner.run(["stty", "-F", tty, "sane"]).status == 0)
        #expect(await ProcessRunner.run(["stty", "-F", tty, "-g"]).stdout != running)
        DemoInTmux.write("\u{1B}[2J\u{1B}[HSCRIBBLED", toTerminal: tty)
        try await tmux.waitForText("SCRIBBLED")

        #expect(kill(pid, SIGCONT) == 0)
        try await tmux.waitUntil("the form redrawn exactly as before the stop") { $0 == form }
        #expect(await ProcessRunner.run(["stty", "-F", tty, "-g"]).stdout == running, "raw mode taken back")
        tmux.type("b")
        try await tmux.waitUntil("typing to go on after the stop") {
            DemoInTmux.fieldLine("Username", in: $0).contains("Username  aliceb")
        }
        try await tmux.leaveDiscarding()
        #expect(try await DemoInTmux.exitStatus(tmux) == "1")
        DemoInTmux.expectRestored(tmux)
        #expect(tmux.file("out") == "not signed in: aliceb\n")
    }

    @Test(
        "a hang-up of the terminal while a slow sign-in runs ends the demo at once with 129 and the outcome on stdout")
    func hangUpWhileSigningIn() async throws {
        let tmux = try DemoInTmux.startSurvivingHangUp(["--delay", "600"])
        defer { tmux.kill() }
        try await DemoInTmux.typeUsername("demo", in: tmux)
        tmux.press("Tab")
        tmux.type("tether-demo")
        try await tmux.waitUntil("the sign-in possible") { DemoInTmux.panelValue("can sign in", in: $0) == "yes" }
        tmux.press("Enter")
        try await tmux.waitUntil("the sign-in running") { DemoInTmux.panelValue("can sign in", in: $0) == "no" }

        tmux.tmux(["kill-pane", "-t", "main"])  // closes the terminal: the kernel hangs it up
        let status = try await tmux.waitForFile("status", timeout: DemoInTmux.startTimeout)
        #expect(status == "\(128 + SIGHUP)\n")
        #expect(tmux.file("out") == "not signed in: demo\n")
        #expect(tmux.file("err") == "", "stderr: \(tmux.file("err") ?? "")")
    }
}
