import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A sign-up form: Email (required, an address), Port (1–65535), a Save button bound to
/// the form's submit command over `save`.
@MainActor
private final class SignUp {
    let form = Form()
    let email: FormField<String>
    let port: FormField<Int>
    let saveButton = Button("Save")
    var saved = 0
    lazy var save = Command<Void, Void>(body: { [unowned self] in self.saved += 1 })
    let bag = DisposeBag()

    init(asyncCheck: AsyncValidator<String>? = nil) {
        email = form.addField("Email", TextField(), key: "email").required().validate(.email())
        port = form.addField("Port", TextField(), key: "port", as: .integer(in: 0...99_999), value: 0)
        port.validate(.range(1...65_535))
        if let asyncCheck { email.validate(asyncCheck) }
        form.addButtons([saveButton], default: saveButton)
        saveButton.bind(form.submitCommand(running: save))
    }
}

@MainActor
@Suite("Form validity and submit")
struct FormValidityTests {
    @Test("the form reports its validity and its invalid fields in row order as they change")
    func formObservables() throws {
        let signUp = SignUp()
        let pilot = try Pilot(root: signUp.form, size: Size(width: 60, height: 8))
        var valid: [Bool] = []
        var invalid: [[String]] = []
        signUp.form.rx.isValid.subscribe(onNext: { valid.append($0) }).disposed(by: signUp.bag)
        signUp.form.rx.invalidFields.subscribe(onNext: { invalid.append($0.map(\.title)) }).disposed(by: signUp.bag)
        pilot.type("a@b.io\t")
        pilot.press(.end)
        pilot.press(.backspace)
        pilot.type("8080")
        #expect(valid == [false, true])
        #expect(invalid == [["Email", "Port"], ["Port"], []])
    }

    @Test("the submit button is disabled while a field is invalid")
    func submitDisabledWhileInvalid() throws {
        let signUp = SignUp()
        let pilot = try Pilot(root: signUp.form, size: Size(width: 60, height: 8))
        #expect(!signUp.saveButton.isEffectivelyEnabled)
        pilot.type("a@b.io\t")
        pilot.press(.end)
        pilot.press(.backspace)
        pilot.type("1")
        #expect(signUp.saveButton.isEffectivelyEnabled)
    }

    @Test("Enter with the submit disabled says which fields need attention and focuses the first")
    func enterExplains() throws {
        let signUp = SignUp()
        let pilot = try Pilot(root: signUp.form, size: Size(width: 60, height: 8))
        pilot.press(.tab)
        pilot.press(.enter)
        #expect(pilot.screen.contains("2 fields need attention: Email, Port"))
        #expect(pilot.screen.contains("Email is required"))
        #expect(pilot.focusedWidget === signUp.email.widget)
        #expect(signUp.saved == 0)
    }

    @Test("the form's message follows the fields as they are fixed, and goes when none is left")
    func explanationFollows() throws {
        let signUp = SignUp()
        let pilot = try Pilot(root: signUp.form, size: Size(width: 60, height: 8))
        pilot.press(.enter)
        pilot.press(.enter)
        pilot.type("a@b.io")
        #expect(pilot.screen.contains("Port needs attention"))
        pilot.press(.tab, .end, .backspace)
        pilot.type("9")
        #expect(!pilot.screen.contains("need"))
    }

    @Test("a submit while a check is pending waits for it, then saves")
    func submitWaitsForPending() async throws {
        let check = AsyncValidator<String>(debounce: .milliseconds(300)) { _ in .valid }
        let signUp = SignUp(asyncCheck: check)
        let pilot = try Pilot(root: signUp.form, size: Size(width: 60, height: 8))
        pilot.type("a@b.io\t")
        pilot.press(.end, .backspace)
        pilot.type("1\n")
        #expect(signUp.saved == 0)
        #expect(signUp.saveButton.isBusy)
        pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(signUp.saved == 1)
    }

    @Test("a submit whose pending check fails saves nothing and says why")
    func submitPendingFails() async throws {
        let check = AsyncValidator<String>(debounce: .milliseconds(300)) { _ in .invalid("That address is banned") }
        let signUp = SignUp(asyncCheck: check)
        let pilot = try Pilot(root: signUp.form, size: Size(width: 60, height: 9))
        pilot.type("a@b.io\t")
        pilot.press(.end, .backspace)
        pilot.type("1\n")
        pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(signUp.saved == 0)
        #expect(pilot.screen.contains("Email needs attention"))
        #expect(pilot.screen.contains("That address is banned"))
        #expect(pilot.focusedWidget === signUp.email.widget)
    }

    @Test("a submit whose command produced a value makes the form clean, so leaving asks nothing")
    func submitMakesClean() async throws {
        let signUp = SignUp()
        let pilot = try Pilot(root: signUp.form, size: Size(width: 60, height: 8))
        pilot.type("a@b.io\t")
        pilot.press(.end, .backspace)
        pilot.type("1")
        #expect(signUp.form.isDirty)
        pilot.press(.enter)
        await pilot.settle()
        #expect(signUp.saved == 1)
        #expect(!signUp.form.isDirty)
        var left = false
        signUp.form.confirmDiscard { left = true }
        #expect(left)
    }

    /// A form with a Name and Save bound to a submit whose command fails with "The server said no".
    @MainActor
    struct Refusing {
        struct Refusal: Error, CustomStringConvertible {
            var description: String { "The server said no" }
        }
        let form = Form()
        let name: FormField<String>
        let save = Button("Save"), cancel = Button("Cancel")
        let refuse = Command<Void, Void> { () -> Observable<Void> in .error(Refusal()) }

        init() {
            name = form.addField("Name", TextField(text: "ada"), key: "name")
            form.addButtons([save, cancel], default: save)
            save.bind(form.submitCommand(running: refuse))
        }
    }

    @Test("a submit whose command fails says its error in the form's row, focus back on Save, until a field is edited")
    func runErrorShown() throws {
        let refusing = Refusing()
        let pilot = try Pilot(root: refusing.form, size: Size(width: 60, height: 8))
        pilot.press(.tab, .enter)
        #expect(pilot.screen.contains("The server said no"))
        #expect(pilot.focusedWidget === refusing.save)
        pilot.press(.enter)
        #expect(pilot.screen.contains("The server said no"))
        pilot.press(.backTab)
        pilot.type("m")
        #expect(!pilot.screen.contains("The server said no"))
    }

    @Test("an app that says submit errors itself turns the form's off")
    func runErrorOff() throws {
        let refusing = Refusing()
        refusing.form.showsSubmitErrors = false
        let pilot = try Pilot(root: refusing.form, size: Size(width: 60, height: 8))
        pilot.press(.tab, .enter)
        #expect(!pilot.screen.contains("The server said no"))
    }

    @Test("the form is dirty while a field is, and reset makes it clean")
    func formDirtyAndReset() throws {
        let signUp = SignUp()
        let pilot = try Pilot(root: signUp.form, size: Size(width: 60, height: 8))
        var dirty: [Bool] = []
        signUp.form.rx.isDirty.subscribe(onNext: { dirty.append($0) }).disposed(by: signUp.bag)
        pilot.type("x")
        signUp.form.reset()
        #expect(dirty == [false, true, false])
        #expect(signUp.email.value == "")
    }
}
