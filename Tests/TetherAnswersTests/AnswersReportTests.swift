#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TetherAnswers
import TetherReactive
import TetherTesting
import TetherUI

@MainActor
@Suite("Answers applied to a form")
struct AnswersReportTests {
    @Test(
        "answers reach the widgets as a person's edits: a choice by title ignoring case, by number or by the one title holding it"
    )
    func applied() throws {
        let signUp = SignUp()
        let pilot = try Pilot(root: signUp.form, size: Size(width: 60, height: 16))
        let answers = signUp.answers(
            ["--name", "Ada", "--email", "ada@example.com", "--plan", "PRO", "--extras", "2, audit", "--newsletter"],
            environment: ["SIGNUP_PASSWORD": "correct horse", "SIGNUP_PORT": "9000"])
        let report = answers.apply(to: signUp.form)
        #expect(report.isComplete, "\(report.failureMessage ?? "")")
        #expect(signUp.plan.value == .pro)
        #expect(signUp.value("extras") == "Support, Audit log")
        #expect(signUp.value("newsletter") == "yes")
        #expect(signUp.value("port") == "9000")
        #expect(signUp.form.field(forKey: "name")?.isAnsweredFromOutside == true)
        // Reached as edits (the model heard them), then taken as where the form starts.
        #expect(signUp.form.field(forKey: "port")?.isDirty == false)
        _ = pilot
    }

    @Test("without answers every required field is missing, and one message lists each with its option and variable")
    func missingListed() {
        let signUp = SignUp()
        let report = signUp.answers().apply(to: signUp.form)
        #expect(!report.isComplete)
        #expect(
            report.failureMessage == """
                3 answers are missing or invalid:
                - Name is missing: give --name VALUE or set SIGNUP_NAME.
                - Email is missing: give --email VALUE or set SIGNUP_EMAIL.
                - Password is missing: set SIGNUP_PASSWORD or give --password-file FILE.
                """)
    }

    @Test(
        "a refused value is listed with its rule's message and where it came from; a field hidden by a condition is not asked"
    )
    func invalidListed() {
        let signUp = SignUp()
        let report = signUp.answers(
            ["--name", "Ada", "--email", "not-an-email", "--port", "99999", "--plan", "Platinum"],
            environment: ["SIGNUP_PASSWORD": "short"]
        ).apply(to: signUp.form)
        let message = report.failureMessage ?? ""
        #expect(message.hasPrefix("4 answers are missing or invalid:"), "\(message)")
        #expect(message.contains("- Email: ") && message.contains("(from the option --email)"), "\(message)")
        #expect(message.contains("- Password: ") && message.contains("(from the environment variable SIGNUP_PASSWORD)"))
        #expect(message.contains("- Port: ") && message.contains("(from the option --port)"), "\(message)")
        #expect(message.contains("- Plan: ") && message.contains("“Platinum” is not one of the options"), "\(message)")
        #expect(!message.contains("short"))
        #expect(!message.contains("Company"))
        #expect(report.entries.first { $0.key == "company" }?.state == .notAsked)
    }

    @Test("a field shown by an earlier answer is asked: choosing Team makes Company required")
    func conditionalField() {
        let signUp = SignUp()
        let report = signUp.answers(
            ["--name", "Ada", "--email", "a@example.com", "--plan", "team"],
            environment: ["SIGNUP_PASSWORD": "long enough"]
        ).apply(to: signUp.form)
        #expect(report.needingAnswers.map(\.key) == ["company"])
    }

    @Test("--explain's text gives every field's value and origin, hides the secret, and says what would be asked")
    func explanation() {
        let signUp = SignUp()
        let report = signUp.answers(["--name", "Ada"], environment: ["SIGNUP_PASSWORD": "correct horse"])
            .apply(to: signUp.form)
        let lines = report.explanation.split(separator: "\n").map(String.init)
        #expect(lines.first { $0.hasPrefix("Name") }?.hasSuffix("the option --name") == true, "\(lines)")
        #expect(lines.first { $0.hasPrefix("Password") }?.contains("(hidden)") == true)
        #expect(lines.first { $0.hasPrefix("Password") }?.hasSuffix("the environment variable SIGNUP_PASSWORD") == true)
        #expect(lines.first { $0.hasPrefix("Port") }?.contains("8080") == true)
        #expect(lines.last == "Would be asked: Email.")
        #expect(!report.explanation.contains("correct horse"))
    }

    @Test("the help lists every field's option and variable, required and secret, its choices and current value")
    func help() {
        let signUp = SignUp()
        let help = signUp.names.help(for: signUp.form)
        #expect(help.contains("  --name VALUE, SIGNUP_NAME  (required)"))
        #expect(help.contains("      Email. Enter an email address like name@example.com."), "\(help)")
        #expect(help.contains("      Password. Enter at least 8 characters. Never taken"), "\(help)")
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 78 }, "\(help)")
        #expect(help.contains("  --password-file FILE, SIGNUP_PASSWORD  (required, secret)"))
        #expect(help.contains("  --newsletter, --no-newsletter, SIGNUP_NEWSLETTER"))
        #expect(help.contains("Choices: Free, Pro, Team."))
        #expect(help.contains("Port. Enter a whole number") && help.contains("Now: 8080."), "\(help)")
    }

    @Test("a draft does not override an answer given from outside: an option beats recorded answers")
    func draftDoesNotOverride() throws {
        let path = "/tmp/tether-answers-draft-\(getpid()).json"
        defer { unlink(path) }
        do {
            let first = SignUp()
            first.form.keepDrafts(at: path, debounce: .zero)
            let pilot = try Pilot(root: first.form, size: Size(width: 60, height: 16))
            pilot.type("Drafted")
            pilot.press(.tab)
            pilot.type("drafted@example.com")
        }
        let signUp = SignUp()
        signUp.form.keepDrafts(at: path)
        signUp.answers(["--name", "Given"]).apply(to: signUp.form)
        signUp.form.drafts?.resume()
        #expect(signUp.value("name") == "Given")
        #expect(signUp.value("email") == "drafted@example.com")
    }
}
