import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form with "Name" (focused at start) then "Age" holding `30`, written after the field
/// was made (as a model write does), so its caret starts before the text. The label
/// column is 6 wide.
@MainActor
private struct AgeForm {
    let name = TextField()
    let age: TextField
    let pilot: Pilot

    init(age: TextField = TextField(), size: Size = Size(width: 30, height: 4)) throws {
        self.age = age
        age.text = "30"
        let form = Form()
        form.addField("Name", name)
        form.addField("Age", age)
        pilot = try Pilot(root: form, size: size)
    }
}

@MainActor
@Suite("Text fields: where focus puts the caret")
struct TextFieldFocusEntryTests {
    @Test("Tab into a prefilled field puts the caret after its text, so typing 4 after 30 gives 304")
    func tabPutsCaretAtEnd() throws {
        let form = try AgeForm()
        form.pilot.press(.tab)
        #expect(form.pilot.cursor == Point(x: 8, y: 1))
        form.pilot.type("4")
        #expect(form.age.text == "304")
    }

    @Test("Shift-Tab into a prefilled field puts the caret after its text")
    func backTabPutsCaretAtEnd() throws {
        let form = try AgeForm()
        form.pilot.press(.backTab)
        form.pilot.type("4")
        #expect(form.age.text == "304")
    }

    @Test("focus() on a prefilled field puts the caret after its text")
    func programmaticFocusPutsCaretAtEnd() throws {
        let form = try AgeForm()
        form.age.focus()
        form.pilot.type("4")
        #expect(form.age.text == "304")
    }

    @Test("a field that is left and entered again has its caret after the text, wherever it was left")
    func reentryPutsCaretAtEnd() throws {
        let form = try AgeForm()
        form.pilot.press(.tab, .home)
        form.pilot.press(.tab, .tab)
        form.pilot.type("4")
        #expect(form.age.text == "304")
    }

    @Test("a click on an unfocused prefilled field places the caret under the pointer")
    func clickPlacesCaretWhereClicked() throws {
        let form = try AgeForm()
        form.pilot.click(on: form.age, offset: 1)
        form.pilot.type("4")
        #expect(form.age.text == "340")
    }

    @Test("Tab into a typed field bound to a model value puts the caret after the value")
    func typedFieldCaretAtEnd() throws {
        let age = TextField()
        let model = BehaviorRelay(value: 30)
        let bag = DisposeBag()
        (age.rx.value(as: .integer(in: 0...500)) <-> model).disposed(by: bag)
        let form = try AgeForm(age: age)
        model.accept(30)
        form.pilot.press(.tab)
        form.pilot.type("4")
        #expect(model.value == 304)
    }

    @Test("Tab into a prefilled password field puts the caret after the password")
    func secureFieldCaretAtEnd() throws {
        let form = try AgeForm(age: SecureField())
        form.pilot.press(.tab)
        form.pilot.type("4")
        #expect(form.age.text == "304")
    }

    @Test("Tab into a prefilled text area puts the caret after its text")
    func textAreaCaretAtEnd() throws {
        let notes = TextArea(minRows: 2)
        notes.text = "one\ntwo"
        let form = Form()
        form.addField("Name", TextField())
        form.addField("Notes", notes)
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 4))
        pilot.press(.tab)
        pilot.type("!")
        #expect(notes.text == "one\ntwo!")
    }

    @Test("focus coming back from a closed popup keeps the caret where it was")
    func returningFocusKeepsCaret() throws {
        let form = try AgeForm()
        form.pilot.press(.tab, .home)
        form.age.presentPopup(ListPopup(["Red", "Green"]))
        form.pilot.advance(by: .zero)
        form.pilot.press(.escape)
        #expect(form.pilot.focusedWidget === form.age)
        form.pilot.type("4")
        #expect(form.age.text == "430")
    }
}
