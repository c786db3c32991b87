import Testing
import TetherAnswers
import TetherReactive
import TetherTesting
import TetherUI

@MainActor
@Suite("A form answered in part, in each presentation")
struct AnswersPresentationTests {
    @Test("full screen: the first step, answered, is passed over and focus starts at the first field still to answer")
    func fullScreenFocus() throws {
        let signUp = SignUp()
        let pilot = try Pilot(root: signUp.form, size: Size(width: 60, height: 16))
        let report = signUp.answers(
            ["--name", "Ada", "--email", "ada@example.com", "--plan", "team"],
            environment: ["SIGNUP_PASSWORD": "correct horse"]
        ).apply(to: signUp.form)
        let focused = report.focusFirstToAnswer(in: signUp.form)
        #expect(focused?.key == "company")
        pilot.advance(by: .zero)
        #expect(pilot.screen.contains("Step 2 of 2: Plan"), "\(pilot.screen)")
        pilot.type("Analytical")
        #expect(signUp.value("company") == "Analytical")
    }

    /// A form in two steps whose handle (step 1) has an asynchronous check refusing `ada`,
    /// and a required city on step 2.
    private static func handleForm() -> Form {
        Form {
            Step("Account") {
                Field("Handle", key: "handle", TextField()).required()
                    .validate(
                        AsyncValidator<String>(checking: "Checking the handle…") {
                            $0 == "ada" ? .invalid("@ada is taken") : .valid
                        })
            }
            Step("Place") {
                Field("City", key: "city", TextField()).required()
                Buttons([Button("Save")], default: nil)
            }
        }
    }

    @Test(
        "full screen: a given answer whose check has not answered is waited for at its field; refused, the form stays there"
    )
    func pendingCheckRefusedStays() async throws {
        let form = Self.handleForm()
        let pilot = try Pilot(root: form, size: Size(width: 60, height: 12))
        let report = FormAnswers(
            for: form, names: AnswerNames(environmentPrefix: "T_"), arguments: ["--handle", "ada"], environment: [:]
        )
        .apply(to: form)
        #expect(report.focusFirstToAnswer(in: form)?.key == "handle")
        pilot.advance(by: .seconds(1))
        await pilot.settle()
        #expect(pilot.screen.contains("Step 1 of 2: Account"), "\(pilot.screen)")
        #expect(pilot.screen.contains("@ada is taken"), "\(pilot.screen)")
        #expect(pilot.focusedWidget === form.field(forKey: "handle")?.widget)
    }

    @Test(
        "full screen: a given answer whose check accepts is passed over once it answers, to the first field to answer")
    func pendingCheckAcceptedMovesOn() async throws {
        let form = Self.handleForm()
        let pilot = try Pilot(root: form, size: Size(width: 60, height: 12))
        let report = FormAnswers(
            for: form, names: AnswerNames(environmentPrefix: "T_"), arguments: ["--handle", "bob"], environment: [:]
        )
        .apply(to: form)
        #expect(report.focusFirstToAnswer(in: form)?.key == "handle")
        pilot.advance(by: .seconds(1))
        await pilot.settle()
        #expect(pilot.screen.contains("Step 2 of 2: Place"), "\(pilot.screen)")
        #expect(pilot.focusedWidget === form.field(forKey: "city")?.widget)
    }

    @Test("an answer given from outside is where the form starts: leaving before any edit asks nothing")
    func givenAnswerIsNotAChange() throws {
        let signUp = SignUp()
        let pilot = try Pilot(root: signUp.form, size: Size(width: 60, height: 16))
        signUp.answers(["--name", "Ann", "--plan", "team"]).apply(to: signUp.form)
        #expect(!signUp.form.isDirty)
        var left = 0
        signUp.form.confirmDiscard { left += 1 }
        #expect(left == 1, "\(pilot.screen)")
        pilot.type("x")
        #expect(signUp.form.isDirty)
    }

    @Test("accessible: fields answered from outside are not asked; the first question is the first missing field")
    func accessibleAsksOnlyMissing() throws {
        let signUp = SignUp()
        var report: AnswersReport?
        let pilot = try TranscriptPilot(root: signUp.form, typed: true) { _ in
            report = signUp.answers(
                ["--name", "Ada", "--plan", "2"], environment: ["SIGNUP_PASSWORD": "correct horse"]
            )
            .apply(to: signUp.form)
        }
        #expect(report?.needingAnswers.map(\.key) == ["email"])
        #expect(pilot.lines.last?.hasPrefix("Email") == true, "\(pilot.transcript)")
        #expect(!pilot.transcript.contains("Name"))
        #expect(!pilot.transcript.contains("Password"))
    }

    @Test("accessible without a terminal: a form answered entirely from outside is submitted without a question")
    func scriptedAllGivenSubmits() async throws {
        let signUp = SignUp()
        var saved = 0
        signUp.save.rx.tap.subscribe(onNext: { saved += 1 }).disposed(by: signUp.bag)
        let pilot = try TranscriptPilot(root: signUp.form) { _ in
            let report = signUp.answers(
                [
                    "--name", "Ada", "--email", "ada@example.com", "--plan", "pro", "--extras", "backups",
                    "--no-newsletter",
                ],
                environment: ["SIGNUP_PASSWORD": "correct horse", "SIGNUP_PORT": "9000"]
            ).apply(to: signUp.form)
            #expect(report.isComplete, "\(report.failureMessage ?? "")")
        }
        await pilot.settle()
        #expect(saved == 1, "\(pilot.transcript)")
        #expect(!pilot.transcript.contains("[Y/n]"))
    }
}
