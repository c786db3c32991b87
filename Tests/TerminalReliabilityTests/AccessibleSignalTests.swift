#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The accessible presentation of the built `login-demo` in a real terminal (a tmux pane),
/// ended while the password is asked, with echo off: the process's signal hub hands each
/// signal to the run, which ends the way full screen does, and the terminal's modes come
/// back as the shell had them (echo on).
@Suite("login-demo accessible under signals in tmux", .serialized)
struct AccessibleSignalTests {
    /// Starts the accessible demo and answers the username; returns with the password asked.
    private func passwordAsked() async throws -> (TmuxSession, pid_t) {
        // The pane's shell (dash, not interactive) would end on the terminal's SIGINT too, as
        // an interactive shell does not: it runs a trap instead, and goes on to record the status.
        let demo = DemoInTmux.command(["--accessible", "--delay", "0.1"])
        let tmux = try TmuxSession(
            command: "stty -g > before; trap 'true' INT; \(demo) > out 2> err; "
                + "echo $? > status; stty -g > after; exec sleep 600")
        let pid = try await DemoInTmux.pid(of: tmux)
        try await tmux.waitForText("Username (hint: your name):", timeout: DemoInTmux.startTimeout)
        tmux.type("alice")
        tmux.press("Enter")
        try await tmux.waitForText("typing is hidden):")
        tmux.type("s3cr")
        return (tmux, pid)
    }

    @Test("Ctrl-C at the hidden password prompt quits with status 1 and echo back on")
    func interruptAtSecretPrompt() async throws {
        let (tmux, _) = try await passwordAsked()
        defer { tmux.kill() }
        tmux.press("C-c")
        #expect(try await DemoInTmux.exitStatus(tmux) == "1")
        DemoInTmux.expectRestored(tmux)
        #expect(tmux.file("out") == "not signed in: alice\n")
        #expect(!tmux.capture().joined().contains("s3cr"))
    }

    @Test(
        "SIGTERM, SIGHUP and SIGQUIT at the hidden password prompt end the run with 128 + the signal and echo back on",
        arguments: [SIGTERM, SIGHUP, SIGQUIT])
    func terminatingSignalAtSecretPrompt(_ signal: Int32) async throws {
        let (tmux, pid) = try await passwordAsked()
        defer { tmux.kill() }
        #expect(kill(pid, signal) == 0)
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(128 + signal)")
        DemoInTmux.expectRestored(tmux)
        #expect(tmux.file("out") == "not signed in: alice\n")
        #expect(tmux.file("err") == "", "stderr: \(tmux.file("err") ?? "")")
    }
}
