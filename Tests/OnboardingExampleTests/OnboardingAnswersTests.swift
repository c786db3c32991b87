#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// onboarding-example answered from outside: options, `ONBOARDING_*` variables and an answers
/// file, without a terminal (`setsid -w`, standard input `/dev/null`) and in tmux.
@Suite("onboarding-example answered from outside", .serialized)
struct OnboardingAnswersTests {
    static var binary: String { OnboardingEndToEndTests.binary }
    static let password = "correct-horse-battery"
    /// Every required answer as options, but the password.
    static let options = [
        "--name", "Ada", "--email", "ada@example.com", "--handle", "lovelace", "--editor", "helix",
        "--languages", "swift,rust", "--no-use-proxy", "--cores", "16",
    ]
    static let secrets = ["ONBOARDING_PASSWORD=\(password)", "ONBOARDING_CONFIRM=\(password)"]

    /// The example without a controlling terminal, standard input `/dev/null`.
    func unattended(_ arguments: [String], environment: [String] = []) async -> ProcessResult {
        await ProcessRunner.run(
            ["setsid", "-w", Self.binary, "--draft", "-"] + arguments,
            environment: ProcessRunner.testEnvironment() + environment)
    }

    @Test("without a terminal, options and variables answer the whole form: saved, the JSON printed, nothing asked")
    func unattendedComplete() async {
        let result = await unattended(Self.options, environment: Self.secrets)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasPrefix("{\"name\": \"Ada\", \"email\": \"ada@example.com\", \"handle\": \"lovelace\""))
        #expect(result.stdout.contains("\"editor\": \"Helix\""), "\(result.stdout)")
        #expect(result.stdout.contains("\"languages\": [\"Swift\", \"Rust\"]"), "\(result.stdout)")
        #expect(result.stdout.contains("\"cores\": 16"), "\(result.stdout)")
        #expect(!result.stderr.contains("[Y/n]") && !result.stderr.contains("Name"), "\(result.stderr)")
        #expect(!result.stdout.contains(Self.password) && !result.stderr.contains(Self.password))
    }

    @Test("without a terminal, what is missing or refused ends the run with status 2 and one message naming each")
    func unattendedIncomplete() async {
        let result = await unattended(["--name", "Ada", "--cores", "500", "--email", "not-an-email"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix("onboarding-example: ") == true
                && lines.first?.contains("answers are missing or invalid") == true, "\(result.stderr)")
        #expect(lines.contains("- Handle is missing: give --handle VALUE or set ONBOARDING_HANDLE."), "\(lines)")
        #expect(lines.contains("- Password is missing: set ONBOARDING_PASSWORD or give --password-file FILE."))
        #expect(lines.contains { $0.hasPrefix("- Cores: ") && $0.hasSuffix("(from the option --cores)") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("- Email: ") && $0.hasSuffix("(from the option --email)") }, "\(lines)")
    }

    @Test("a password on the command line is refused with the safe ways, status 2, and it appears in no output")
    func passwordOnCommandLine() async {
        let result = await unattended(Self.options + ["--password", Self.password])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Password is secret and is never taken from the command line"))
        #expect(result.stderr.contains("set ONBOARDING_PASSWORD, or give --password-file FILE"))
        #expect(!result.stdout.contains(Self.password) && !result.stderr.contains(Self.password))
    }

    @Test("the password from a file only its owner reads, or from standard input, answers it")
    func passwordFromFile() async {
        let path = "/tmp/tether-onboarding-password-\(getpid())"
        unlink(path)
        defer { unlink(path) }
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        var bytes = Array("\(Self.password)\n".utf8)
        _ = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let result = await unattended(
            Self.options + ["--password-file", path, "--confirm-file", path], environment: [])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        chmod(path, 0o644)
        let shared = await unattended(Self.options + ["--password-file", path], environment: ["ONBOARDING_CONFIRM=x"])
        #expect(shared.status == 2)
        #expect(shared.stderr.contains("can be read by other users (mode 644); make it yours alone: chmod 600 \(path)"))
    }

    @Test("an answers file answers by key, an option beats it, and a file that does not parse is named with its line")
    func answersFile() async {
        let path = "/tmp/tether-onboarding-answers-\(getpid()).json"
        defer { unlink(path) }
        let file = fopen(path, "w")
        fputs(#"{"name": "From File", "email": "file@example.com", "handle": "lovelace", "editor": "vim", "#, file)
        fputs(#""languages": ["Go"], "use-proxy": false, "cores": 4}"#, file)
        fclose(file)
        let result = await unattended(["--answers", path, "--name", "Ada"], environment: Self.secrets)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasPrefix("{\"name\": \"Ada\", \"email\": \"file@example.com\""), "\(result.stdout)")
        #expect(result.stdout.contains("\"editor\": \"Vim\"") && result.stdout.contains("\"cores\": 4"))
        let broken = fopen(path, "w")
        fputs("{\n\"name\": \"Ada\",\n  oops\n}\n", broken)
        fclose(broken)
        let refused = await unattended(["--answers", path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(path): ") && refused.stderr.contains("line 3"), "\(refused.stderr)")
    }

    @Test("--explain lists each value and where it came from, hides the password, and runs nothing")
    func explain() async {
        let result = await unattended(
            ["--explain", "--name", "Ada"], environment: ["ONBOARDING_PASSWORD=\(Self.password)"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first { $0.hasPrefix("Name") }?.hasSuffix("the option --name") == true, "\(lines)")
        #expect(lines.first { $0.hasPrefix("Password") }?.contains("(hidden)") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("Would be asked: Email, Handle, Confirm") == true, "\(lines)")
        #expect(!result.stdout.contains(Self.password))
    }

    @Test("--help lists the form's options and variables beside the app's own")
    func help() async {
        let result = await unattended(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--answers <file>"))
        #expect(result.stdout.contains("--email VALUE, ONBOARDING_EMAIL  (required)"), "\(result.stdout)")
        #expect(result.stdout.contains("--password-file FILE, ONBOARDING_PASSWORD  (required, secret)"))
    }

    @Test("with a terminal, the answers fill the form and focus starts at the first field still to answer, on its step")
    func terminalAsksOnlyMissing() async throws {
        let command =
            (["env"] + Self.secrets + [
                Self.binary, "--draft", "-", "--name", "Ada", "--email", "ada@example.com",
                "--handle", "lovelace",
            ]).map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(command: "\(command) > out 2> err; echo $? > status; exec sleep 600")
        defer { tmux.kill() }
        let lines = try await tmux.waitForText("Step 2 of 3: Machine", timeout: .seconds(30))
        #expect(lines.contains { $0.contains("Editor") }, "\(lines)")
        tmux.type("hel")
        try await tmux.waitForText("Helix")
        tmux.press("Enter")
        let chosen = try await tmux.waitUntil("Helix chosen") { lines in
            lines.contains { $0.contains("Editor") && $0.contains("Helix") }
        }
        #expect(!chosen.contains { $0.contains("Step 1 of 3") }, "\(chosen)")
    }

    @Test("accessible with a terminal, only the fields not answered are asked, the first being the first missing")
    func accessibleAsksOnlyMissing() async throws {
        let command =
            (["env"] + Self.secrets + [Self.binary, "--draft", "-", "--accessible"] + Self.options.prefix(6))
            .map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(command: "\(command) > out; echo $? > status; exec sleep 600")
        defer { tmux.kill() }
        let lines = try await tmux.waitForText("Editor", timeout: .seconds(30))
        #expect(
            !lines.contains { $0.hasPrefix("Name") || $0.hasPrefix("Email") || $0.hasPrefix("Password") }, "\(lines)")
    }

    @Test(
        "inline with a terminal, the answers fill the form below the shell and focus starts at the first field to answer"
    )
    func inlineAsksOnlyMissing() async throws {
        let command =
            (["env"] + Self.secrets + [
                Self.binary, "--draft", "-", "--inline", "--name", "Ada", "--email", "ada@example.com",
                "--handle", "lovelace",
            ]).map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(
            command: "printf 'shell line\\n'; \(command) > out 2> err; echo $? > status; exec sleep 600")
        defer { tmux.kill() }
        let lines = try await tmux.waitForText("Step 2 of 3: Machine", timeout: .seconds(30))
        #expect(lines.first == "shell line", "\(lines)")
        #expect(!tmux.paneFlags().alternateScreen)
        tmux.type("hel")
        try await tmux.waitForText("Helix")
        tmux.press("Enter")
        _ = try await tmux.waitUntil("Helix chosen") { lines in
            lines.contains { $0.contains("Editor") && $0.contains("Helix") }
        }
    }
}
