import Testing
import TetherReactive
import TetherTesting
import TetherUI

@MainActor
private func form(_ widgets: Widget...) -> Form {
    let form = Form()
    for (index, widget) in widgets.enumerated() { form.addField("F\(index)", widget) }
    return form
}

@MainActor
private func pilot(_ root: Widget, keyHelp: Bool = true) throws -> Pilot {
    let pilot = try Pilot(root: root, size: Size(width: 50, height: 24))
    pilot.app.showsKeyHelp = keyHelp
    pilot.app.verifiesPartialRedraws = true
    return pilot
}

/// The words inside the box on `line`: `["Space", "check"]` for `│ Space      check   │`.
private func boxWords(_ line: String) -> [String] {
    let parts = line.split(separator: "│")
    return parts.count < 2 ? [] : parts[1].split(separator: " ").map(String.init)
}

@MainActor
@Suite("Key help overlay")
struct KeyHelpOverlayTests {
    @Test("? opens a boxed list of every binding with its help, the focused widget's keys first")
    func questionMarkOpens() throws {
        let list = CheckList(options: ["Email", "SMS"])
        let pilot = try pilot(form(list))
        pilot.type("?")
        let lines = pilot.lines
        let top = try #require(lines.firstIndex { $0.contains("Keys") })
        #expect(lines[top].contains("┌─ Keys"))
        #expect(boxWords(lines[top + 1]) == ["Space", "check"])
        #expect(boxWords(lines[top + 2]) == ["a", "all"])
        #expect(boxWords(lines[top + 3]) == ["Tab", "next"])
        #expect(lines.contains { boxWords($0) == ["Ctrl-C", "quit"] })
        #expect(lines.contains { boxWords($0) == ["?/F1", "keys"] })
    }

    @Test("Esc, ?, F1 and Enter each close the overlay and give focus back")
    func closingKeys() throws {
        let toggle = Toggle("On")
        let pilot = try pilot(form(toggle))
        for key: KeyEvent in [.escape, .character("?"), .function(1), .enter] {
            pilot.press(.function(1))
            #expect(pilot.screen.contains("Keys"))
            pilot.press(key)
            #expect(!pilot.screen.contains("Keys"))
            #expect(pilot.focusedWidget === toggle)
        }
        #expect(toggle.isOn == false)
    }

    @Test("? typed into a text field is text, and F1 still opens the overlay there")
    func questionMarkIsTextInField() throws {
        let field = TextField()
        let pilot = try pilot(form(field))
        pilot.type("why?")
        #expect(field.text == "why?")
        #expect(!pilot.screen.contains("Keys"))
        pilot.press(.function(1))
        #expect(pilot.screen.contains("Keys"))
    }

    @Test("without showsKeyHelp, ? and F1 open nothing and reach the app as unhandled keys")
    func offByDefault() throws {
        let pilot = try pilot(form(Toggle("On")), keyHelp: false)
        var unhandled: [KeyEvent] = []
        let subscription = pilot.app.unhandledKeys.subscribe(onNext: { unhandled.append($0) })
        defer { subscription.dispose() }
        pilot.press(.character("?"), .function(1))
        #expect(!pilot.screen.contains("Keys"))
        #expect(unhandled == [.character("?"), .function(1)])
    }

    @Test("Enter in the overlay names the form's default button")
    func enterNamesDefaultButton() throws {
        let form = form(Toggle("On"))
        let save = Button("Save")
        form.addButtons([save], default: save)
        let pilot = try pilot(form)
        pilot.type("?")
        #expect(pilot.lines.contains { boxWords($0) == ["Enter/Ctrl-J/Ctrl-Enter", "save"] })
        #expect(!pilot.lines.contains { $0.contains("confirm") })
    }

    @Test("a key list taller than the screen shows ▼, scrolls with ↓ to show ▲ and its last entry, and keeps Esc")
    func cutListScrolls() throws {
        let pilot = try Pilot(root: form(Toggle("On")), size: Size(width: 50, height: 8))
        pilot.app.showsKeyHelp = true
        pilot.type("?")
        #expect(pilot.lines.contains { $0.contains("▼") }, "\(pilot.screen)")
        #expect(!pilot.lines.contains { $0.contains("▲") })
        #expect(!pilot.lines.contains { $0.contains("keys") })
        pilot.press(.pageDown, .pageDown, .pageDown, .pageDown)
        #expect(pilot.lines.contains { $0.contains("▲") }, "\(pilot.screen)")
        #expect(pilot.lines.contains { boxWords($0) == ["?/F1", "keys"] }, "\(pilot.screen)")
        pilot.press(.escape)
        #expect(!pilot.screen.contains("Keys"))
    }

    @Test("the key list shows each key once: on a dropdown Enter opens the list, and Ctrl-J goes on alone")
    func eachKeyOnce() throws {
        let pilot = try pilot(form(Dropdown(options: ["Vim", "Emacs"]), TextField()))
        pilot.press(.function(1))
        let enters = pilot.lines.filter { boxWords($0).first?.split(separator: "/").contains("Enter") == true }
        #expect(enters.map(boxWords) == [["Enter", "open", "list"]], "\(pilot.screen)")
        #expect(pilot.lines.contains { boxWords($0).first == "Ctrl-J/Ctrl-Enter" }, "\(pilot.screen)")
    }
}
