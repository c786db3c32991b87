import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form whose first field is required and untouched, a second field, and Save.
@MainActor
private final class Untouched {
    let form = Form()
    let name: FormField<String>
    let editor: FormField<String?>
    let save = Button("Save")

    init() {
        name = form.addField("Name", TextField(), key: "name").required()
        editor = form.addField("Editor", Dropdown(options: ["Vim", "Emacs"]), key: "editor").required()
        form.addButtons([save], default: save)
    }
}

@MainActor
@Suite("Focus")
struct FocusControllerTests {
    @Test("the key list opened over an untouched field and closed reveals no message on it")
    func keyListIsNotLeaving() throws {
        let untouched = Untouched()
        let pilot = try Pilot(root: untouched.form, size: Size(width: 60, height: 24))
        pilot.app.showsKeyHelp = true
        pilot.press(.function(1))
        #expect(pilot.screen.contains("Keys"))
        pilot.press(.escape)
        #expect(!pilot.screen.contains("Keys"))
        #expect(!pilot.screen.contains("Name is required"))
        #expect(pilot.focusedWidget === untouched.name.widget)
    }

    @Test("a confirmation over an untouched field reveals no message on it")
    func confirmationIsNotLeaving() throws {
        let untouched = Untouched()
        let pilot = try Pilot(root: untouched.form, size: Size(width: 60, height: 24))
        var answer: Bool?
        untouched.name.widget.presentConfirmation(title: "Sure?", message: "Go on?") { answer = $0 }
        #expect(pilot.screen.contains("Go on?"))
        pilot.press(.escape)
        #expect(answer == false)
        #expect(!pilot.screen.contains("Name is required"))
        #expect(pilot.focusedWidget === untouched.name.widget)
    }

    @Test("a dropdown's list opened and closed on an untouched field reveals no message on it")
    func dropdownListIsNotLeaving() throws {
        let untouched = Untouched()
        let pilot = try Pilot(root: untouched.form, size: Size(width: 60, height: 24))
        untouched.editor.widget.focus()
        pilot.press(.enter)
        #expect(pilot.screen.contains("Emacs"))
        pilot.press(.escape)
        #expect(!pilot.screen.contains("Editor is required"))
        #expect(pilot.focusedWidget === untouched.editor.widget)
    }

    @Test("leaving a field with Tab still reveals its message")
    func tabIsLeaving() throws {
        let untouched = Untouched()
        let pilot = try Pilot(root: untouched.form, size: Size(width: 60, height: 24))
        pilot.press(.tab)
        #expect(pilot.screen.contains("Name is required"))
    }
}
