import Testing
import TetherTesting
import TetherUI

/// A form with "Email" (label column 7 wide) and "Name" fields, `ada@example.com` typed
/// in the email field.
@MainActor
private func emailForm(size: Size) throws -> (Pilot, TextField) {
    let email = TextField(), name = TextField()
    let form = Form()
    form.addField("Email", email)
    form.addField("Name", name)
    let pilot = try Pilot(root: form, size: size)
    pilot.type("ada@example.com")
    return (pilot, email)
}

@MainActor
@Suite("TextField scrolling")
struct TextFieldScrollTests {
    @Test("an unfocused field scrolled by a narrow terminal shows its whole text again when the terminal widens")
    func unfocusedFieldScrollsBackWhenWidened() throws {
        let (pilot, _) = try emailForm(size: Size(width: 80, height: 4))
        pilot.press(.tab)
        pilot.resize(to: Size(width: 16, height: 4))
        #expect(pilot.lines[0] == "Email  mple.com")
        pilot.resize(to: Size(width: 80, height: 4))
        #expect(pilot.lines[0] == "Email  ada@example.com")
    }

    @Test("a focused field scrolled by a narrow terminal shows its whole text and the caret after it when widened")
    func focusedFieldScrollsBackWhenWidened() throws {
        let (pilot, _) = try emailForm(size: Size(width: 80, height: 4))
        pilot.resize(to: Size(width: 16, height: 4))
        pilot.resize(to: Size(width: 80, height: 4))
        #expect(pilot.lines[0] == "Email  ada@example.com")
        #expect(pilot.cursor == Point(x: 22, y: 0))
    }
}
