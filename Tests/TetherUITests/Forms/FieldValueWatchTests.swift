import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form whose fields have no key: a Name text field (bound to `model` when given), a
/// Newsletter toggle and a plain Mail text field, with a pilot on it (focus on Name).
@MainActor
private final class Unkeyed {
    let form = Form()
    let nameWidget = TextField()
    let toggle = Toggle("Newsletter")
    let name: Form.Field
    let newsletter: Form.Field
    let pilot: Pilot
    let bag = DisposeBag()

    init(model: BehaviorRelay<String>? = nil) throws {
        name = form.addField("Name", nameWidget)
        newsletter = form.addField("", toggle)
        form.addField("Mail", TextField())
        if let model { (nameWidget.rx.text <-> model).disposed(by: bag) }
        pilot = try Pilot(root: form, size: Size(width: 50, height: 8))
    }
}

@MainActor
@Suite("A field without a key counts the person's edits")
struct FieldValueWatchTests {
    @Test("an edit in a field without a key makes it and its form dirty; typing it back makes them clean")
    func editMakesDirty() throws {
        let t = try Unkeyed()
        #expect(!t.form.isDirty)
        t.pilot.type("Ada")
        #expect(t.name.isDirty)
        #expect(t.form.isDirty)
        t.pilot.press(.backspace, times: 3)
        #expect(!t.name.isDirty)
        #expect(!t.form.isDirty)
    }

    @Test("leaving after an edit in a field without a key asks first, naming the field")
    func leavingAsks() throws {
        let t = try Unkeyed()
        t.pilot.type("Ada")
        var left = 0
        t.form.confirmDiscard { left += 1 }
        #expect(left == 0)
        #expect(t.pilot.screen.contains("Unsaved changes in Name. Leave without saving?"))
    }

    @Test("a toggle without a key clicked on counts as changed")
    func toggleClicked() throws {
        let t = try Unkeyed()
        t.pilot.click(on: t.toggle)
        #expect(t.toggle.isOn)
        #expect(t.newsletter.isDirty)
        var left = 0
        t.form.confirmDiscard { left += 1 }
        #expect(left == 0)
        #expect(t.pilot.screen.contains("Unsaved changes in Newsletter."))
    }

    @Test("a model write before the person's first edit is the value loaded: the form stays clean")
    func modelWriteLoads() throws {
        let model = BehaviorRelay(value: "")
        let t = try Unkeyed(model: model)
        model.accept("Ada")
        #expect(t.nameWidget.text == "Ada")
        #expect(!t.form.isDirty)
        t.pilot.type("!")
        #expect(t.form.isDirty)
        // After an edit, a model write does not move the clean value.
        model.accept("Bob")
        #expect(t.form.isDirty)
        model.accept("Ada")
        #expect(!t.form.isDirty)
    }

    @Test("reset writes back what a field without a key was loaded with, and the model hears it")
    func resetRestores() throws {
        let model = BehaviorRelay(value: "Ada")
        let t = try Unkeyed(model: model)
        t.pilot.type(" Lovelace")
        #expect(model.value == "Ada Lovelace")
        t.form.reset()
        #expect(t.nameWidget.text == "Ada")
        #expect(model.value == "Ada")
        #expect(!t.form.isDirty)
    }

    @Test("markClean takes what a field without a key holds as its clean value")
    func markCleanTakes() throws {
        let t = try Unkeyed()
        t.pilot.type("Ada")
        t.form.markClean()
        #expect(!t.form.isDirty)
        t.pilot.type("!")
        #expect(t.form.isDirty)
    }

    @Test("the form's rx.isDirty follows an edit in a field without a key")
    func formObservableFollows() throws {
        let t = try Unkeyed()
        var seen: [Bool] = []
        t.form.rx.isDirty.subscribe(onNext: { seen.append($0) }).disposed(by: t.bag)
        t.pilot.type("A")
        t.pilot.press(.backspace)
        #expect(seen == [false, true, false])
    }
}
