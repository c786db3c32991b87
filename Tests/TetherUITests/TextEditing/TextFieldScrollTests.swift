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
        #expect(pilot.lines[0] == "Email  ada@examp")
        pilot.resize(to: Size(width: 80, height: 4))
        #expect(pilot.lines[0] == "Email  ada@example.com")
    }

    @Test("a field whose text exactly fills it shows the text from its first character once focus leaves")
    func exactlyFullFieldShowsStartWhenLeft() throws {
        let address = TextField(width: 24)
        let form = Form()
        form.addField("Email", address)
        form.addField("Name", TextField())
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 3))
        pilot.type("ada.lovelace@example.com")
        #expect(pilot.lines[0] == "Email  da.lovelace@example.com")
        pilot.press(.tab)
        #expect(pilot.lines[0] == "Email  ada.lovelace@example.com")
    }

    @Test("an unfocused field shows a model write from its first character")
    func unfocusedFieldShowsModelWriteFromStart() throws {
        let (pilot, email) = try emailForm(size: Size(width: 16, height: 4))
        pilot.press(.tab)
        email.text = "grace.hopper@example.com"
        pilot.advance(by: .zero)
        #expect(pilot.lines[0] == "Email  grace.hop")
    }

    @Test("a paste wider than the field shows from its first character once focus leaves")
    func pastedTextShowsStartWhenLeft() throws {
        let email = TextField(), name = TextField()
        let form = Form()
        form.addField("Email", email)
        form.addField("Name", name)
        let pilot = try Pilot(root: form, size: Size(width: 16, height: 4))
        pilot.paste("ada@example.com")
        #expect(pilot.lines[0] == "Email  mple.com")
        pilot.press(.tab)
        #expect(pilot.lines[0] == "Email  ada@examp")
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
