import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// `widget` above a key-help bar on the last of `height` rows, 80 columns wide.
@MainActor
private func barred(_ widget: Widget, height: Int = 10) throws -> Pilot {
    let pilot = try Pilot(root: FooterLayout(widget, footer: KeyHelpBar()), size: Size(width: 80, height: height))
    pilot.app.renderIfNeeded()
    return pilot
}

@MainActor
@Suite("Key help says only what keys do")
struct KeyHelpTruthTests {
    @Test("where nothing acts on Enter or Esc the bar leaves them out; an app's action for either brings it back")
    func enterAndEscOnlyWhereTheyAct() throws {
        let pilot = try barred(VStack([Toggle("Notify"), TextField()]))
        let bar = { pilot.lines[9] }
        #expect(bar() == "Space toggle · Tab next · Shift-Tab back · Ctrl-C quit", "\(bar())")
        let escape = pilot.app.onKey(.escape) {}
        pilot.app.renderIfNeeded()
        #expect(bar().contains("Esc cancel"), "\(bar())")
        #expect(!bar().contains("Enter"), "\(bar())")
        let enter = pilot.app.onIntent(.activate) {}
        pilot.app.renderIfNeeded()
        #expect(bar().contains("Enter confirm"), "\(bar())")
        escape.dispose()
        enter.dispose()
        pilot.press(.tab)  // a redraw
        #expect(!bar().contains("Enter") && !bar().contains("Esc"), "\(bar())")
    }

    @Test("the key list leaves out Enter and Esc where nothing acts on them")
    func keyListOnlyWhereTheyAct() throws {
        let pilot = try barred(VStack([Toggle("Notify"), TextField()]), height: 30)
        pilot.app.showKeyHelp()
        #expect(pilot.screen.contains("Keys"))
        #expect(!pilot.lines.contains { $0.contains("confirm") || $0.contains("Esc cancel") }, "\(pilot.screen)")
        pilot.press(.escape)  // the list itself closes on Esc
        pilot.app.onKey(.escape) {}
        pilot.app.showKeyHelp()
        #expect(pilot.lines.contains { $0.contains("Esc") && $0.contains("cancel") }, "\(pilot.screen)")
    }

    @Test("on a list picker Enter is named only while the highlight is off the chosen option, where it chooses")
    func pickerEnterWhileItChooses() throws {
        let picker = Picker(options: ["Free", "Pro", "Team"], selection: "Free")
        let pilot = try barred(picker)
        #expect(pilot.lines[9].hasPrefix("↑/↓ move · Space choose ·"), "\(pilot.lines[9])")
        pilot.press(.down)
        #expect(pilot.lines[9].hasPrefix("↑/↓ move · Space/Enter choose ·"), "\(pilot.lines[9])")
        pilot.press(.enter)
        #expect(picker.selection == "Pro")
        #expect(pilot.lines[9].hasPrefix("↑/↓ move · Space choose ·"), "\(pilot.lines[9])")
    }

    @Test("with a drop-down's list open the bar says ↑/↓ move, Enter choose and Esc close")
    func openDropdownList() throws {
        let dropdown = Dropdown(options: ["Vim", "Neovim", "Emacs"], selection: "Vim")
        let form = Form()
        form.addField("Editor", dropdown)
        let pilot = try barred(form)
        #expect(pilot.lines[9].hasPrefix("Enter open list ·"), "\(pilot.lines[9])")
        pilot.press(.enter)
        #expect(pilot.lines[9].hasPrefix("↑/↓ move · Enter choose · Esc close ·"), "\(pilot.screen)")
    }

    @Test(
        "a field's suggestions: → complete for ghost text, ↑/↓ in the open list, Enter/Tab accept once a row is highlighted"
    )
    func suggestionKeys() throws {
        let city = TextField(width: 20)
        city.suggestions = ["Berlin", "Bern", "Bergen"]
        let form = Form()
        form.addField("City", city)
        form.addField("Next", TextField())
        let pilot = try barred(form, height: 12)
        pilot.type("be")
        #expect(pilot.lines[11].hasPrefix("→ complete · ↑/↓ suggestions · Esc close ·"), "\(pilot.lines[11])")
        pilot.press(.down)
        #expect(pilot.lines[11].contains("Enter/Tab accept"), "\(pilot.screen)")
        #expect(!pilot.lines[11].contains("Tab next"), "\(pilot.lines[11])")
        pilot.press(.escape)
        #expect(pilot.lines[11].hasPrefix("→ complete · Tab/Enter next"), "\(pilot.lines[11])")
    }
}
