import Testing
import TetherReactive
import TetherTesting
import TetherUI

@MainActor
private func countryPicker(selection: Country? = nil, axis: ChoiceAxis = .vertical) -> Picker<Country> {
    Picker(options: [germany, france, spain], selection: selection, axis: axis, title: \.name)
}

@MainActor
@Suite("Picker")
struct PickerTests {
    @Test("a vertical picker draws one radio button per row with the chosen one marked")
    func drawsVertically() throws {
        let pilot = try makeChoicePilot(countryPicker(selection: france))
        #expect(Array(pilot.lines.prefix(3)) == ["( ) Germany", "(•) France", "( ) Spain"])
    }

    @Test("a horizontal picker draws its options side by side two columns apart")
    func drawsHorizontally() throws {
        let pilot = try makeChoicePilot(
            countryPicker(selection: germany, axis: .horizontal), size: Size(width: 50, height: 3))
        #expect(pilot.lines[0] == "(•) Germany  ( ) France  ( ) Spain")
    }

    @Test("↓ moves a vertical picker's highlight without choosing, and Space chooses it, reported on rx.selection")
    func downHighlightsSpaceChooses() throws {
        let picker = countryPicker(selection: germany)
        var reported: [Country?] = []
        let subscription = picker.rx.selection.changed.subscribe(onNext: { reported.append($0) })
        defer { subscription.dispose() }
        let pilot = try makeChoicePilot(picker)
        pilot.press(.down)
        #expect(Array(pilot.lines.prefix(2)) == ["(•) Germany", "( ) France"])
        #expect(reported.isEmpty)
        pilot.press(.space)
        #expect(pilot.lines[1] == "(•) France")
        #expect(reported == [france])
    }

    @Test("→ chooses the next option of a vertical picker at once")
    func rightChoosesInVerticalPicker() throws {
        let picker = countryPicker(selection: germany)
        let pilot = try makeChoicePilot(picker)
        pilot.press(.right)
        #expect(picker.selection == france)
    }

    @Test("↑ and ↓ on a horizontal picker move focus and never change the choice")
    func verticalArrowsLeaveHorizontalPicker() throws {
        let above = TextField()
        let picker = countryPicker(selection: germany, axis: .horizontal)
        let below = TextField()
        let pilot = try makeChoicePilot(above, picker, below, size: Size(width: 50, height: 5))
        pilot.press(.down)
        #expect(pilot.focusedWidget === picker)
        pilot.press(.down)
        #expect(pilot.focusedWidget === below)
        pilot.press(.up, .up)
        #expect(pilot.focusedWidget === above)
        #expect(picker.selection == germany)
    }

    @Test("Enter chooses the highlighted option once the highlight has moved off the chosen one")
    func enterChoosesMovedHighlight() throws {
        let picker = countryPicker(selection: germany)
        let pilot = try makeChoicePilot(picker, TextField())
        pilot.press(.down, .enter)
        #expect(picker.selection == france)
        #expect(pilot.focusedWidget === picker)
    }

    @Test("Enter on the chosen option goes on to the next field and changes nothing")
    func enterOnChosenGoesOn() throws {
        let picker = countryPicker()
        let field = TextField()
        let pilot = try makeChoicePilot(picker, field)
        pilot.press(.enter)
        #expect(picker.selection == nil)
        #expect(pilot.focusedWidget === field)
    }

    @Test("the highlight starts on the chosen option again when focus comes back")
    func highlightResetsOnFocus() throws {
        let picker = countryPicker(selection: germany)
        let field = TextField()
        let pilot = try makeChoicePilot(picker, field)
        pilot.press(.down, .tab, .backTab, .space)
        #expect(picker.selection == germany)
    }

    @Test("→ and ← move the choice in a horizontal picker")
    func arrowsMoveHorizontally() throws {
        let picker = countryPicker(selection: germany, axis: .horizontal)
        let pilot = try makeChoicePilot(picker, size: Size(width: 50, height: 3))
        pilot.press(.right, .right, .left)
        #expect(picker.selection == france)
    }

    @Test("a programmatic selection is drawn but not reported")
    func programmaticNotReported() throws {
        let picker = countryPicker()
        var reported: [Country?] = []
        let subscription = picker.rx.selection.changed.subscribe(onNext: { reported.append($0) })
        defer { subscription.dispose() }
        let pilot = try makeChoicePilot(picker)
        picker.selection = spain
        pilot.app.renderIfNeeded()
        #expect(pilot.lines[2] == "(•) Spain")
        #expect(reported.isEmpty)
    }

    @Test("↓ from the last option moves focus to the next widget")
    func downPastLastMovesFocus() throws {
        let picker = countryPicker(selection: spain)
        let field = TextField()
        let pilot = try makeChoicePilot(picker, field)
        pilot.press(.down)
        #expect(pilot.focusedWidget === field)
        #expect(picker.selection == spain)
    }

    @Test("Space chooses the highlighted option when none is chosen")
    func spaceChoosesFirst() throws {
        let picker = countryPicker()
        let pilot = try makeChoicePilot(picker)
        pilot.press(.space)
        #expect(picker.selection == germany)
    }

    @Test("a click chooses the option under the pointer")
    func clickChooses() throws {
        let picker = countryPicker(axis: .horizontal)
        let pilot = try makeChoicePilot(picker, size: Size(width: 50, height: 3))
        pilot.click(at: Point(x: 15, y: 0))
        #expect(picker.selection == france)
    }

    @Test("disabled options are dimmed and skipped by the arrows and clicks")
    func disabledSkipped() throws {
        let picker = countryPicker(selection: germany)
        picker.disabledOptions = [france]
        let pilot = try makeChoicePilot(picker)
        #expect(pilot.backend.screen[4, 1].style == Theme.default.disabled)
        pilot.click(at: Point(x: 1, y: 1))
        #expect(picker.selection == germany)
        pilot.press(.right)
        #expect(picker.selection == spain)
    }

    @Test("choose(_:) of a disabled option leaves the selection and rx.selection untouched")
    func chooseDisabledIgnored() throws {
        let picker = countryPicker(selection: germany)
        picker.disabledOptions = [france]
        var reported: [Country?] = []
        let subscription = picker.rx.selection.changed.subscribe(onNext: { reported.append($0) })
        defer { subscription.dispose() }
        let pilot = try makeChoicePilot(picker)
        picker.choose(france)
        pilot.app.renderIfNeeded()
        #expect(picker.selection == germany)
        #expect(reported.isEmpty)
        picker.choose(spain)
        #expect(picker.selection == spain)
        #expect(reported == [spain])
    }

    @Test("new options keep a selection that is still among them, by equality")
    func optionsKeepSelection() throws {
        let picker = countryPicker(selection: france)
        var reported: [Country?] = []
        let subscription = picker.rx.selection.changed.subscribe(onNext: { reported.append($0) })
        defer { subscription.dispose() }
        let pilot = try makeChoicePilot(picker)
        picker.rx.options.onNext([spain, Country(name: "France", code: "FR")])
        pilot.app.renderIfNeeded()
        #expect(Array(pilot.lines.prefix(2)) == ["( ) Spain", "(•) France"])
        #expect(reported.isEmpty)
    }

    @Test("new options without the selection clear it and report nil to the bound model")
    func optionsClearSelection() throws {
        let picker = countryPicker()
        let model = BehaviorRelay<Country?>(value: france)
        let binding = picker.rx.selection <-> model
        defer { binding.dispose() }
        let pilot = try makeChoicePilot(picker)
        picker.rx.options.onNext([germany, spain])
        pilot.app.renderIfNeeded()
        #expect(model.value == nil)
        #expect(Array(pilot.lines.prefix(2)) == ["( ) Germany", "( ) Spain"])
    }

    @Test("a model selection set before the options load is kept when they arrive")
    func selectionBeforeOptions() throws {
        let picker = Picker<Country>(title: \.name)
        let model = BehaviorRelay<Country?>(value: spain)
        let binding = picker.rx.selection <-> model
        defer { binding.dispose() }
        let pilot = try makeChoicePilot(picker)
        picker.options = [germany, spain]
        pilot.app.renderIfNeeded()
        #expect(pilot.lines[1] == "(•) Spain")
        #expect(model.value == spain)
    }

    @Test("a user choice reaches a model bound with <->")
    func choiceReachesModel() throws {
        let picker = countryPicker()
        let model = BehaviorRelay<Country?>(value: germany)
        let binding = picker.rx.selection <-> model
        defer { binding.dispose() }
        let pilot = try makeChoicePilot(picker)
        pilot.press(.right)
        #expect(model.value == france)
    }

    @Test("CJK and emoji titles are measured by display width and truncated with an ellipsis")
    func wideTitlesTruncated() throws {
        let picker = Picker(options: ["日本語のタイトル", "🇫🇷 France"], selection: "日本語のタイトル")
        let pilot = try makeChoicePilot(picker, size: Size(width: 12, height: 3))
        #expect(Array(pilot.lines.prefix(2)) == ["(•) 日本語…", "( ) 🇫🇷 Fran…"])
    }
}
