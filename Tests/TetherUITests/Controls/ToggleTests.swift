import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form whose only row is `toggle`: the toggle starts at column 0 of row 0.
@MainActor
private func makePilot(for toggle: Toggle) throws -> Pilot {
    let form = Form()
    form.addRow(toggle)
    return try Pilot(root: form, size: Size(width: 30, height: 3))
}

@MainActor
@Suite("Toggle")
struct ToggleTests {
    @Test("an off toggle is drawn as [ ] followed by its label")
    func drawnOff() throws {
        let pilot = try makePilot(for: Toggle("Remember me"))
        #expect(pilot.lines[0] == "[ ] Remember me")
    }

    @Test("an on toggle is drawn as [x] followed by its label")
    func drawnOn() throws {
        let pilot = try makePilot(for: Toggle("Remember me", isOn: true))
        #expect(pilot.lines[0] == "[x] Remember me")
    }

    @Test("Space flips the toggle")
    func spaceFlips() throws {
        let pilot = try makePilot(for: Toggle("Remember me"))
        pilot.press(.space)
        #expect(pilot.lines[0] == "[x] Remember me")
        pilot.press(.space)
        #expect(pilot.lines[0] == "[ ] Remember me")
    }

    @Test("Enter on a toggle moves on to the next field and leaves the toggle as it was")
    func enterMovesOn() throws {
        let toggle = Toggle("Remember me")
        let after = TextField()
        let form = Form()
        form.addRow(toggle)
        form.addField("Name", after)
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 4))
        pilot.press(.enter)
        #expect(pilot.lines[0] == "      [ ] Remember me")
        #expect(pilot.focusedWidget === after)
    }

    @Test("Enter on a toggle after the last text field presses the form's default button")
    func enterSubmits() throws {
        let toggle = Toggle("Remember me")
        let submit = Button("Sign in")
        var presses = 0
        let subscription = submit.rx.tap.subscribe(onNext: { presses += 1 })
        defer { subscription.dispose() }
        let form = Form()
        form.addRow(toggle)
        form.addButtons([submit], default: submit)
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 4))
        pilot.press(.enter)
        #expect(presses == 1)
        #expect(pilot.lines[0] == "[ ] Remember me")
    }

    @Test("a click flips the toggle")
    func clickFlips() throws {
        let toggle = Toggle("Remember me")
        let pilot = try makePilot(for: toggle)
        pilot.click(on: toggle, offset: 5)
        #expect(pilot.lines[0] == "[x] Remember me")
    }

    @Test("rx.isOn reports the user's flips but not programmatic sets")
    func reportsFlipsOnly() throws {
        let toggle = Toggle("Remember me")
        var reported: [Bool] = []
        let subscription = toggle.rx.isOn.changed.subscribe(onNext: { reported.append($0) })
        defer { subscription.dispose() }
        let pilot = try makePilot(for: toggle)
        pilot.press(.space)
        toggle.rx.isOn.onNext(false)
        pilot.press(.space)
        #expect(reported == [true, true])
        #expect(pilot.lines[0] == "[x] Remember me")
    }

    @Test("a programmatic write through rx.isOn redraws the toggle")
    func writeRedraws() throws {
        let toggle = Toggle("Remember me")
        let remember = BehaviorRelay(value: false)
        let binding = toggle.rx.isOn <-> remember
        defer { binding.dispose() }
        let pilot = try makePilot(for: toggle)
        remember.accept(true)
        pilot.advance(by: .zero)
        #expect(pilot.lines[0] == "[x] Remember me")
        pilot.press(.space)
        #expect(remember.value == false)
    }
}
