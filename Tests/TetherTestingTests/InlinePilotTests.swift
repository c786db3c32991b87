import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A sign-in form: Username, Password and a row of buttons, Esc leaving.
@MainActor
private func signIn() -> (Form, Button) {
    let save = Button("Sign in")
    let form = Form {
        Field("Username", key: "username", TextField())
        Field("Password", key: "password", SecureField())
        Buttons([save], default: save)
    }
    return (form, save)
}

@MainActor
@Suite("InlinePilot")
struct InlinePilotTests {
    @Test("the band is as tall as the form needs, not the terminal")
    func bandFitsTheForm() throws {
        let (form, _) = signIn()
        let pilot = try InlinePilot(root: form, terminal: Size(width: 40, height: 24))
        #expect(pilot.height == pilot.lines.count)
        #expect(pilot.height < 24)
        #expect(pilot.lines[0].hasPrefix("Username"))
    }

    @Test("on a terminal shorter than the form the band is the terminal's height")
    func bandClampedToTerminal() throws {
        let (form, _) = signIn()
        let pilot = try InlinePilot(root: form, terminal: Size(width: 40, height: 2))
        #expect(pilot.height == 2)
    }

    @Test("typed keys reach the focused field and show in the band, with the cursor after them")
    func typingShows() throws {
        let (form, _) = signIn()
        let pilot = try InlinePilot(root: form, terminal: Size(width: 40, height: 10))
        pilot.type("demo")
        #expect(pilot.lines[0] == "Username  demo")
        #expect(pilot.cursor == Point(x: 14, y: 0))
    }

    @Test("after the run ends, the band keeps the form without the popup that was open")
    func lastFrameWithoutPopup() throws {
        let (form, _) = signIn()
        let pilot = try InlinePilot(root: form, terminal: Size(width: 40, height: 12)) { app in
            app.showsKeyHelp = true
        }
        pilot.press(.function(1))
        #expect(pilot.lines.contains { $0.contains("Keys") })
        pilot.press(.ctrl("c"))
        #expect(pilot.exit != nil)
        #expect(!pilot.lines.contains { $0.contains("Keys") }, "\(pilot.lines)")
        #expect(pilot.lines[0].hasPrefix("Username"))
    }
}
