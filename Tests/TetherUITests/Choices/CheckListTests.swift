import Testing
import TetherReactive
import TetherTesting
import TetherUI

private enum Contact: String, Hashable, CaseIterable {
    case email = "Email"
    case sms = "SMS"
    case post = "Post"
}

@MainActor
private func contactList(_ selection: Set<Contact> = [], axis: ChoiceAxis = .horizontal) -> CheckList<Contact> {
    CheckList(options: Contact.allCases, selection: selection, axis: axis, title: \.rawValue)
}

@MainActor
@Suite("CheckList")
struct CheckListTests {
    @Test("a check list draws a box per option with the checked ones marked")
    func drawsBoxes() throws {
        let pilot = try makeChoicePilot(contactList([.email]))
        #expect(pilot.lines[0] == "[x] Email  [ ] SMS  [ ] Post")
    }

    @Test("Space checks the highlighted option and reports the new set")
    func spaceChecks() throws {
        let list = contactList(axis: .vertical)
        var reported: [Set<Contact>] = []
        let subscription = list.rx.selection.changed.subscribe(onNext: { reported.append($0) })
        defer { subscription.dispose() }
        let pilot = try makeChoicePilot(list)
        pilot.press(.down, .space)
        #expect(Array(pilot.lines.prefix(3)) == ["[ ] Email", "[x] SMS", "[ ] Post"])
        #expect(reported == [[.sms]])
    }

    @Test("Space on a checked option unchecks it")
    func spaceUnchecks() throws {
        let list = contactList([.email])
        let pilot = try makeChoicePilot(list)
        pilot.press(.space)
        #expect(list.selection.isEmpty)
    }

    @Test("a checks every option, and unchecks them all when all are checked")
    func toggleAll() throws {
        let list = contactList([.sms])
        let pilot = try makeChoicePilot(list)
        pilot.type("a")
        #expect(list.selection == Set(Contact.allCases))
        pilot.type("a")
        #expect(list.selection.isEmpty)
    }

    @Test("an app can bind its own key to toggle-all as well as the check list's a")
    func toggleAllAppKey() throws {
        var keys = KeyMap.default
        keys.bind(.ctrl("t"), to: .toggleAll)
        let list = contactList()
        let form = Form()
        form.addRow(list)
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 4), keyMap: keys)
        pilot.press(.ctrl("t"))
        #expect(list.selection == Set(Contact.allCases))
        pilot.type("a")
        #expect(list.selection.isEmpty)
    }

    @Test("a bare a is the check list's own binding: a toggle beside it ignores it and a text field types it")
    func toggleAllIsOwnBinding() throws {
        let list = contactList()
        let toggle = Toggle("Remember")
        let field = TextField()
        let pilot = try makeChoicePilot(list, toggle, field)
        pilot.press(.tab)
        pilot.type("a")
        #expect(list.selection.isEmpty)
        #expect(toggle.isOn == false)
        pilot.press(.tab)
        pilot.type("a")
        #expect(field.text == "a")
    }

    @Test("↓ on a horizontal check list moves focus on, leaving the checks alone")
    func downLeavesHorizontalList() throws {
        let list = CheckList(options: Contact.allCases, selection: [.sms], axis: .horizontal, title: \.rawValue)
        let field = TextField()
        let pilot = try makeChoicePilot(list, field)
        pilot.press(.down)
        #expect(pilot.focusedWidget === field)
        #expect(list.selection == [.sms])
    }

    @Test("a click checks the option under the pointer")
    func clickChecks() throws {
        let list = contactList()
        let pilot = try makeChoicePilot(list)
        pilot.click(at: Point(x: 12, y: 0))
        #expect(list.selection == [.sms])
    }

    @Test("disabled options are dimmed, skipped by the arrows and left alone by toggle-all")
    func disabledOptions() throws {
        let list = contactList(axis: .vertical)
        list.disabledOptions = [.sms]
        let pilot = try makeChoicePilot(list)
        #expect(pilot.backend.screen[4, 1].style == Theme.default.disabled)
        pilot.press(.down, .space)
        #expect(list.selection == [.post])
        pilot.type("a")
        #expect(list.selection == [.email, .post])
    }

    @Test("a programmatic selection is drawn but not reported")
    func programmaticNotReported() throws {
        let list = contactList()
        var reported: [Set<Contact>] = []
        let subscription = list.rx.selection.changed.subscribe(onNext: { reported.append($0) })
        defer { subscription.dispose() }
        let pilot = try makeChoicePilot(list)
        list.selection = [.post]
        pilot.app.renderIfNeeded()
        #expect(pilot.lines[0] == "[ ] Email  [ ] SMS  [x] Post")
        #expect(reported.isEmpty)
    }

    @Test("options that disappear are unchecked and the bound model is told")
    func vanishedOptionsRemoved() throws {
        let list = contactList()
        let model = BehaviorRelay<Set<Contact>>(value: [.email, .post])
        let binding = list.rx.selection <-> model
        defer { binding.dispose() }
        let pilot = try makeChoicePilot(list)
        list.rx.options.onNext([.email, .sms])
        pilot.app.renderIfNeeded()
        #expect(model.value == [.email])
        #expect(pilot.lines[0] == "[x] Email  [ ] SMS")
    }

    @Test("exactly maximumCount checked is valid; one more is the maximum message; exactly minimumCount is valid")
    func countsOnTheirBoundaries() throws {
        let list = CheckList(options: Contact.allCases, minimumCount: 2, maximumCount: 2, title: \.rawValue)
        let pilot = try makeChoicePilot(list)
        pilot.press(.space)  // 1 of at least 2
        #expect(list.validationMessage == "Choose at least 2")
        pilot.press(.right)
        pilot.press(.space)  // exactly 2: both bounds met
        #expect(list.validationMessage == nil)
        pilot.press(.right)
        pilot.press(.space)  // 3: one past the maximum
        #expect(list.validationMessage == "Choose at most 2")
        pilot.press(.space)  // back to exactly 2
        #expect(list.validationMessage == nil)
    }

    @Test("minimum and maximum counts are reported as validation messages")
    func validationMessages() throws {
        let list = CheckList(options: Contact.allCases, minimumCount: 1, maximumCount: 2, title: \.rawValue)
        var messages: [String?] = []
        let subscription = list.rx.validationMessage.subscribe(onNext: { messages.append($0) })
        defer { subscription.dispose() }
        let pilot = try makeChoicePilot(list)
        pilot.press(.space)
        pilot.type("a")
        #expect(messages == ["Choose at least 1", nil, "Choose at most 2"])
    }
}
