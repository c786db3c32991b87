#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOSSH
import TerminalHarness
import Testing
import TetherSSH

/// `ssh host -- ARGS` and `ssh -T host` with a program per session: the program runs
/// without a terminal, on the client's standard input, output and error, with the command's
/// words as its arguments (here a shell script, as a form's program answered from outside).
@Suite("Commands over SSH", .serialized, .processWide)
@MainActor
struct CommandOverSSHTests {
    /// Prints its arguments one a line, then whether it has a terminal; reads a line, then the
    /// rest of its input to its end (the client's end of input must reach it), and says them on
    /// standard error; exits 3.
    static let script = """
        for word in "$@"; do printf '[%s]\\n' "$word"; done
        if [ -t 0 ] || [ -t 1 ]; then echo 'a terminal'; else echo 'no terminal'; fi
        printf 'user=%s term=%s\\n' "$TETHER_SSH_USER" "${TERM-none}"
        IFS= read -r line
        rest=$(cat)
        printf 'read %s, then %s more\\n' "$line" "${#rest}" >&2
        exit 3
        """

    static func serve(acceptsCommandWords: Bool = true) async throws -> SSHFixture {
        let program = SSHServer.SessionProgram(
            path: "/bin/sh", arguments: ["-c", script, "form"], environment: ["PATH": "/usr/bin:/bin"],
            acceptsCommandWords: acceptsCommandWords)
        let fixture = try await SSHFixture(program: program)
        try await fixture.server.start()
        return fixture
    }

    /// A file holding `text`, for a client's standard input.
    static func input(_ text: String, in fixture: SSHFixture) throws -> String {
        let path = fixture.directory + "/input"
        guard writeText(text, toPath: path) else { throw HarnessError("cannot write \(path)") }
        return path
    }

    @Test(
        "a command's words, quoted for the server as for sh, are the program's arguments; its output, error and status are the client's"
    )
    func commandRunsOnPipes() async throws {
        let fixture = try await Self.serve()
        let stdin = try Self.input("hello from a pipe\nand more\n", in: fixture)
        let words = ["--", "--name", "'Ada Lovelace'", "it\\'s", "'$HOME; rm -rf /'"]
        let result = await SSHServerTests.run(fixture.sshArguments(user: "ada") + words, stdin: stdin)
        #expect(result.status == 3, "stderr: \(result.stderr)")
        #expect(
            result.stdout
                == "[--name]\n[Ada Lovelace]\n[it's]\n[$HOME; rm -rf /]\nno terminal\nuser=ada term=none\n")
        #expect(result.stderr == "read hello from a pipe, then 8 more\n")
        await fixture.stop()
    }

    @Test("a command's standard error is not read while the client does not read, so the server holds no backlog")
    func errorFollowsTheClient() async throws {
        let done = "/tmp/tether-ssh-stderr-\(getpid())"
        unlink(done)
        defer { unlink(done) }
        // 20 MB on standard error: ten times the channel's window and far over its buffer's marks.
        let program = SSHServer.SessionProgram(
            path: "/bin/sh", arguments: ["-c", "head -c 20000000 /dev/zero >&2; : > \(done)"],
            environment: ["PATH": "/usr/bin:/bin"])
        let fixture = try await SSHFixture(authentication: { _ in .anonymous }, program: program)
        try await fixture.server.start()
        let client = try await RawSSHClient.connect(port: fixture.server.port)
        let channel = try await client.open()
        try await channel.channel.setOption(ChannelOptions.autoRead, value: false).get()
        channel.send(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        try await Task.sleep(for: .seconds(2))
        #expect(access(done, F_OK) != 0, "the server read all of standard error while the client read none")
        try await channel.channel.setOption(ChannelOptions.autoRead, value: true).get()
        channel.channel.read()
        try await channel.waitUntil("all of standard error") { $0.bytes.count == 20_000_000 }
        #expect(access(done, F_OK) == 0)
        await client.close()
        await fixture.stop()
    }

    @Test("ssh -T runs the program without arguments and without a terminal, reading the client's standard input")
    func shellWithoutTerminal() async throws {
        let fixture = try await Self.serve()
        let stdin = try Self.input("piped answer\n", in: fixture)
        let result = await SSHServerTests.run(fixture.sshArguments(user: "grace", ["-T"]), stdin: stdin)
        #expect(result.status == 3, "stderr: \(result.stderr)")
        #expect(result.stdout == "no terminal\nuser=grace term=none\n")
        #expect(result.stderr == "read piped answer, then 0 more\n")
        await fixture.stop()
    }

    @Test("a command with a quote never closed is refused with exit status 2, saying what to do, and nothing runs")
    func unclosedQuoteRefused() async throws {
        let fixture = try await Self.serve()
        let result = await SSHServerTests.run(fixture.sshArguments() + ["--", "--name", "'Ada"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("The command has a ' (single quote) that is never closed: close it."))
        #expect(result.stdout.isEmpty)
        await fixture.stop()
    }

    @Test("by default a command's words are refused with exit status 2 and what to do instead; nothing runs")
    func wordsRefusedByDefault() async throws {
        let fixture = try await Self.serve(acceptsCommandWords: false)
        let result = await SSHServerTests.run(fixture.sshArguments() + ["--", "--answers", "/etc/passwd"])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("This server takes no command: connect with ssh -T and answer on standard input"))
        #expect(result.stdout.isEmpty)
        await fixture.stop()
    }

    @Test(
        "a program that ends unread while its client still sends ends that session only; the server, ignoring SIGPIPE, serves on"
    )
    func writeToEndedProgram() async throws {
        let program = SSHServer.SessionProgram(path: "/bin/sh", arguments: ["-c", "echo gone"])
        let fixture = try await SSHFixture(program: program)
        try await fixture.server.start()
        // The disposition as it is: set it to itself and read the old one back.
        let disposition = signal(SIGPIPE, SIG_IGN)
        signal(SIGPIPE, disposition)
        #expect(disposition.map { unsafeBitCast($0, to: Int.self) } == unsafeBitCast(SIG_IGN, to: Int.self))
        // 8 MB for a program that reads none of it: the server's writes meet a closed pipe.
        let stdin = try Self.input(String(repeating: "x", count: 8_000_000), in: fixture)
        let first = await SSHServerTests.run(fixture.sshArguments(["-T"]), stdin: stdin)
        #expect(first.stdout == "gone\n", "stderr: \(first.stderr)")
        let second = await SSHServerTests.run(fixture.sshArguments(["-T"]))
        #expect(second.status == 0 && second.stdout == "gone\n", "the server stopped serving")
        await fixture.stop()
    }
}
