import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A "Setup" panel around a form in three steps: Account (a name), Machine (a host, skipped
/// while `defaults` is true) and Confirm (a note and the Create button).
@MainActor
private final class SetupForm {
    let defaults = BehaviorRelay(value: false)
    let create = Button("Create")
    var created = 0
    let bag = DisposeBag()
    lazy var form = Form {
        Step("Account") { Field("Name", key: "name", TextField()) }
        Step("Machine") { Field("Host", key: "host", TextField()) }.skipped(when: defaults)
        Step("Confirm") {
            Field("Note", key: "note", TextField())
            Buttons([create], default: create)
        }
    }
    lazy var root = Panel(title: "Setup", form)

    init() {
        create.rx.tap.subscribe(onNext: { [unowned self] in self.created += 1 }).disposed(by: bag)
    }
}

@MainActor
@Suite("The accessible dialog and a form in steps")
struct AccessibleStepsTests {
    @Test("the introduction counts the steps, and each step's heading comes before its first question")
    func headingsBeforeQuestions() throws {
        let setup = SetupForm()
        let pilot = try TranscriptPilot(root: setup.root)
        pilot.answer("Ada", "box")
        #expect(
            Array(pilot.lines.prefix(8)) == [
                "Setup.", "3 steps, 3 questions; answer < to go back to the previous one.",
                "Step 1 of 3: Account.", "Name: Ada", "Step 2 of 3: Machine.", "Host: box",
                "Step 3 of 3: Confirm.", "Note: ",
            ])
    }

    @Test("going back across a step says the earlier step's heading again")
    func backAcrossStep() throws {
        let setup = SetupForm()
        let pilot = try TranscriptPilot(root: setup.root)
        pilot.answer("Ada", "<")
        #expect(pilot.lines.suffix(2) == ["Step 1 of 3: Account.", "Name [Ada]: "])
    }

    @Test("a skipped step is neither said nor asked, and the steps are numbered without it")
    func skippedStep() throws {
        let setup = SetupForm()
        setup.defaults.accept(true)
        let pilot = try TranscriptPilot(root: setup.root)
        pilot.answer("Ada")
        #expect(pilot.lines.suffix(2) == ["Step 2 of 2: Confirm.", "Note: "])
    }

    @Test("the introduction counts only the steps and questions it will ask: a skipped step and its field are left out")
    func introductionLeavesSkippedStepOut() throws {
        let setup = SetupForm()
        setup.defaults.accept(true)
        let pilot = try TranscriptPilot(root: setup.root)
        #expect(pilot.lines.prefix(2) == ["Setup.", "2 steps, 2 questions; answer < to go back to the previous one."])
        setup.defaults.accept(false)
        let again = try TranscriptPilot(root: SetupForm().root)
        #expect(again.lines.prefix(2) == ["Setup.", "3 steps, 3 questions; answer < to go back to the previous one."])
    }

    @Test("answers piped in follow the fields' order across every step, and the last step's button runs")
    func scriptedAcrossSteps() throws {
        let setup = SetupForm()
        let pilot = try TranscriptPilot(root: setup.root)
        pilot.answer("Ada", "box", "hello", "")
        #expect(setup.created == 1)
        #expect(setup.form.currentStep?.title == "Confirm")
    }
}
