import TerminalHarness
import Testing

/// `login-demo --serve`: the login form served over SSH by the built binary, signed in to
/// with OpenSSH's `ssh`, both in tmux, and stopped with Ctrl-C in the server's terminal.
@Suite("login-demo --serve in tmux", .serialized)
struct LoginDemoServeEndToEndTests {
    static var binary: String { buildProductsDirectory() + "/login-demo" }

    /// `login-demo --serve` in tmux with a new key, then `extra` options; returns its pane and
    /// the `ssh` command line (its `sshOptions` first) that signs in to it as ada.
    static func startServer(_ extra: [String] = [], ssh sshOptions: [String] = []) async throws -> (TmuxSession, String)
    {
        // bash, as a person's shell: Ctrl-C reaches the server, which handles it, and bash goes
        // on (dash, the harness's shell, would die of it too).
        let script =
            "ssh-keygen -q -t ed25519 -N '' -f id && "
            + "\(shellQuoted(Self.binary)) --serve 127.0.0.1:0 --host-key host-key --authorized-keys id.pub "
            + "\(extra.map(shellQuoted).joined(separator: " ")) --delay 0.05; echo $? > status; exec sleep 600"
        let server = try TmuxSession(command: "exec bash -c \(shellQuoted(script))", width: 100, height: 12)
        let lines = try await server.waitForText("try: ssh -p")
        let line = try #require(lines.first { $0.contains("try: ssh -p") })
        let port = try #require(line.split(separator: " ").drop { $0 != "-p" }.dropFirst().first.flatMap { Int($0) })
        let ssh =
            ["ssh"] + sshOptions + [
                "-p", "\(port)", "-i", server.path("id"), "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no",
                "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "BatchMode=yes", "ada@127.0.0.1",
            ]
        return (server, ssh.map(shellQuoted).joined(separator: " "))
    }

    @Test(
        "a person signs in over ssh, is told the outcome after the form, and Ctrl-C stops the server telling the others"
    )
    func signInOverSSH() async throws {
        let (server, ssh) = try await Self.startServer()
        #expect(server.screen.contains("made a new host key in host-key"))
        let person = try TmuxSession(command: "\(ssh); echo $? > status; exec sleep 600")
        let waiting = try TmuxSession(command: "\(ssh); echo $? > status; exec sleep 600")
        try await person.waitForText("Username")
        try await waiting.waitForText("Username")
        person.type("demo")
        person.press("Tab")
        person.type("tether-demo")
        person.press("Enter")
        try await person.waitForText("Signed in as demo")
        person.press("x")
        #expect(try await person.waitForFile("status") == "0\n")
        #expect(person.screen.contains("✔ Signed in as demo"))
        #expect(!person.screen.contains("tether-demo"), "the password reached the screen")
        server.press("C-c")
        #expect(try await waiting.waitForFile("status") == "1\n")
        #expect(waiting.screen.contains("The server is shutting down."))
        #expect(try await server.waitForFile("status") == "0\n")
        let log = server.screen
        #expect(log.contains("session ended") && log.contains("reason=quit"))
        #expect(!log.contains("tether-demo"), "the password reached the log")
    }

    /// Signs in as demo with answers piped into `ssh` (`-T`): the outcome alone on standard
    /// output, the questions on standard error, a secret's question saying the client's own
    /// terminal would show its typing, the password nowhere; then a command with words is
    /// refused (login-demo has options that name files on the server).
    static func signInWithPipedAnswers(_ ssh: String) async {
        let result = await ProcessRunner.run(["sh", "-c", "printf 'demo\\ntether-demo\\n\\n\\n\\n' | \(ssh)"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "signed in: demo (session 30 min, not remembered)\n")
        #expect(result.stderr.contains("Username (hint: your name): demo\n"), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "Password (hint: 8+ characters; typing shows on your screen: connect with ssh -t to hide it): "),
            "\(result.stderr)")
        #expect(!result.stderr.contains("tether-demo") && !result.stdout.contains("tether-demo"))
        let refused = await ProcessRunner.run(["sh", "-c", "\(ssh) -- --answers /etc/passwd < /dev/null"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("This server takes no command"))
    }

    @Test(
        "with a process per session, answers piped into ssh -T sign in: the outcome alone on stdout, the password nowhere"
    )
    func pipedAnswersOverSSH() async throws {
        let (server, ssh) = try await Self.startServer(["--process-per-session"], ssh: ["-T"])
        await Self.signInWithPipedAnswers(ssh)
        server.press("C-c")
        #expect(try await server.waitForFile("status") == "0\n")
        #expect(!server.screen.contains("tether-demo"), "the password reached the log")
    }

    @Test(
        "in the server's own process, answers piped into ssh -T sign in: the outcome alone on stdout, the password nowhere"
    )
    func pipedAnswersInProcess() async throws {
        let (server, ssh) = try await Self.startServer(ssh: ["-T"])
        await Self.signInWithPipedAnswers(ssh)
        // A wrong password, then the end of input: status 2, and the question left named.
        let wrong = await ProcessRunner.run(["sh", "-c", "printf 'demo\\nwrong-password\\n\\n\\n\\n' | \(ssh)"])
        #expect(wrong.status == 2, "stderr: \(wrong.stderr)")
        #expect(wrong.stderr.contains("input ended before the form was complete"), "\(wrong.stderr)")
        #expect(wrong.stdout.isEmpty)
        server.press("C-c")
        #expect(try await server.waitForFile("status") == "0\n")
        #expect(!server.screen.contains("tether-demo"), "the password reached the log")
        #expect(!server.screen.contains("wrong-password"), "a typed answer reached the log")
    }

    @Test("--serve without keys says how to give them, and a bad address says what it takes")
    func serveErrors() async throws {
        let noKeys = try TmuxSession.running([Self.binary, "--serve", "0"])
        #expect(try await noKeys.waitForFile("status") == "2\n")
        #expect(noKeys.file("err")?.contains("give --authorized-keys FILE") == true)
        let badAddress = try TmuxSession.running([Self.binary, "--serve", "localhost:http", "--anonymous"])
        #expect(try await badAddress.waitForFile("status") == "2\n")
        #expect(badAddress.file("err")?.contains("--serve takes PORT or HOST:PORT") == true)
    }
}
