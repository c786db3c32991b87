import CatalogCore
import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// The catalog on a headless terminal of `height` rows, 80 columns. The test keeps the
/// screen (its bindings and key handlers live as long as it does).
@MainActor
private func makePilot(height: Int = 24) throws -> (CatalogScreen, Pilot) {
    let screen = CatalogScreen()
    let pilot = try Pilot(root: screen.root, size: Size(width: 80, height: height))
    screen.attach(to: pilot.app)
    return (screen, pilot)
}

@MainActor
@Suite("tether-catalog's screen")
struct CatalogScreenTests {
    @Test("the list names every widget, container and presentation under its group")
    func listsEverything() throws {
        let screen = CatalogScreen()
        let titles = screen.entries.map(\.title)
        #expect(
            titles == [
                "Label", "TextField", "SecureField", "TextArea", "Typed field", "Toggle", "Slider", "Button", "Picker",
                "CheckList", "Dropdown", "DateField", "Form", "Panel", "Stacks", "Popup", "Full screen", "Inline",
                "Accessible", "Scripted",
            ])
        #expect(Set(screen.entries.map(\.group)) == Set(CatalogEntry.Group.allCases))
    }

    @Test(
        "at 80×24 the first entry shows live, with its view model's state and its code; the cut list keeps a column for ▼"
    )
    func firstScreen() throws {
        let (screen, pilot) = try makePilot()
        defer { withExtendedLifetime(screen) {} }
        #expect(pilot.lines[0] == "┌─ Catalog ──────┐┌─ Example " + String(repeating: "─", count: 50) + "┐")
        #expect(pilot.lines[1].hasPrefix("│ Widgets        ││ Hello from a Label "))
        #expect(pilot.lines[2].hasPrefix("│ › Label        │"))
        #expect(pilot.lines[4].contains("│ greeting: \"Hello from a Label\""))
        #expect(pilot.lines[7].contains("│ let label = Label()"))
        #expect(pilot.lines[23].hasPrefix("↑/↓ example · Tab next"))
    }

    @Test("on the entry list the bar names no Enter, which does nothing there, and Esc, which leaves")
    func entryListBarSaysNoEnter() throws {
        let (screen, pilot) = try makePilot()
        defer { withExtendedLifetime(screen) {} }
        #expect(!pilot.lines[23].contains("Enter"), "\(pilot.lines[23])")
        #expect(pilot.lines[23].contains("Esc cancel"), "\(pilot.lines[23])")
    }

    @Test("a list cut off by a short terminal says so with ▼ below, then ▲ above once scrolled")
    func cutListMarked() throws {
        let (_, pilot) = try makePilot(height: 12)
        let listColumn = { (line: String) in String(line.prefix(17)) }
        #expect(pilot.lines.contains { listColumn($0).contains("▼") }, "\(pilot.screen)")
        #expect(!pilot.lines.contains { listColumn($0).contains("▲") })
        pilot.press(.down, times: 10)
        #expect(pilot.lines.contains { listColumn($0).contains("▲") }, "\(pilot.screen)")
    }

    @Test("Down in the list shows the next entry at once")
    func downShowsNext() throws {
        let (screen, pilot) = try makePilot()
        pilot.press(.down)
        #expect(screen.selection == 1)
        #expect(pilot.lines[1] == "│ Widgets        ││ your name" + String(repeating: " ", count: 50) + "│")
        #expect(pilot.lines[3].hasPrefix("│ › TextField    │"))
        #expect(pilot.screen.contains("field.rx.text <-> model.name"))
    }

    @Test("typing in the example updates the view-model panel beside it")
    func stateFollowsEdits() throws {
        let (screen, pilot) = try makePilot()
        screen.choose(1)
        pilot.press(.tab)
        pilot.type("Ada")
        #expect(pilot.screen.contains("name: \"Ada\""))
    }

    @Test("the password's view model shows only how many characters it has, never the text")
    func passwordNeverShown() throws {
        let (screen, pilot) = try makePilot()
        screen.choose(2)
        pilot.press(.tab)
        pilot.type("hunter2")
        #expect(pilot.screen.contains("password: 7 characters"))
        #expect(!pilot.screen.contains("hunter2"))
    }

    @Test("the date field refuses 31 February in the catalog and its model keeps the last date")
    func dateField() throws {
        let (screen, pilot) = try makePilot()
        screen.choose(screen.entries.firstIndex { $0.title == "DateField" }!)
        pilot.press(.tab)
        pilot.type("31")
        #expect(pilot.screen.contains("31 November 2026 is not a date: November"), "\(pilot.screen)")
        #expect(pilot.screen.contains("has 30 days."))
        pilot.type("02")
        #expect(pilot.screen.contains("Born  31/02/2026"))
        #expect(pilot.screen.contains("31 February 2026 is not a date"))
        #expect(pilot.screen.contains("born: day 27, month 11, year 2026"))
    }

    @Test("a slider's arrows reach its bound minutes")
    func slider() throws {
        let (screen, pilot) = try makePilot()
        screen.choose(screen.entries.firstIndex { $0.title == "Slider" }!)
        pilot.press(.tab, .right)
        #expect(pilot.screen.contains("minutes: 35"))
    }

    @Test("the list scrolls to keep the chosen entry in view")
    func listScrolls() throws {
        let (screen, pilot) = try makePilot()
        screen.choose(screen.entries.count - 1)
        #expect(pilot.screen.contains("› Scripted"))
        #expect(pilot.screen.contains("│ printf 'demo\\ntether-demo\\n\\n\\n\\n' |"))
        #expect(pilot.screen.contains("│   login-demo --accessible > outcome.txt"))
    }

    @Test("at 80×8 the example and the view model stay, the code is left out, and nothing reads too small")
    func shortTerminal() throws {
        let (screen, pilot) = try makePilot(height: 8)
        #expect(!pilot.screen.contains("too small"))
        #expect(pilot.lines[1].contains("Hello from a Label"))
        #expect(pilot.lines[4].contains("greeting:"))
        #expect(!pilot.screen.contains("Code"))
        screen.choose(screen.entries.firstIndex { $0.title == "DateField" }!)
        #expect(pilot.screen.contains("› DateField"))
        #expect(pilot.lines[7].hasPrefix("↑/↓ example"))
    }

    @Test("a terminal made tall again fills the list down to its last entry, with no rows left blank")
    func tallAgain() throws {
        let (screen, pilot) = try makePilot(height: 8)
        screen.choose(screen.entries.firstIndex { $0.title == "Dropdown" }!)
        #expect(pilot.lines[1].hasPrefix("│   Slider"))
        pilot.resize(to: Size(width: 80, height: 24))
        #expect(pilot.lines[21].hasPrefix("│   Scripted"))
        #expect(pilot.lines[10].hasPrefix("│ › Dropdown"))
    }

    @Test("a drop-down example keeps its own width")
    func exampleWidth() throws {
        let (screen, pilot) = try makePilot()
        screen.choose(screen.entries.firstIndex { $0.title == "Dropdown" }!)
        #expect(pilot.lines[1].hasPrefix("│ Widgets        ││ [choose a country ▾]"))
    }

    @Test("Esc quits the catalog")
    func escQuits() throws {
        let (screen, pilot) = try makePilot()
        pilot.press(.escape)
        #expect(pilot.app.exit == .quit)
        withExtendedLifetime(screen) {}
    }

    @Test("Esc after typing into the Form example asks before quitting; Keep editing keeps the catalog")
    func escAsksAfterEdits() throws {
        let (screen, pilot) = try makePilot()
        screen.choose(screen.entries.firstIndex { $0.title == "Form" }!)
        pilot.press(.tab)
        pilot.type("hello")
        pilot.press(.escape)
        #expect(pilot.app.exit == nil)
        #expect(pilot.screen.contains("Unsaved changes in Name."), "\(pilot.screen)")
        pilot.press(.enter)
        #expect(pilot.app.exit == nil)
        pilot.press(.escape)
        pilot.press(.tab, .enter)
        #expect(pilot.app.exit == .quit)
        withExtendedLifetime(screen) {}
    }
}
