import Testing
import TetherReactive
import TetherTesting
import TetherUI

@MainActor
private func countryDropdown(_ selection: Country? = france) -> Dropdown<Country> {
    Dropdown(options: [germany, france, spain], selection: selection, title: \.name)
}

/// The dropdown in a form field labelled "Country", a field under it.
@MainActor
private struct DropdownForm {
    let dropdown: Dropdown<Country>
    let next = TextField(placeholder: "next")
    let pilot: Pilot

    init(_ dropdown: Dropdown<Country> = countryDropdown(), size: Size = Size(width: 30, height: 8)) throws {
        self.dropdown = dropdown
        let form = Form()
        form.addField("Country", dropdown)
        form.addField("Next", next)
        pilot = try Pilot(root: form, size: size)
        pilot.app.verifiesPartialRedraws = true
    }
}

@MainActor
@Suite("Dropdown")
struct DropdownTests {
    @Test("a closed dropdown shows the chosen option and an arrow")
    func drawsClosed() throws {
        let form = try DropdownForm()
        #expect(form.pilot.lines[0] == "Country  [France  ▾]")
    }

    @Test("a dropdown with nothing chosen shows its placeholder")
    func drawsPlaceholder() throws {
        let form = try DropdownForm(Dropdown(options: [spain], placeholder: "pick one", title: \.name))
        #expect(form.pilot.lines[0] == "Country  [pick one ▾]")
    }

    @Test("Enter opens the list below the dropdown with the chosen option highlighted")
    func enterOpensBelow() throws {
        let form = try DropdownForm()
        form.pilot.press(.enter)
        #expect(
            Array(form.pilot.lines.prefix(6)) == [
                "Country  [France  ▾]", "Next     ┌────────────┐", "         │ Germany    │", "         │ France     │",
                "         │ Spain      │", "         └────────────┘",
            ])
        #expect(form.pilot.backend.screen[10, 3].style == Theme.default.focused)
        #expect(form.dropdown.isOpen)
    }

    @Test("Space, Alt-↓ and a click open the list too")
    func otherWaysOpen() throws {
        let form = try DropdownForm()
        form.pilot.press(.space)
        #expect(form.dropdown.isOpen)
        form.pilot.press(.escape)
        form.pilot.press(KeyEvent(.down, modifiers: .alt))
        #expect(form.dropdown.isOpen)
        form.pilot.press(.escape)
        form.pilot.click(on: form.dropdown, offset: 3)
        #expect(form.dropdown.isOpen)
    }

    @Test("↓ then Enter chooses the next option, closes the list and reports the choice")
    func downEnterChooses() throws {
        let form = try DropdownForm()
        var reported: [Country?] = []
        let subscription = form.dropdown.rx.selection.changed.subscribe(onNext: { reported.append($0) })
        defer { subscription.dispose() }
        form.pilot.press(.enter, .down, .enter)
        #expect(form.pilot.lines[0] == "Country  [Spain   ▾]")
        #expect(form.pilot.lines[1] == "Next     next")
        #expect(reported == [spain])
        #expect(form.pilot.focusedWidget === form.dropdown)
    }

    @Test("Esc closes the list without changing the choice")
    func escapeKeepsChoice() throws {
        let form = try DropdownForm()
        form.pilot.press(.enter, .up, .escape)
        #expect(!form.dropdown.isOpen)
        #expect(form.dropdown.selection == france)
    }

    @Test("Tab chooses the highlighted option and moves focus on")
    func tabChoosesAndMovesOn() throws {
        let form = try DropdownForm()
        form.pilot.press(.enter, .up, .tab)
        #expect(form.dropdown.selection == germany)
        #expect(form.pilot.focusedWidget === form.next)
    }

    @Test("Tab on a list opened with nothing chosen and left untouched moves on without choosing")
    func tabOnUntouchedListChoosesNothing() throws {
        let form = try DropdownForm(countryDropdown(nil))
        form.pilot.press(.enter, .tab)
        #expect(form.dropdown.selection == nil)
        #expect(!form.dropdown.isOpen)
        #expect(form.pilot.focusedWidget === form.next)
    }

    @Test("typing filters the list by substring, case-insensitively, with the match highlighted")
    func typingFilters() throws {
        let form = try DropdownForm()
        form.pilot.press(.enter)
        form.pilot.type("AN")
        #expect(
            Array(form.pilot.lines.prefix(5)) == [
                "Country  [AN      ▾]", "Next     ┌────────────┐", "         │ Germany    │", "         │ France     │",
                "         └────────────┘",
            ])
        #expect(form.pilot.backend.screen[15, 2].style.attributes.contains(.underline))
        #expect(!form.pilot.backend.screen[14, 2].style.attributes.contains(.underline))
        form.pilot.press(.enter)
        #expect(form.dropdown.selection == germany)
    }

    @Test("the filter ranks exact titles first, then those starting with it, then the rest, as answers by ear do")
    func filterRanksExactThenPrefix() throws {
        let editors = Dropdown(options: ["Emacs", "Neovim", "Vim", "Visual Studio"], selection: nil, title: \.self)
        let form = Form()
        form.addField("Editor", editors)
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        pilot.press(.enter)
        pilot.type("vi")
        #expect(pilot.lines[2].contains("Vim") && pilot.lines[3].contains("Visual Studio"))
        #expect(pilot.lines[4].contains("Neovim"), "\(pilot.screen)")
        pilot.type("m")
        #expect(pilot.lines[2].contains("Vim") && pilot.lines[3].contains("Neovim"), "\(pilot.screen)")
        pilot.press(.enter)
        #expect(editors.selection == "Vim")
    }

    @Test("Backspace widens the filter again")
    func backspaceWidens() throws {
        let form = try DropdownForm()
        form.pilot.press(.enter)
        form.pilot.type("sp")
        #expect(
            Array(form.pilot.lines.prefix(4)) == [
                "Country  [sp      ▾]", "Next     ┌────────────┐", "         │ Spain      │", "         └────────────┘",
            ])
        form.pilot.press(.backspace)
        #expect(
            Array(form.pilot.lines.prefix(4)) == [
                "Country  [s       ▾]", "Next     ┌────────────┐", "         │ Spain      │", "         └────────────┘",
            ])
        form.pilot.press(.backspace)
        #expect(
            Array(form.pilot.lines.prefix(5)) == [
                "Country  [France  ▾]", "Next     ┌────────────┐", "         │ Germany    │", "         │ France     │",
                "         │ Spain      │",
            ])
    }

    @Test("a filter that matches nothing shows no matches, not an empty box")
    func noMatches() throws {
        let form = try DropdownForm()
        form.pilot.press(.enter)
        form.pilot.type("xyz")
        #expect(form.pilot.lines[2] == "         │ no matches │")
        form.pilot.press(.escape)
        #expect(form.dropdown.selection == france)
    }

    @Test("typing on a closed dropdown opens it filtered")
    func typingOpens() throws {
        let form = try DropdownForm()
        form.pilot.type("g")
        #expect(form.dropdown.isOpen)
        #expect(
            Array(form.pilot.lines.prefix(4)) == [
                "Country  [g       ▾]", "Next     ┌────────────┐", "         │ Germany    │", "         └────────────┘",
            ])
    }

    @Test("a long list scrolls to keep the highlight visible with PgDn, End and Home")
    func longListScrolls() throws {
        let numbers = Dropdown(options: Array(1...50), selection: 1)
        numbers.maximumVisibleRows = 4
        let form = Form()
        form.addRow(numbers)
        let pilot = try Pilot(root: form, size: Size(width: 20, height: 8))
        pilot.press(.enter, .pageDown)
        #expect(Array(pilot.lines[2...5]) == boxed(["1", "2", "3", "4"], below: true))
        pilot.press(.pageDown)
        #expect(Array(pilot.lines[2...5]) == boxed(["4", "5", "6", "7"], above: true, below: true))
        pilot.press(.end)
        #expect(Array(pilot.lines[2...5]) == boxed(["47", "48", "49", "50"], above: true))
        pilot.press(.home, .enter)
        #expect(numbers.selection == 1)
    }

    @Test("the wheel moves the highlight and a click on a row chooses it")
    func wheelAndClick() throws {
        let form = try DropdownForm()
        form.pilot.press(.enter)
        form.pilot.scroll(at: Point(x: 10, y: 3), steps: -1)
        #expect(form.pilot.backend.screen[10, 4].style == Theme.default.focused)
        form.pilot.click(at: Point(x: 12, y: 2))
        #expect(form.dropdown.selection == germany)
        #expect(!form.dropdown.isOpen)
    }

    @Test("Enter with a filter that matches nothing keeps the list and its filter, and says why")
    func enterWithNoMatchSaysWhy() throws {
        let form = try DropdownForm()
        form.pilot.press(.enter)
        form.pilot.type("xyz")
        form.pilot.press(.enter)
        #expect(form.dropdown.isOpen)
        #expect(form.pilot.lines[2] == "         │ no matches │")
        #expect(form.pilot.app.notice == "No option matches “xyz”: Backspace widens the search, Esc closes the list")
        form.pilot.press(.backspace, .backspace, .backspace)
        #expect(form.pilot.app.notice == nil)
        #expect(form.dropdown.isOpen)
    }

    @Test("Enter with only an unavailable option matching keeps the list open and says it is not available")
    func enterOnUnavailableSaysWhy() throws {
        let dropdown = countryDropdown(germany)
        dropdown.disabledOptions = [france]
        let form = try DropdownForm(dropdown)
        form.pilot.press(.enter)
        form.pilot.type("fra")
        form.pilot.press(.enter)
        #expect(dropdown.isOpen)
        #expect(dropdown.selection == germany)
        #expect(form.pilot.app.notice == "France is not available: choose another option")
    }

    @Test("disabled options are dimmed and skipped by the highlight and clicks")
    func disabledSkipped() throws {
        let dropdown = countryDropdown(germany)
        dropdown.disabledOptions = [france]
        let form = try DropdownForm(dropdown)
        form.pilot.press(.enter)
        #expect(form.pilot.backend.screen[10, 3].style == Theme.default.disabled)
        form.pilot.click(at: Point(x: 10, y: 3))
        #expect(dropdown.isOpen)
        form.pilot.press(.down, .enter)
        #expect(dropdown.selection == spain)
    }

    @Test("the list opens above the dropdown near the bottom edge")
    func opensAboveAtBottom() throws {
        let form = Form()
        for row in 0..<4 { form.addRow(Label("row \(row)")) }
        let dropdown = countryDropdown()
        form.addRow(dropdown)
        let pilot = try Pilot(root: form, size: Size(width: 20, height: 6))
        pilot.press(.enter)
        #expect(pilot.lines == ["row 0", " Germany", " France", " Spain", "[France  ▾]", ""])
    }

    @Test("the list moves left to stay on screen at the right edge")
    func movesLeftAtRightEdge() throws {
        let dropdown = Dropdown(options: ["a long option name"], width: 6)
        let row = HStack(spacing: 0, [Label("xxxxxxxxxxxxxx"), dropdown])
        let pilot = try Pilot(root: VStack(alignment: .leading, [row, Label("")]), size: Size(width: 20, height: 3))
        pilot.press(.enter)
        #expect(pilot.lines[1] == " a long option name")
    }

    @Test("the list is as wide as the widest option within the screen, cut with an ellipsis")
    func widthFitsScreen() throws {
        let dropdown = Dropdown(options: ["short", "a very long option that does not fit"], width: 8)
        let pilot = try makeChoicePilot(dropdown, size: Size(width: 16, height: 4))
        pilot.press(.enter)
        #expect(Array(pilot.lines[1...2]) == [" short", " a very long op…"])
    }

    @Test("after a resize the open list is re-anchored under the dropdown")
    func reanchoredAfterResize() throws {
        let dropdown = countryDropdown()
        let pilot = try Pilot(root: Center(dropdown), size: Size(width: 21, height: 9))
        pilot.press(.enter)
        #expect(pilot.lines[5] == "      Germany")
        pilot.resize(to: Size(width: 31, height: 5))
        #expect(pilot.lines[3] == "           Germany")
    }

    @Test("CJK and emoji options are measured by display width and truncated with an ellipsis")
    func wideTitles() throws {
        let dropdown = Dropdown(options: ["東京都", "🇯🇵 日本の長い地名です"], selection: "東京都", width: 10)
        let pilot = try makeChoicePilot(dropdown, size: Size(width: 12, height: 4))
        #expect(pilot.lines[0] == "[東京都 ▾]")
        pilot.press(.enter)
        #expect(pilot.lines[2] == " 🇯🇵 日本の…")
    }

    @Test("options changing under an open, filtered list keep the filter and clear a vanished choice")
    func optionsChangeWhileOpen() throws {
        let form = try DropdownForm()
        let model = BehaviorRelay<Country?>(value: france)
        let binding = form.dropdown.rx.selection <-> model
        defer { binding.dispose() }
        form.pilot.press(.enter)
        form.pilot.type("n")
        form.dropdown.rx.options.onNext([spain, germany])
        form.pilot.app.renderIfNeeded()
        #expect(model.value == nil)
        #expect(
            Array(form.pilot.lines.prefix(5)) == [
                "Country  [n       ▾]", "Next     ┌────────────┐", "         │ Spain      │", "         │ Germany    │",
                "         └────────────┘",
            ])
    }

    @Test("a list taller than the room below is cut to it, scrolls inside it and shows ▲ while rows are above")
    func cutToRoomAndScrolls() throws {
        let numbers = Dropdown(options: Array(1...20), selection: 1)
        let pilot = try makeChoicePilot(numbers, size: Size(width: 20, height: 4))
        pilot.press(.enter, .end)
        #expect(pilot.lines == ["[1    ▾]", " 18        ▲", " 19", " 20"])
    }

    @Test("Shift-Tab chooses the highlighted option and moves focus back")
    func backTabChoosesAndMovesBack() throws {
        let field = TextField(placeholder: "first")
        let dropdown = countryDropdown()
        let pilot = try makeChoicePilot(field, dropdown)
        pilot.press(.tab, .enter, .down, .backTab)
        #expect(dropdown.selection == spain)
        #expect(pilot.focusedWidget === field)
    }

    @Test("options changing under an open list keep the highlighted option highlighted where it moved")
    func highlightFollowsOptionsChange() throws {
        let form = try DropdownForm()
        form.pilot.press(.enter)
        form.dropdown.options = [spain, germany, france]
        form.pilot.app.renderIfNeeded()
        #expect(form.pilot.lines[4] == "         │ France     │")
        #expect(form.pilot.backend.screen[10, 4].style == Theme.default.focused)
        #expect(form.pilot.backend.screen[10, 3].style == Theme.default.normal)
    }
}

/// `titles` as the rows of a list popup 12 columns wide inside its border, at the left edge.
/// `titles` as rows of a boxed list 12 cells wide, with `▲` on the first row when rows are
/// `above` and `▼` on the last when rows are `below`.
private func boxed(_ titles: [String], above: Bool = false, below: Bool = false) -> [String] {
    titles.enumerated().map { index, title in
        let marker = index == 0 && above ? "▲" : index == titles.count - 1 && below ? "▼" : " "
        return "│ " + title + String(repeating: " ", count: 10 - title.count) + marker + "│"
    }
}
