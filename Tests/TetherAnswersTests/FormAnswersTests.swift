#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TetherAnswers
import TetherUI

@MainActor
@Suite("Answers read from options, the environment and an answers file")
struct FormAnswersTests {
    @Test("an option beats an environment variable, which beats the answers file, whatever the order they are read in")
    func precedence() {
        let signUp = SignUp()
        let file = temporaryFile(#"{"name": "From File", "email": "file@example.com", "port": 1}"#)
        defer { unlink(file) }
        let answers = signUp.answers(
            ["--name", "From Option"],
            environment: ["SIGNUP_NAME": "From Env", "SIGNUP_EMAIL": "env@example.com", "OTHER": "x"], file: file)
        #expect(answers.problems == [])
        #expect(answers.answers["name"] == .init(text: "From Option", source: .option("--name")))
        #expect(answers.answers["email"] == .init(text: "env@example.com", source: .environment("SIGNUP_EMAIL")))
        #expect(answers.answers["port"] == .init(text: "1", source: .answersFile(path: file, key: "port")))
    }

    @Test("--key=value and --key value are the same answer; a yes/no field takes --key alone and --no-key")
    func optionForms() {
        let signUp = SignUp()
        let answers = signUp.answers(["--name=Ada", "--email", "ada@example.com", "--newsletter"])
        #expect(answers.answers["name"]?.text == "Ada")
        #expect(answers.answers["email"]?.text == "ada@example.com")
        #expect(answers.answers["newsletter"]?.text == "yes")
        #expect(SignUp().answers(["--no-newsletter"]).answers["newsletter"]?.text == "no")
        #expect(SignUp().answers(["--newsletter", "--name", "A"]).answers["newsletter"]?.text == "yes")
    }

    @Test(
        "a secret on the command line is refused, naming the safe ways, and its value is taken neither as an answer nor as an argument"
    )
    func secretOnCommandLine() {
        let signUp = SignUp()
        for arguments in [
            ["--password", "hunter2-secret", "--name", "Ada"], ["--password=hunter2-secret", "--name", "Ada"],
        ] {
            let answers = signUp.answers(arguments)
            #expect(answers.answers["password"] == nil)
            #expect(answers.answers["name"]?.text == "Ada")
            #expect(answers.problems.count == 1)
            let problem = answers.problems.first ?? ""
            #expect(problem.contains("Password is secret and is never taken from the command line"))
            #expect(problem.contains("SIGNUP_PASSWORD") && problem.contains("--password-file FILE"))
            #expect(!problem.contains("hunter2"))
        }
    }

    @Test(
        "a secret file readable only by its owner gives its first line; one readable by others is refused; - reads standard input"
    )
    func secretFiles() {
        let own = temporaryFile("s3cret-from-file\n", mode: 0o600, name: "own")
        let shared = temporaryFile("s3cret-shared\n", mode: 0o644, name: "shared")
        defer { unlink(own); unlink(shared) }
        let taken = SignUp().answers(["--password-file", own])
        #expect(taken.answers["password"] == .init(text: "s3cret-from-file", source: .secretFile(path: own)))
        let refused = SignUp().answers(["--password-file=\(shared)"])
        #expect(refused.answers["password"] == nil)
        #expect(
            refused.problems == [
                "--password-file: \(shared) can be read by other users (mode 644); make it yours alone: chmod 600 \(shared)"
            ])
        let piped = SignUp().answers(["--password-file", "-"], standardInput: "from-stdin\nmore")
        #expect(piped.answers["password"] == .init(text: "from-stdin", source: .standardInput))
    }

    @Test("an unknown option and a stray argument are problems that list the form's options")
    func unknownOptions() {
        let answers = SignUp().answers(["--nmae", "Ada", "stray"])
        #expect(answers.problems.count == 3)
        #expect(
            answers.problems[0].hasPrefix("unknown option --nmae (the form's options: --name, --email, --password,"))
        #expect(answers.problems[1].hasPrefix("unexpected argument “Ada”"))
        #expect(answers.problems[2].hasPrefix("unexpected argument “stray”"))
        #expect(SignUp().answers(["--name"]).problems == ["--name needs a value: --name VALUE"])
    }

    @Test("a control character in an unknown option is shown as a visible escape, never sent to the terminal")
    func visibleEscapes() {
        let answers = SignUp().answers(["--x\u{1B}]0;pwned\u{07}"])
        #expect(answers.problems.count == 1)
        #expect(!answers.problems[0].contains("\u{1B}") && answers.problems[0].contains("^["))
    }
}
