import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// Three buttons in a row: OK, Help, Cancel.
@MainActor
private struct ThreeButtons {
    let ok = Button("OK"), help = Button("Help"), cancel = Button("Cancel")
    let row: ButtonRow

    init() {
        row = ButtonRow([ok, help, cancel])
    }
}

@MainActor
@Suite("ButtonRow")
struct ButtonRowTests {
    @Test("Right and Left move focus between the buttons of a row outside a form")
    func arrowsOutsideForm() throws {
        let buttons = ThreeButtons()
        let pilot = try Pilot(
            root: VStack(alignment: .leading, [Label("Save changes?"), buttons.row]), size: Size(width: 40, height: 3))
        #expect(pilot.focusedWidget === buttons.ok)
        pilot.press(.right, .right)
        #expect(pilot.focusedWidget === buttons.cancel)
        pilot.press(.left)
        #expect(pilot.focusedWidget === buttons.help)
    }

    @Test("the buttons are laid out left to right one column apart")
    func layout() throws {
        let buttons = ThreeButtons()
        let pilot = try Pilot(root: buttons.row, size: Size(width: 40, height: 1))
        #expect(pilot.lines[0] == "[ OK ] [ Help ] [ Cancel ]")
    }

    @Test("Right on the last button and Left on the first keep focus where it is")
    func stopsAtEnds() throws {
        let buttons = ThreeButtons()
        let pilot = try Pilot(root: Center(buttons.row), size: Size(width: 40, height: 3))
        pilot.press(.left)
        #expect(pilot.focusedWidget === buttons.ok)
        pilot.press(.right, .right, .right)
        #expect(pilot.focusedWidget === buttons.cancel)
    }

    @Test("a disabled button is skipped by Right and Left")
    func skipsDisabled() throws {
        let buttons = ThreeButtons()
        buttons.help.isEnabled = false
        let pilot = try Pilot(root: Panel(buttons.row), size: Size(width: 40, height: 3))
        pilot.press(.right)
        #expect(pilot.focusedWidget === buttons.cancel)
        pilot.press(.left)
        #expect(pilot.focusedWidget === buttons.ok)
    }

    @Test("Left in a text field beside the row moves the caret, not focus")
    func leftInFieldStaysInField() throws {
        let buttons = ThreeButtons()
        let field = TextField(text: "ab")
        let pilot = try Pilot(
            root: VStack(alignment: .leading, [field, buttons.row]), size: Size(width: 40, height: 2))
        pilot.press(.left)
        #expect(pilot.focusedWidget === field)
        #expect(field.caret == 1)
    }

    @Test("inline: Right and Left move focus between the buttons of a row in the band")
    func arrowsInline() throws {
        let buttons = ThreeButtons()
        let band = HeadlessBand(terminal: Size(width: 40, height: 10))
        let app = Application(
            root: VStack(alignment: .leading, [Label("Save changes?"), buttons.row]), backend: band,
            scheduler: TestScheduler())
        try app.start()
        app.renderIfNeeded()
        #expect(band.lines == ["Save changes?", "[ OK ] [ Help ] [ Cancel ]"])
        band.press(.right, .right)
        #expect(app.focusedWidget === buttons.cancel)
        band.press(.left)
        #expect(app.focusedWidget === buttons.help)
        app.quit()
    }
}
