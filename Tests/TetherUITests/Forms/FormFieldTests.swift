import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form with a keyed Name field (bound to `name`) and a keyed Mail field, and a pilot on it.
@MainActor
private func nameAndMail(
    name model: BehaviorRelay<String>, bag: DisposeBag,
    configure: (FormField<String>, FormField<String>) -> Void = { _, _ in }
) throws -> (Pilot, FormField<String>, FormField<String>) {
    let form = Form()
    let name = form.addField("Name", TextField(), key: "name")
    let mail = form.addField("Mail", TextField(), key: "mail")
    (name.rx.value <-> model).disposed(by: bag)
    configure(name, mail)
    return (try Pilot(root: form, size: Size(width: 40, height: 6)), name, mail)
}

@MainActor
@Suite("FormField")
struct FormFieldTests {
    let bag = DisposeBag()

    // MARK: Value

    @Test("a typed edit reaches the field and then the model bound to it")
    func editReachesModel() throws {
        let model = BehaviorRelay(value: "")
        let (pilot, name, _) = try nameAndMail(name: model, bag: bag)
        pilot.type("Ada")
        #expect(name.value == "Ada")
        #expect(model.value == "Ada")
    }

    @Test("a model write shows in the widget and is never sent back as an edit")
    func modelWriteShows() throws {
        let model = BehaviorRelay(value: "Ada")
        let (pilot, name, _) = try nameAndMail(name: model, bag: bag)
        var edits: [String] = []
        name.rx.value.skip(1).subscribe(onNext: { edits.append($0) }).disposed(by: bag)
        model.accept("Grace")
        #expect(pilot.lines[0] == "Name  Grace")
        #expect(edits.isEmpty)
    }

    // MARK: Dirty state

    @Test("a field is clean with the model's value, dirty after an edit, clean again when typed back")
    func dirtyFollowsValue() throws {
        let model = BehaviorRelay(value: "Ada")
        let (pilot, name, _) = try nameAndMail(name: model, bag: bag)
        var dirty: [Bool] = []
        name.rx.isDirty.subscribe(onNext: { dirty.append($0) }).disposed(by: bag)
        #expect(!name.isDirty)
        pilot.type("m")
        #expect(name.isDirty)
        pilot.press(.backspace)
        #expect(!name.isDirty)
        #expect(dirty == [false, true, false])
    }

    @Test("reset writes the clean value to the widget and the model and hides the message")
    func resetWritesClean() throws {
        let model = BehaviorRelay(value: "Ada")
        let (pilot, name, _) = try nameAndMail(name: model, bag: bag) { name, _ in name.validate(.length(min: 5)) }
        pilot.type("x")
        pilot.press(.tab)
        #expect(pilot.screen.contains("Enter at least 5 characters"))
        name.reset()
        #expect(model.value == "Ada")
        #expect(pilot.lines[0] == "Name  Ada")
        #expect(!pilot.screen.contains("Enter at least"))
        #expect(!name.isDirty)
    }

    @Test("after reset, a field typed into and erased again takes the next model write as a load: the form stays clean")
    func resetAfterErasedEditLoads() throws {
        let model = BehaviorRelay(value: "")
        let (pilot, name, _) = try nameAndMail(name: model, bag: bag)
        pilot.type("abc")
        pilot.press(.backspace, .backspace, .backspace)
        #expect(name.value == "" && !name.isDirty)
        try #require(name.form).reset()
        model.accept("Loaded")
        #expect(name.cleanValue == "Loaded")
        #expect(!name.isDirty)
        #expect(try #require(name.form).isDirty == false)
        model.accept("Loaded again")  // still loading until the person edits
        #expect(name.cleanValue == "Loaded again")
    }

    @Test("markClean takes the current value as clean")
    func markCleanTakesValue() throws {
        let model = BehaviorRelay(value: "")
        let (pilot, name, _) = try nameAndMail(name: model, bag: bag)
        pilot.type("Ada")
        name.markClean()
        #expect(!name.isDirty)
        #expect(name.cleanValue == "Ada")
    }

    @Test("a model write after the user's edit does not move the clean value")
    func modelWriteAfterEditKeepsClean() throws {
        let model = BehaviorRelay(value: "Ada")
        let (pilot, name, _) = try nameAndMail(name: model, bag: bag)
        pilot.type("m")
        model.accept("Grace")
        #expect(name.cleanValue == "Ada")
        #expect(name.isDirty)
    }

    // MARK: Timing

    @Test("an invalid value shows its message only once focus leaves the field, then live")
    func messageOnLeaveThenLive() throws {
        let model = BehaviorRelay(value: "")
        let (pilot, name, _) = try nameAndMail(name: model, bag: bag) { name, _ in name.validate(.length(min: 3)) }
        pilot.type("ab")
        #expect(name.validation == .invalid("Enter at least 3 characters"))
        #expect(!pilot.screen.contains("Enter at least"))
        pilot.press(.tab)
        #expect(pilot.lines[1] == "      Enter at least 3 characters")
        pilot.press(.backTab)
        pilot.type("c")
        #expect(!pilot.screen.contains("Enter at least"))
    }

    @Test("with live timing the message shows while typing")
    func liveTiming() throws {
        let model = BehaviorRelay(value: "")
        let (pilot, _, _) = try nameAndMail(name: model, bag: bag) { name, _ in
            name.form?.validationTiming = .live
            name.validate(.length(min: 3))
        }
        pilot.type("a")
        #expect(pilot.screen.contains("Enter at least 3 characters"))
    }

    @Test("with submit timing leaving a field shows nothing")
    func submitTiming() throws {
        let model = BehaviorRelay(value: "")
        let (pilot, _, _) = try nameAndMail(name: model, bag: bag) { name, _ in
            name.form?.validationTiming = .onSubmit
            name.validate(.length(min: 3))
        }
        pilot.type("a")
        pilot.press(.tab)
        #expect(!pilot.screen.contains("Enter at least"))
    }

    // MARK: Required, conditions

    @Test("a required field is marked and says which field is required")
    func requiredMarkAndMessage() throws {
        let model = BehaviorRelay(value: "")
        let (pilot, name, _) = try nameAndMail(name: model, bag: bag) { name, _ in name.required() }
        #expect(pilot.lines[0].hasPrefix("Name *"))
        pilot.press(.tab)
        #expect(pilot.screen.contains("Name is required"))
        #expect(name.title == "Name")
    }

    @Test("a hidden field keeps its value, counts as valid and gives up its rows")
    func hiddenFieldValid() throws {
        let model = BehaviorRelay(value: "")
        let (pilot, name, _) = try nameAndMail(name: model, bag: bag) { name, _ in name.required() }
        pilot.type("x")
        pilot.press(.backspace)
        #expect(name.validation.isInvalid)
        name.isVisible = false
        #expect(name.validation == .valid)
        #expect(pilot.lines[0].hasPrefix("Mail"))
        name.isVisible = true
        #expect(name.validation.isInvalid)
    }

    @Test("a field shows its description under the widget, dimmed")
    func descriptionRow() throws {
        let model = BehaviorRelay(value: "")
        let (pilot, _, _) = try nameAndMail(name: model, bag: bag) { name, _ in
            name.description = "As on your passport"
        }
        #expect(pilot.lines[1] == "      As on your passport")
        #expect(pilot.lines[2].hasPrefix("Mail"))
    }

    // MARK: One channel

    @Test("a typed field's parse error, its rules and the app's message flow through one channel")
    func oneChannel() throws {
        let form = Form()
        let port = form.addField("Port", TextField(), key: "port", as: .integer(in: 1...65_535), value: 80)
        port.validate(.custom { $0 == 22 ? .invalid("Port 22 is taken") : .valid })
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 4))
        pilot.press(.end)
        pilot.type("000")
        #expect(port.validation.isInvalid)
        pilot.press(.backspace, .backspace, .backspace, .backspace, .backspace)
        pilot.type("22")
        #expect(port.validation == .invalid("Port 22 is taken"))
        pilot.press(.backspace)
        pilot.type("3")
        #expect(port.validation == .valid)
        port.error = "The server refused it"
        #expect(port.validation == .invalid("The server refused it"))
        #expect(pilot.screen.contains("The server refused it"))
    }

    @Test("a rule reading another field runs again when that field changes")
    func crossFieldRule() throws {
        let form = Form()
        let password = form.addField("Password", SecureField(), key: "password")
        let confirm = form.addField("Confirm", SecureField(), key: "confirm")
        confirm.validate(.equal(to: password, "The passwords differ"))
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 4))
        pilot.type("secret")
        pilot.press(.tab)
        pilot.type("secret")
        #expect(confirm.validation == .valid)
        pilot.press(.backTab)
        pilot.type("!")
        #expect(confirm.validation == .invalid("The passwords differ"))
    }
}
