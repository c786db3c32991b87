#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// onboarding-example's `--record FILE` and its replay with `--answers FILE`, and answers
/// files in YAML: without a terminal and in tmux.
@Suite("onboarding-example records and replays its answers", .serialized)
struct OnboardingRecordTests {
    typealias Answers = OnboardingAnswersTests
    static var binary: String { OnboardingEndToEndTests.binary }

    /// The example without a controlling terminal, standard input `/dev/null`.
    func unattended(_ arguments: [String], environment: [String] = []) async -> ProcessResult {
        await OnboardingAnswersTests().unattended(arguments, environment: environment)
    }

    func text(_ path: String) -> String { readText(atPath: path) ?? "" }

    @Test(
        "a record and the secrets from the environment reproduce the run; without the secrets they are listed missing")
    func recordThenReplay() async {
        let path = "/tmp/tether-onboarding-record-\(getpid()).yaml"
        defer { unlink(path) }
        let first = await unattended(
            Answers.options + ["--notes", "one \"two\"", "--record", path], environment: Answers.secrets)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(first.stderr.contains("answers recorded in \(path) without Password and Confirm"), "\(first.stderr)")
        let record = text(path)
        #expect(record.contains("\neditor: \"Helix\"\n") && record.contains("# password: left out"), "\(record)")
        for output in [record, first.stdout, first.stderr] { #expect(!output.contains(Answers.password)) }

        let replay = await unattended(["--answers", path], environment: Answers.secrets)
        #expect(replay.status == 0, "stderr: \(replay.stderr)")
        #expect(replay.stdout == first.stdout)

        let withoutSecrets = await unattended(["--answers", path])
        #expect(withoutSecrets.status == 2)
        #expect(
            withoutSecrets.stderr.contains("Password") && withoutSecrets.stderr.contains("ONBOARDING_CONFIRM"),
            "\(withoutSecrets.stderr)")
    }

    @Test("answers a person types in the accessible presentation are recorded once saved")
    func personsAnswersRecorded() async throws {
        let path = "/tmp/tether-onboarding-typed-\(getpid()).yaml"
        defer { unlink(path) }
        let command =
            (["env"] + Answers.secrets + [Self.binary, "--draft", "-", "--accessible", "--record", path]
            + Answers.options.prefix(6)).map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(command: "\(command) > out; echo $? > status; exec sleep 600")
        defer { tmux.kill() }
        try await tmux.waitForText("Editor (required", timeout: .seconds(30))
        tmux.type("helix")
        tmux.press("Enter")
        try await tmux.waitForText("Save? [Y/n]")
        tmux.press("Enter")
        #expect(try await tmux.waitForFile("status", timeout: .seconds(30)) == "0\n")
        let record = text(path)
        #expect(record.contains("\nname: \"Ada\"\n") && record.contains("\neditor: \"Helix\"\n"), "\(record)")
        #expect(!record.contains(Answers.password))
    }

    @Test("a YAML answers file answers the form; one that does not parse is named with its line")
    func yamlAnswersFile() async {
        let path = "/tmp/tether-onboarding-answers-\(getpid()).yml"
        defer { unlink(path) }
        let file = fopen(path, "w")
        fputs("name: Ada\nemail: ada@example.com\nhandle: lovelace\neditor: vim\nlanguages:\n  - Go\n", file)
        fputs("use-proxy: false\ncores: 4\n", file)
        fclose(file)
        let result = await unattended(["--answers", path], environment: Answers.secrets)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("\"editor\": \"Vim\"") && result.stdout.contains("\"languages\": [\"Go\"]"))
        let broken = fopen(path, "w")
        fputs("name: Ada\nemail: [one\nhandle: x: y\n", broken)
        fclose(broken)
        let refused = await unattended(["--answers", path])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains("\(path): not YAML: ") && refused.stderr.contains("line 3"), "\(refused.stderr)")
    }

    @Test("a record named .json is refused before anything is asked")
    func recordNamedJSON() async {
        let result = await unattended(Answers.options + ["--record", "answers.json"], environment: Answers.secrets)
        #expect(result.status == 2)
        #expect(result.stderr.contains("answers.json: a record is YAML"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a password given by file is in no process's command line, no record, no output and no screen")
    func passwordNowhere() async throws {
        let secret = "/tmp/tether-onboarding-secret-\(getpid())"
        let path = "/tmp/tether-onboarding-nowhere-\(getpid()).yaml"
        defer {
            unlink(secret)
            unlink(path)
        }
        let file = fopen(secret, "w")
        fputs(Answers.password + "\n", file)
        fclose(file)
        chmod(secret, 0o600)
        let command =
            ([
                Self.binary, "--draft", "-", "--accessible", "--record", path, "--password-file", secret,
                "--confirm-file", secret,
            ] + Answers.options.prefix(6)).map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(command: "\(command) > out 2> err; echo $? > status; exec sleep 600")
        defer { tmux.kill() }
        try await tmux.waitForText("Editor (required", timeout: .seconds(30))
        let pids = await ProcessRunner.run(["pgrep", "-f", "--", "--record \(path)"]).stdout.split(separator: "\n")
        #expect(!pids.isEmpty, "the running example was not found")
        for pid in pids {
            let commandLine = readBytes(atPath: "/proc/\(pid)/cmdline") ?? []
            #expect(!String(decoding: commandLine, as: UTF8.self).contains(Answers.password))
        }
        tmux.type("helix")
        tmux.press("Enter")
        try await tmux.waitForText("Save? [Y/n]")
        tmux.press("Enter")
        #expect(try await tmux.waitForFile("status", timeout: .seconds(30)) == "0\n")
        for text in [text(path), tmux.file("out") ?? "", tmux.file("err") ?? ""] + tmux.capturedScreens {
            #expect(!text.contains(Answers.password))
        }
        #expect(text(path).contains("# password: left out"))
    }
}
