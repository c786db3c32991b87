import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A sign-in form over a key-help bar on the bottom row.
@MainActor
private final class SignIn {
    let name = TextField()
    let remember = Toggle("Remember me")
    let contact = CheckList(options: ["Email", "SMS"], axis: .horizontal)
    let notes = TextArea(minRows: 1, maxRows: 2, width: 20)
    let plan = Picker(options: ["Free", "Pro"], axis: .horizontal)
    let submit = Button("Sign in")
    let form = Form()
    let bar = KeyHelpBar()
    let root: Widget

    init() {
        form.addField("Name", name)
        form.addField("Remember", remember)
        form.addField("Contact", contact)
        form.addField("Notes", notes)
        form.addField("Plan", plan)
        form.addButtons([submit], default: submit)
        root = FooterLayout(form, footer: bar)
    }
}

@MainActor
private func signIn(width: Int = 80, keyHelp: Bool = false) throws -> (SignIn, Pilot) {
    let screen = SignIn()
    let pilot = try Pilot(root: screen.root, size: Size(width: width, height: 12))
    pilot.app.showsKeyHelp = keyHelp
    pilot.app.onKey(.escape) { [weak pilot] in pilot?.app.quit() }  // as apps do: the bar names Esc where it acts
    pilot.app.verifiesPartialRedraws = true
    pilot.app.renderIfNeeded()
    return (screen, pilot)
}

@MainActor
@Suite("KeyHelpBar")
struct KeyHelpBarTests {
    @Test("the bar on the bottom row shows the app-wide keys, Enter named after the default button")
    func appWideKeys() throws {
        let (_, pilot) = try signIn()
        #expect(pilot.lines[11] == "Tab next · Shift-Tab back · Enter sign in · Esc cancel · Ctrl-C quit")
    }

    @Test(
        "in a confirmation the bar names what Esc does there: the safe answer's words, never a bare cancel",
        arguments: [(true, "Esc resume"), (false, "Esc keep editing")])
    func escapeSaysTheSafeAnswer(confirmIsSafe: Bool, expected: String) throws {
        let (screen, pilot) = try signIn()
        let (confirm, cancel) = confirmIsSafe ? ("Resume", "Start over") : ("Discard", "Keep editing")
        screen.form.presentConfirmation(
            title: "Question", message: "Go on?", confirm: confirm, cancel: cancel, confirmIsSafe: confirmIsSafe
        ) { _ in }
        pilot.app.renderIfNeeded()
        #expect(pilot.lines[11].contains(expected), "\(pilot.lines[11])")
        #expect(!pilot.lines[11].contains("Esc cancel"), "\(pilot.lines[11])")
    }

    @Test("an app that binds Tab to next again, as it already is, sees Tab once in the bar and in the key list")
    func rebindingTabShowsItOnce() throws {
        let (_, pilot) = try signIn(keyHelp: true)
        pilot.app.keyMap.bind(.tab, to: .focusNext)
        pilot.app.keyMap.bind(.tab, to: .focusNext, help: "next")
        pilot.app.renderIfNeeded()
        #expect(pilot.lines[11].hasPrefix("Tab next · Shift-Tab back"), "\(pilot.lines[11])")
        pilot.press(.function(1))
        let list = pilot.lines.joined(separator: "\n")
        #expect(!list.contains("Tab/Tab"), "\(list)")
        #expect(list.contains("Tab next"), "\(list)")
    }

    @Test("with nothing on screen that can take focus, the bar leaves out Tab, Shift-Tab and Enter")
    func nothingToFocus() throws {
        let bar = KeyHelpBar()
        let pilot = try Pilot(
            root: FooterLayout(Label("Signed in. Press any key to exit."), footer: bar),
            size: Size(width: 60, height: 4))
        #expect(pilot.lines[3] == "Ctrl-C quit")
        pilot.app.onKey(.escape) { [weak pilot] in pilot?.app.quit() }
        pilot.app.renderIfNeeded()
        #expect(pilot.lines[3] == "Esc cancel · Ctrl-C quit")
    }

    @Test("a disabled form leaves nothing to focus, and its keys come back when it is enabled")
    func disabledFormHasNothingToFocus() throws {
        let (screen, pilot) = try signIn()
        screen.form.isEnabled = false
        pilot.app.renderIfNeeded()
        #expect(pilot.lines[11] == "Esc cancel · Ctrl-C quit")
        screen.form.isEnabled = true
        screen.name.focus()
        pilot.app.renderIfNeeded()
        #expect(pilot.lines[11].hasPrefix("Tab next · Shift-Tab back"), "\(pilot.lines[11])")
    }

    @Test("the focused widget's own keys come first and change as focus moves")
    func followsFocus() throws {
        let (_, pilot) = try signIn()
        pilot.press(.tab)
        #expect(pilot.lines[11].hasPrefix("Space toggle · Tab next"))
        pilot.press(.tab)
        #expect(pilot.lines[11].hasPrefix("Space check · a all · Tab next"))
        pilot.press(.tab)
        #expect(pilot.lines[11] == "Enter new line · Tab next · Shift-Tab back · Esc cancel · Ctrl-C quit")
        pilot.press(.tab)
        #expect(pilot.lines[11].hasPrefix("←/→ choose · Tab next"))
    }

    @Test("a narrow bar drops whole entries, least useful first, and ends with an ellipsis")
    func narrowDropsEntries() throws {
        let (_, pilot) = try signIn(width: 40)
        #expect(pilot.lines[11] == "Tab next · Esc cancel · Ctrl-C quit · …")
    }

    @Test("with the help overlay on, the bar ends with ? keys, or ? more when entries were dropped")
    func overlayKeyShown() throws {
        let (_, pilot) = try signIn(width: 100, keyHelp: true)
        pilot.press(.tab)
        #expect(pilot.lines[11].hasSuffix("Ctrl-C quit · ? keys"), "\(pilot.lines[11])")
        pilot.resize(to: Size(width: 44, height: 12))
        #expect(pilot.lines[11] == "Space toggle · Ctrl-C quit · ? more")
    }

    @Test("in a field that types ? as text the bar offers F1 for the key list, and F1 opens it")
    func overlayKeyInTextField() throws {
        let (_, pilot) = try signIn(keyHelp: true)
        pilot.app.renderIfNeeded()
        #expect(pilot.lines[11].hasSuffix("Ctrl-C quit · F1 keys"), "\(pilot.lines[11])")
        pilot.type("?")
        #expect(!pilot.screen.contains("Keys"))
        pilot.resize(to: Size(width: 80, height: 40))
        pilot.press(.function(1))
        #expect(pilot.screen.contains("Keys"))
        #expect(pilot.lines.contains { $0.contains("F1") && $0.contains("keys") }, "\(pilot.screen)")
        #expect(!pilot.lines.contains { $0.contains("?/F1") })
    }

    @Test("with the key list open the bar says Enter and Esc close it")
    func keyListBarSaysClose() throws {
        let (_, pilot) = try signIn(keyHelp: true)
        pilot.resize(to: Size(width: 80, height: 40))
        pilot.press(.function(1))
        #expect(pilot.screen.contains("Keys"))
        #expect(pilot.lines[39].contains("Enter/Esc close"), "\(pilot.lines[39])")
        #expect(!pilot.lines[39].contains("confirm"), "\(pilot.lines[39])")
    }

    @Test("the bar's Enter says what Enter does in the focused field: next, beside Tab, before the last text field")
    func enterLabelFollowsFocus() throws {
        let form = Form()
        form.addField("Name", TextField())
        form.addField("Email", TextField())
        let save = Button("Save")
        form.addButtons([save], default: save)
        let pilot = try Pilot(root: FooterLayout(form, footer: KeyHelpBar()), size: Size(width: 80, height: 6))
        #expect(pilot.lines[5] == "Tab/Enter next · Shift-Tab back · Ctrl-C quit", "\(pilot.lines[5])")
        pilot.press(.enter)
        #expect(pilot.lines[5].contains("Enter save"), "\(pilot.lines[5])")
    }

    @Test("Ctrl-C is left out when it is delivered as a key, and an app's help text replaces the default")
    func followsKeyMapAndInterrupt() throws {
        let (_, pilot) = try signIn()
        pilot.app.interruptBehavior = .deliverAsKey
        pilot.app.keyMap.setHelp("leave", for: .cancel)
        pilot.app.renderIfNeeded()
        #expect(pilot.lines[11] == "Tab next · Shift-Tab back · Enter sign in · Esc leave")
    }

    @Test("keys are drawn bold in the theme's normal style, their words in its secondary (text) style")
    func keysBoldWordsSecondary() throws {
        let (_, pilot) = try signIn(keyHelp: true)
        #expect(pilot.backend.screen[0, 11].style == Theme.default.normal.adding(.bold))
        #expect(pilot.backend.screen[4, 11].style == Theme.default.secondary)
        // The ending's key too: "F1 keys" (or "? more").
        let ending = try #require(pilot.lines[11].firstRange(of: "F1 keys"))
        let column = pilot.lines[11].distance(from: pilot.lines[11].startIndex, to: ending.lowerBound)
        #expect(pilot.backend.screen[column, 11].style == Theme.default.normal.adding(.bold))
        #expect(pilot.backend.screen[column + 3, 11].style == Theme.default.secondary)
    }
}
