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
