#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// A result that cannot be written is an error, never a silent exit 0: scripted sign-ins
/// with standard output on a full disk or closed.
@Suite("login-demo when its result cannot be written", .serialized)
struct ResultOutputTests {
    /// `printf <answers> | login-demo --delay 0.1 <redirection>` in a new session (no terminal),
    /// after the shell commands `setup`.
    private func signIn(redirecting redirection: String, after setup: String = "") async -> ProcessResult {
        let command =
            setup
            + "printf 'demo\\ntether-demo\\n\\n\\n\\n' | \(shellQuoted(DemoInTmux.binary)) --delay 0.1 \(redirection)"
        return await ProcessRunner.run(["setsid", "-w", "sh", "-c", command])
    }

    /// Shell commands that leave descriptor 4 open on a pipe whose reader has gone: the
    /// write end of a FIFO, opened while the shell held it for reading too, then the
    /// reading side closed (and the FIFO's name removed), before the demo starts.
    private let pipeWithoutReader =
        "dir=$(mktemp -d) && mkfifo \"$dir/fifo\" && exec 3<> \"$dir/fifo\" 4> \"$dir/fifo\" 3<&- && rm -r \"$dir\" && "

    @Test("a sign-in with standard output on a full disk exits 74 and says why on standard error")
    func fullDisk() async {
        let result = await signIn(redirecting: "> /dev/full")
        #expect(result.status == 74)
        #expect(
            result.stderr.hasSuffix(
                "login-demo: the result could not be written to standard output (No space left on device)\n"),
            "stderr: \(result.stderr)")
    }

    @Test("a sign-in with standard output closed exits 74 and says why on standard error")
    func closedOutput() async {
        let result = await signIn(redirecting: ">&-")
        #expect(result.status == 74)
        #expect(
            result.stderr.hasSuffix(
                "login-demo: the result could not be written to standard output (Bad file descriptor)\n"),
            "stderr: \(result.stderr)")
    }

    @Test("a sign-in with standard output on a file opened read-only exits 74")
    func readOnlyOutput() async {
        let result = await signIn(redirecting: "1< /dev/null")
        #expect(result.status == 74)
        #expect(result.stderr.contains("could not be written to standard output"), "stderr: \(result.stderr)")
    }

    @Test("a sign-in with standard output on a pipe whose reader has gone dies of SIGPIPE (141), as any Unix tool")
    func closedPipe() async {
        let result = await signIn(redirecting: ">&4 4>&-", after: pipeWithoutReader)
        #expect(result.status == 128 + SIGPIPE, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("Sign in? [Y/n]:"), "the conversation ran; stderr: \(result.stderr)")
        #expect(!result.stderr.contains("could not be written"), "stderr: \(result.stderr)")
    }

    @Test("with SIGPIPE ignored, a sign-in with standard output on a pipe whose reader has gone exits 74 and says why")
    func closedPipeWithSIGPIPEIgnored() async {
        let result = await signIn(redirecting: ">&4 4>&-", after: "trap '' PIPE; " + pipeWithoutReader)
        #expect(result.status == 74)
        #expect(
            result.stderr.hasSuffix("login-demo: the result could not be written to standard output (Broken pipe)\n"),
            "stderr: \(result.stderr)")
    }

    @Test("a sign-in with standard error closed (2>&-) still runs, and its result reaches standard output with exit 0")
    func closedStandardError() async {
        let result = await signIn(redirecting: "2>&-")
        #expect(result.status == 0)
        #expect(result.stdout == "signed in: demo (session 30 min, not remembered)\n")
        #expect(result.stderr == "")
    }

    @Test("with standard error closed (2>&-) descriptor 2 is /dev/null opened write-only while the program runs")
    func closedStandardErrorIsDevNull() async throws {
        // In a pty, so that the accessible form asks on the terminal: its question shows that main runs.
        let pty = try PtySession(["/bin/sh", "-c", "exec \"$0\" --accessible 2>&-", DemoInTmux.binary])
        defer { pty.kill() }
        try await pty.waitFor(text: "Username (hint: your name):", timeout: 30)
        var target = [CChar](repeating: 0, count: 256)
        let count = readlink("/proc/\(pty.pid)/fd/2", &target, target.count - 1)
        let path = String(decoding: target.prefix(max(count, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(count > 0 && path == "/dev/null", "descriptor 2: \(path)")
        let info = readText(atPath: "/proc/\(pty.pid)/fdinfo/2") ?? ""
        let flags = info.split(separator: "\n").first { $0.hasPrefix("flags:") }.flatMap {
            Int32(String($0.dropFirst("flags:".count).filter { !$0.isWhitespace }), radix: 8)
        }
        #expect(flags.map { $0 & O_ACCMODE } == O_WRONLY, "fdinfo: \(info)")
        pty.send([0x04])  // the end of input: its error line goes to descriptor 2, so nowhere
        #expect(try await pty.waitForExit(timeout: 30) == 2)
        #expect(!String(decoding: pty.output, as: UTF8.self).contains("input ended"))
    }

    @Test("the signed-in line still reaches a writable standard output with exit 0")
    func writableOutput() async {
        let result = await signIn(redirecting: "")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "signed in: demo (session 30 min, not remembered)\n")
    }
}
