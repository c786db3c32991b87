import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A profile form (Name holding `Ada`, Email, a Save button) that asks "Discard changes?",
/// recording every answer.
@MainActor
private final class Profile {
    let name = TextField(text: "Ada")
    let email = TextField(text: "ada@example.com")
    let save = Button("Save")
    let form = Form()
    var answers: [Bool] = []

    init() {
        form.addField("Name", name)
        form.addField("Email", email)
        form.addButtons([save])
    }

    /// Opens the question from `widget` (the form by default).
    func ask(from widget: Widget? = nil, message: String = "Your edits will be lost.") {
        (widget ?? form).presentConfirmation(
            title: "Discard changes?", message: message, confirm: "Discard", cancel: "Keep editing"
        ) { [weak self] in self?.answers.append($0) }
    }
}

/// The profile form on a headless terminal of `size`, with the question open.
@MainActor
private func asking(size: Size = Size(width: 40, height: 10)) throws -> (Profile, Pilot) {
    let profile = Profile()
    let pilot = try Pilot(root: profile.form, size: size)
    pilot.app.verifiesPartialRedraws = true
    profile.ask()
    pilot.advance(by: .zero)
    return (profile, pilot)
}

@MainActor
@Suite("Confirmation dialog")
struct ConfirmationDialogTests {
    @Test("the dialog opens centred in a box with its title in the border, the message, and the two buttons")
    func opensCentredAndBoxed() throws {
        let (_, pilot) = try asking()
        #expect(
            Array(pilot.lines[2...6]) == [
                "    ┌─ Discard changes? ───────────┐", "    │ Your edits will be lost.     │",
                "    │                              │", "    │ [ Keep editing ] [ Discard ] │",
                "    └──────────────────────────────┘",
            ])
        #expect(pilot.backend.screen[4, 2].style == Theme.default.border)
    }

    @Test("the safe choice has focus: Enter at once answers no")
    func cancelFocusedByDefault() throws {
        let (profile, pilot) = try asking()
        #expect(pilot.backend.screen[6, 5].style == Theme.default.focused)
        pilot.press(.enter)
        #expect(profile.answers == [false])
        #expect(!pilot.screen.contains("Discard changes?"))
    }

    @Test("→ then Enter presses the confirm button and answers yes, once")
    func rightEnterConfirms() throws {
        let (profile, pilot) = try asking()
        pilot.press(.right, .enter)
        #expect(profile.answers == [true])
        pilot.press(.enter, .escape)
        #expect(profile.answers == [true])
    }

    @Test("← goes back to the cancel button")
    func leftBackToCancel() throws {
        let (profile, pilot) = try asking()
        pilot.press(.right, .left, .space)
        #expect(profile.answers == [false])
    }

    @Test("Tab and Shift-Tab move between the dialog's two buttons only")
    func tabStaysInside() throws {
        let (profile, pilot) = try asking()
        for _ in 0..<5 {
            pilot.press(.tab)
            #expect(pilot.focusedWidget is Button && pilot.focusedWidget !== profile.save)
        }
        pilot.press(.backTab, .backTab)
        #expect(pilot.focusedWidget is Button && pilot.focusedWidget !== profile.save)
        pilot.press(.enter)
        #expect(profile.answers == [true])
    }

    @Test("Esc answers no and gives focus back to the field that had it, its caret where it was")
    func escapeAnswersNo() throws {
        let profile = Profile()
        let pilot = try Pilot(root: profile.form, size: Size(width: 40, height: 10))
        pilot.press(.home, .right)
        profile.ask(from: profile.name)
        pilot.advance(by: .zero)
        pilot.press(.escape)
        #expect(profile.answers == [false])
        #expect(pilot.focusedWidget === profile.name)
        pilot.type("x")
        #expect(profile.name.text == "Axda")
    }

    @Test("a click outside the dialog neither closes it nor reaches the form")
    func clickOutsideSwallowed() throws {
        let (profile, pilot) = try asking()
        pilot.click(on: profile.email)
        pilot.click(at: Point(x: 1, y: 9))
        #expect(profile.answers.isEmpty)
        #expect(pilot.screen.contains("Discard changes?"))
        #expect(pilot.focusedWidget is Button && pilot.focusedWidget !== profile.save)
        #expect(!profile.email.isFocused)
    }

    @Test("a click on the confirm button answers yes")
    func clickConfirms() throws {
        let (profile, pilot) = try asking()
        pilot.click(at: Point(x: 25, y: 5))
        #expect(profile.answers == [true])
    }

    @Test("the message wraps by display width inside the dialog")
    func messageWraps() throws {
        let profile = Profile()
        let pilot = try Pilot(root: profile.form, size: Size(width: 36, height: 10))
        profile.ask(message: "保存されていない変更は失われます。よろしいですか")
        pilot.advance(by: .zero)
        #expect(
            Array(pilot.lines[2...7]) == [
                "┌─ Discard changes? ───────────────┐", "│ 保存されていない変更は失われます │",
                "│ 。よろしいですか                 │", "│                                  │",
                "│   [ Keep editing ] [ Discard ]   │", "└──────────────────────────────────┘",
            ])
    }

    @Test("at 80×8 the dialog fits whole, centred")
    func fitsAt80By8() throws {
        let (_, pilot) = try asking(size: Size(width: 80, height: 8))
        #expect(
            Array(pilot.lines[1...5]).map { String($0.dropFirst(24)) } == [
                "┌─ Discard changes? ───────────┐", "│ Your edits will be lost.     │",
                "│                              │", "│ [ Keep editing ] [ Discard ] │",
                "└──────────────────────────────┘",
            ])
    }

    @Test("after a resize the dialog is centred again and still answers")
    func survivesResize() throws {
        let (profile, pilot) = try asking()
        pilot.resize(to: Size(width: 60, height: 14))
        #expect(pilot.lines[4] == "              ┌─ Discard changes? ───────────┐")
        #expect(pilot.lines[7] == "              │ [ Keep editing ] [ Discard ] │")
        pilot.resize(to: Size(width: 34, height: 7))
        #expect(pilot.lines[1] == "E┌─ Discard changes? ───────────┐")
        pilot.press(.right, .enter)
        #expect(profile.answers == [true])
    }

    @Test("inline: the band grows to show the whole dialog, and keys answer it")
    func inline() throws {
        let profile = Profile()
        let band = HeadlessBand(terminal: Size(width: 40, height: 20))
        let app = Application(root: profile.form, backend: band, scheduler: TestScheduler())
        try app.start()
        app.renderIfNeeded()
        #expect(band.lines.count == 3)
        profile.ask()
        app.renderIfNeeded()
        #expect(
            band.lines == [
                "Name┌─ Discard changes? ───────────┐", "Emai│ Your edits will be lost.     │",
                "    │                              │", "    │ [ Keep editing ] [ Discard ] │",
                "    └──────────────────────────────┘",
            ])
        band.press(.tab, .enter)
        app.renderIfNeeded()
        #expect(profile.answers == [true])
        #expect(band.lines == ["Name   Ada", "Email  ada@example.com", "       [ Save ]"])
        app.quit()
    }

    @Test("a widget that is not on screen answers no at once, without a dialog")
    func notOnScreenAnswersNo() {
        let profile = Profile()
        profile.ask()
        #expect(profile.answers == [false])
    }

    @Test("the dialog closes with no when the widget that opened it leaves the screen")
    func anchorGoneAnswersNo() throws {
        let profile = Profile()
        let pilot = try Pilot(root: profile.form, size: Size(width: 40, height: 10))
        profile.ask(from: profile.email)
        pilot.advance(by: .zero)
        profile.email.isHidden = true
        pilot.advance(by: .zero)
        #expect(profile.answers == [false])
        #expect(!pilot.screen.contains("Discard changes?"))
    }
}
