import TerminalHarness
import Testing

/// login-demo answered from outside: `--username`, `--remember`, `--session` and the
/// `LOGIN_DEMO_*` variables (the password only from its variable or a file), without a
/// terminal (`setsid -w`, standard input `/dev/null`) and in tmux.
@Suite("login-demo answered from outside", .serialized)
struct LoginDemoAnswersTests {
    static var binary: String { DemoAfterShellLines.binary }
    static let password = "tether-demo"

    /// The demo without a controlling terminal, standard input `/dev/null`, no sign-in delay.
    func unattended(_ arguments: [String], environment: [String] = []) async -> ProcessResult {
        await ProcessRunner.run(
            ["setsid", "-w", Self.binary, "--delay", "0"] + arguments,
            environment: ProcessRunner.testEnvironment() + environment)
    }

    @Test("without a terminal, an option and a variable sign in: the outcome printed, nothing asked, status 0")
    func unattendedSignIn() async {
        let result = await unattended(
            ["--username", "demo", "--remember", "--session", "60"],
            environment: ["LOGIN_DEMO_PASSWORD=\(Self.password)"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "signed in: demo (session 60 min, remembered)\n", "\(result.stdout)")
        #expect(!result.stderr.contains("Username (") && !result.stdout.contains(Self.password))
        #expect(!result.stderr.contains(Self.password))
    }

    @Test("without a terminal, a missing password ends the run with status 2 naming its variable and file option")
    func unattendedMissingPassword() async {
        let result = await unattended(["--username", "demo"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Password") && result.stderr.contains("LOGIN_DEMO_PASSWORD"), "\(result.stderr)")
        #expect(result.stderr.contains("--password-file FILE"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a password on the command line is refused, never echoed, and the safe ways are named")
    func passwordOnTheCommandLine() async {
        let result = await unattended(["--username", "demo", "--password", "hunter2-on-the-line"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--password: Password is secret"), "\(result.stderr)")
        #expect(!result.stderr.contains("hunter2-on-the-line") && !result.stdout.contains("hunter2-on-the-line"))
    }

    @Test("--explain lists each field, its value and where it came from, and runs nothing")
    func explain() async {
        let result = await unattended(["--explain", "--username", "demo"], environment: ["LOGIN_DEMO_SESSION=90"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first { $0.hasPrefix("Username") }?.hasSuffix("the option --username") == true, "\(lines)")
        #expect(
            lines.first { $0.hasPrefix("Session") }?.contains("the environment variable LOGIN_DEMO_SESSION") == true,
            "\(lines)")
        #expect(lines.last == "Would be asked: Password.", "\(lines)")
    }

    @Test("--help lists the form's options and variables, and no answers file the demo does not take")
    func help() async {
        let result = await unattended(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("FORM ANSWERS (an option beats LOGIN_DEMO_*; what none gives is asked):"))
        #expect(result.stdout.contains("--remember, --no-remember, LOGIN_DEMO_REMEMBER"), "\(result.stdout)")
        #expect(result.stdout.contains("--password-file FILE, LOGIN_DEMO_PASSWORD  (secret)"))
        #expect(
            result.stdout.contains("Session. A number from 5 to 120 in steps of 5. Now: 30 min."), "\(result.stdout)")
        #expect(result.stdout.contains("Password. At least 8 characters. Never taken"), "\(result.stdout)")
    }

    @Test("with a terminal, the username given fills the form and focus starts at the password")
    func terminalStartsAtThePassword() async throws {
        let command = [Self.binary, "--delay", "0", "--username", "demo"].map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(command: "\(command) > out; echo $? > status; exec sleep 600")
        defer { tmux.kill() }
        let lines = try await tmux.waitForText("Username", timeout: .seconds(30))
        #expect(lines.contains { $0.contains("Username  demo") }, "\(lines)")
        tmux.type(Self.password)
        tmux.press("Enter")
        try await tmux.waitForText("Signed in as demo", timeout: .seconds(15))
        tmux.type("q")
        #expect(try await tmux.waitForFile("status", timeout: .seconds(30)) == "0\n")
        #expect(tmux.file("out") == "signed in: demo (session 30 min, not remembered)\n")
    }
}
