import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form with three text fields labelled "A", "B", "C" on rows 0–2 (fields at column 3).
@MainActor
private func threeFields(
    _ a: TextField = TextField(), _ b: TextField = TextField(), _ c: TextField = TextField(),
    configure: (Form) -> Void = { _ in }
) throws -> (Pilot, TextField, TextField, TextField) {
    let form = Form()
    form.addField("A", a)
    form.addField("B", b)
    form.addField("C", c)
    configure(form)
    return (try Pilot(root: form, size: Size(width: 30, height: 6)), a, b, c)
}

@MainActor
@Suite("Form")
struct FormTests {
    // MARK: Layout

    @Test("labels sit in a column as wide as the widest label plus two, fields after it")
    func labelsAligned() throws {
        let form = Form()
        form.addField("Name", TextField(text: "ann"))
        form.addField("Username", TextField(text: "bob"))
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 3))
        #expect(pilot.lines[0] == "Name      ann")
        #expect(pilot.lines[1] == "Username  bob")
    }

    @Test("an explicit labelWidth sets the label column")
    func explicitLabelWidth() throws {
        let form = Form(labelWidth: 6)
        form.addField("Name", TextField(text: "ann"))
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 2))
        #expect(pilot.lines[0] == "Name  ann")
    }

    @Test("a field whose error is bound keeps a row for it, and the message shows there without moving later rows")
    func errorAppears() throws {
        let form = Form()
        let name = form.addField("Name", TextField(text: "x"))
        form.addField("Mail", TextField(text: "y"))
        let message = BehaviorRelay<String?>(value: nil)
        let binding = message.bind(to: name.rx.error)
        defer { binding.dispose() }
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 4))
        #expect(Array(pilot.lines[1...2]) == ["", "Mail  y"])
        message.accept("too short")
        pilot.advance(by: .zero)
        #expect(pilot.lines[0] == "Name  x")
        #expect(pilot.lines[1] == "      too short")
        #expect(pilot.lines[2] == "Mail  y")
    }

    @Test("an error set back to nil empties its row and keeps it, so the rows below stay put")
    func errorDisappears() throws {
        let form = Form()
        let name = form.addField("Name", TextField(text: "x"))
        form.addField("Mail", TextField(text: "y"))
        let message = BehaviorRelay<String?>(value: "too short")
        let binding = message.bind(to: name.rx.error)
        defer { binding.dispose() }
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 4))
        #expect(pilot.lines[1] == "      too short")
        message.accept(nil)
        pilot.advance(by: .zero)
        #expect(Array(pilot.lines[1...2]) == ["", "Mail  y"])
        #expect(!pilot.screen.contains("too short"))
    }

    @Test("an error message is drawn in the theme's error style")
    func errorStyle() throws {
        let form = Form()
        let name = form.addField("Name", TextField())
        let binding = Observable.just("required").bind(to: name.rx.error)
        defer { binding.dispose() }
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 3))
        #expect(pilot.backend.screen[6, 1].style == Theme.default.error)
    }

    @Test("a field's description is drawn in the theme's secondary style, which is text on white")
    func descriptionStyle() throws {
        let form = Form()
        form.addField("Name", TextField()).description = "as on your passport"
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 3), theme: .light)
        #expect(pilot.lines[1] == "      as on your passport")
        #expect(pilot.backend.screen[6, 1].style == Theme.light.secondary)
        #expect(Theme.light.secondary != Theme.light.disabled)
    }

    @Test("a hidden field takes its label with it")
    func hiddenFieldHidesLabel() throws {
        let form = Form()
        form.addField("Name", TextField(text: "x"))
        let extra = TextField(text: "y")
        form.addField("Extra", extra)
        extra.isHidden = true
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 3))
        #expect(pilot.lines == ["Name   x", "", ""])
    }

    // MARK: Focus

    @Test("the first field has focus at start")
    func firstFocused() throws {
        let (pilot, a, _, _) = try threeFields()
        #expect(pilot.focusedWidget === a)
        #expect(pilot.cursor == Point(x: 3, y: 0))
    }

    @Test("the first enabled field has focus at start when earlier ones are disabled")
    func firstEnabledFocused() throws {
        let a = TextField()
        a.isEnabled = false
        let (pilot, _, b, _) = try threeFields(a)
        #expect(pilot.focusedWidget === b)
        #expect(pilot.cursor == Point(x: 3, y: 1))
    }

    @Test("Tab moves focus in row order")
    func tabRowOrder() throws {
        let (pilot, _, b, c) = try threeFields()
        pilot.press(.tab)
        #expect(pilot.focusedWidget === b)
        pilot.press(.tab)
        #expect(pilot.focusedWidget === c)
    }

    @Test("Tab from the last field wraps to the first")
    func tabWraps() throws {
        let (pilot, a, _, _) = try threeFields()
        pilot.press(.tab, times: 3)
        #expect(pilot.focusedWidget === a)
    }

    @Test("Shift-Tab moves focus back and wraps from the first field to the last")
    func backTabWraps() throws {
        let (pilot, _, b, c) = try threeFields()
        pilot.press(.backTab)
        #expect(pilot.focusedWidget === c)
        pilot.press(.backTab)
        #expect(pilot.focusedWidget === b)
    }

    @Test("Down and Up move focus between rows and wrap")
    func arrowsMoveFocus() throws {
        let (pilot, a, b, c) = try threeFields()
        pilot.press(.down)
        #expect(pilot.focusedWidget === b)
        pilot.press(.up, .up)
        #expect(pilot.focusedWidget === c)
        pilot.press(.down)
        #expect(pilot.focusedWidget === a)
    }

    @Test("an explicit focusOrder replaces the row order")
    func explicitFocusOrder() throws {
        let a = TextField(), b = TextField(), c = TextField()
        let (pilot, _, _, _) = try threeFields(a, b, c) { form in form.focusOrder = [c, a, b] }
        #expect(pilot.focusedWidget === c)
        pilot.press(.tab)
        #expect(pilot.focusedWidget === a)
        pilot.press(.tab)
        #expect(pilot.focusedWidget === b)
    }

    // MARK: Enter

    @Test("Enter in a text field moves focus to the next field")
    func enterMovesOn() throws {
        let (pilot, _, b, _) = try threeFields()
        pilot.type("ann\n")
        #expect(pilot.focusedWidget === b)
    }

    @Test("Ctrl-J in a text field moves focus to the next field, as Enter does")
    func ctrlJMovesOn() throws {
        let (pilot, a, b, _) = try threeFields()
        pilot.type("ann")
        pilot.press(.ctrl("j"))
        #expect(pilot.focusedWidget === b)
        #expect(a.text == "ann")
    }

    @Test("Enter in the last text field presses the default button")
    func enterPressesDefault() throws {
        let form = Form()
        let user = TextField(), password = TextField()
        form.addField("User", user)
        form.addField("Pass", password)
        let signIn = Button("Sign in"), cancel = Button("Cancel")
        form.addButtons([cancel, signIn], default: signIn)
        var signIns = 0, cancels = 0
        let subscriptions = [
            signIn.rx.tap.subscribe(onNext: { signIns += 1 }),
            cancel.rx.tap.subscribe(onNext: { cancels += 1 }),
        ]
        defer { for subscription in subscriptions { subscription.dispose() } }
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 4))
        pilot.type("ann\n")
        #expect(signIns == 0)
        pilot.type("secret\n")
        #expect(signIns == 1)
        #expect(cancels == 0)
    }

    @Test("Left and Right move focus between the buttons of the button row")
    func buttonRowArrows() throws {
        let form = Form()
        form.addField("Name", TextField())
        let ok = Button("OK"), help = Button("Help"), cancel = Button("Cancel")
        form.addButtons([ok, help, cancel])
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 3))
        pilot.press(.tab)
        #expect(pilot.focusedWidget === ok)
        pilot.press(.right, .right)
        #expect(pilot.focusedWidget === cancel)
        pilot.press(.left)
        #expect(pilot.focusedWidget === help)
    }

    // MARK: Scrolling

    @Test("a form taller than the terminal scrolls to keep the focused field visible")
    func scrollsToFocus() throws {
        let form = Form()
        for index in 1...20 { form.addField("F\(index < 10 ? "0" : "")\(index)", TextField(text: "v\(index)")) }
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 5))
        #expect(pilot.lines[0] == "F01  v1")
        pilot.press(.tab, times: 11)
        #expect(pilot.lines.contains { $0.hasPrefix("F12  v12") })
        #expect(!pilot.screen.contains("F01"))
        #expect(pilot.cursor.map { pilot.lines[$0.y].hasPrefix("F12  v12") } == true)
        pilot.press(.tab, times: 8)
        #expect(pilot.lines[4] == "F20  v20")
    }

    @Test("scrolling back up reveals earlier fields again")
    func scrollsBack() throws {
        let form = Form()
        for index in 1...20 { form.addField("F\(index < 10 ? "0" : "")\(index)", TextField(text: "v\(index)")) }
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 5))
        pilot.press(.backTab)
        #expect(pilot.lines[4] == "F20  v20")
        pilot.press(.tab)
        #expect(pilot.lines[0] == "F01  v1")
    }

    @Test("a form taller than its space shows ▼ while rows are below and ▲ once rows are above")
    func scrollMarkers() throws {
        let form = Form()
        for index in 1...6 { form.addField("F\(index)", TextField(text: "v\(index)")) }
        let pilot = try Pilot(root: form, size: Size(width: 12, height: 3))
        #expect(pilot.lines == ["F1  v1", "F2  v2", "F3  v3     ▼"])
        pilot.press(.tab, times: 3)
        #expect(pilot.lines.first?.hasSuffix("▲") == true)
        #expect(pilot.lines.last?.hasSuffix("▼") == true)
        pilot.press(.tab, times: 2)
        #expect(pilot.lines.first?.hasSuffix("▲") == true)
        #expect(pilot.lines.last == "F6  v6")
    }

    @Test("a form that fits its space shows no scroll markers")
    func noMarkersWhenFitting() throws {
        let form = Form()
        for index in 1...3 { form.addField("F\(index)", TextField(text: "v\(index)")) }
        let pilot = try Pilot(root: form, size: Size(width: 12, height: 3))
        #expect(!pilot.screen.contains("▲") && !pilot.screen.contains("▼"))
    }
}
