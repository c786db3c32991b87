import Glibc
import TerminalHarness
import Testing

/// A result that cannot be written is an error, never a silent exit 0: scripted sign-ins
/// with standard output on a full disk or closed.
@Suite("login-demo when its result cannot be written", .serialized)
struct ResultOutputTests {
    /// `printf <answers> | login-demo --delay 0.1 <redirection>` in a new session (no terminal).
    private func signIn(redirecting redirection: String) -> ProcessResult {
        let command =
            "printf 'demo\\ntether-demo\\n\\n\\n\\n' | \(shellQuoted(DemoInTmux.binary)) --delay 0.1 \(redirection)"
        return ProcessRunner.run(["setsid", "-w", "sh", "-c", command])
    }

    @Test("a sign-in with standard output on a full disk exits 74 and says why on standard error")
    func fullDisk() {
        let result = signIn(redirecting: "> /dev/full")
        #expect(result.status == 74)
        #expect(
            result.stderr.hasSuffix(
                "login-demo: the result could not be written to standard output (No space left on device)\n"),
            "stderr: \(result.stderr)")
    }

    @Test("a sign-in with standard output closed exits 74 and says why on standard error")
    func closedOutput() {
        let result = signIn(redirecting: ">&-")
        #expect(result.status == 74)
        #expect(
            result.stderr.hasSuffix(
                "login-demo: the result could not be written to standard output (Bad file descriptor)\n"),
            "stderr: \(result.stderr)")
    }

    @Test("a sign-in with standard output on a file opened read-only exits 74")
    func readOnlyOutput() {
        let result = signIn(redirecting: "1< /dev/null")
        #expect(result.status == 74)
        #expect(result.stderr.contains("could not be written to standard output"), "stderr: \(result.stderr)")
    }

    @Test("the signed-in line still reaches a writable standard output with exit 0")
    func writableOutput() {
        let result = signIn(redirecting: "")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "signed in: demo (session 30 min, not remembered)\n")
    }
}
