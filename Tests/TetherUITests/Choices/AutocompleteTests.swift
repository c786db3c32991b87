import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A city field with suggestions and a field under it, both 20 columns wide.
@MainActor
private struct CityForm {
    let city = TextField(width: 20)
    let next = TextField(placeholder: "next", width: 20)
    let pilot: Pilot

    init(suggestions: [String] = ["Berlin", "Bern", "Bergen"], city: TextField? = nil) throws {
        let field = city ?? self.city
        let form = Form()
        form.addField("City", field)
        form.addField("Next", next)
        field.suggestions = suggestions
        pilot = try Pilot(root: form, size: Size(width: 30, height: 8))
        pilot.app.verifiesPartialRedraws = true
    }
}

@MainActor
@Suite("Autocomplete")
struct AutocompleteTests {
    @Test("the first suggestion that starts with the text is shown as ghost text after the caret")
    func ghostText() throws {
        let form = try CityForm()
        form.pilot.type("bern")
        #expect(form.pilot.lines[0] == "City  bern")
        form.city.suggestions = ["Bernau", "Bern"]
        form.pilot.app.renderIfNeeded()
        #expect(form.pilot.lines[0] == "City  bernau")
        #expect(form.pilot.backend.screen[10, 0].style == Theme.default.placeholder)
        #expect(form.city.text == "bern")
    }

    @Test("→ accepts the ghost text as a user edit reported on rx.text")
    func rightAcceptsGhost() throws {
        let form = try CityForm()
        var reported: [String] = []
        let subscription = form.city.rx.text.changed.subscribe(onNext: { reported.append($0) })
        defer { subscription.dispose() }
        form.pilot.type("be")
        form.pilot.press(.right)
        #expect(form.city.text == "Berlin")
        #expect(reported == ["b", "be", "Berlin"])
        #expect(form.pilot.lines[0] == "City  Berlin")
    }

    @Test("End accepts the ghost text too")
    func endAcceptsGhost() throws {
        let form = try CityForm()
        form.pilot.type("berg")
        form.pilot.press(.end)
        #expect(form.city.text == "Bergen")
    }

    @Test("the suggestions are listed under the focused field")
    func popupListsSuggestions() throws {
        let form = try CityForm()
        form.pilot.type("b")
        #expect(
            Array(form.pilot.lines.prefix(6)) == [
                "City  berlin", "Next  ┌────────────────────┐", "      │ Berlin             │",
                "      │ Bern               │", "      │ Bergen             │", "      └────────────────────┘",
            ])
        #expect(form.pilot.focusedWidget === form.city)
    }

    @Test("F1 with the suggestions open shows the key list; closing it, focus and the text are back in the field")
    func keyListOverSuggestions() throws {
        let form = try CityForm()
        form.pilot.app.showsKeyHelp = true
        form.pilot.type("be")
        form.pilot.press(.function(1))
        #expect(form.pilot.screen.contains("Keys"), "\(form.pilot.screen)")
        form.pilot.press(.escape)
        #expect(form.pilot.focusedWidget === form.city, "\(form.pilot.screen)")
        #expect(form.city.text == "be")
    }

    @Test("↓ then Enter accepts the highlighted suggestion and closes the list")
    func downEnterAccepts() throws {
        let form = try CityForm()
        form.pilot.type("b")
        form.pilot.press(.down, .down, .enter)
        #expect(form.city.text == "Bern")
        #expect(Array(form.pilot.lines.prefix(2)) == ["City  Bern", "Next  next"])
        #expect(form.pilot.focusedWidget === form.city)
    }

    @Test("↑ from no highlight goes to the last suggestion and Tab accepts it")
    func upTabAccepts() throws {
        let form = try CityForm()
        form.pilot.type("b")
        form.pilot.press(.up, .tab)
        #expect(form.city.text == "Bergen")
        #expect(form.pilot.focusedWidget === form.city)
    }

    @Test("Tab moves on as usual while no suggestion is highlighted or the list is closed")
    func tabNotStolen() throws {
        let form = try CityForm()
        form.pilot.type("x")
        form.pilot.press(.escape, .tab)
        #expect(form.pilot.focusedWidget === form.next)
        #expect(form.city.text == "x")
    }

    @Test("Esc closes the list until the next edit")
    func escapeDismisses() throws {
        let form = try CityForm()
        form.pilot.type("b")
        form.pilot.press(.escape)
        #expect(form.pilot.lines[1] == "Next  next")
        form.pilot.type("e")
        #expect(form.pilot.lines[2] == "      │ Berlin             │")
    }

    @Test("a click on a suggestion accepts it")
    func clickAccepts() throws {
        let form = try CityForm()
        form.pilot.type("b")
        form.pilot.click(at: Point(x: 8, y: 4))
        #expect(form.city.text == "Bergen")
        #expect(form.pilot.focusedWidget === form.city)
    }

    @Test("the list closes when the field loses focus")
    func closesOnBlur() throws {
        let form = try CityForm()
        form.pilot.type("b")
        form.pilot.press(.tab)
        #expect(form.pilot.focusedWidget === form.next)
        #expect(form.pilot.lines[1] == "Next  next")
    }

    @Test("a secure field never shows suggestions or ghost text")
    func secureFieldNever() throws {
        let secure = SecureField(width: 20)
        let form = try CityForm(city: secure)
        form.pilot.type("be")
        #expect(Array(form.pilot.lines.prefix(2)) == ["City  ••", "Next  next"])
        form.pilot.press(.right, .down, .enter)
        #expect(secure.text == "be")
    }

    @Test("suggestions fed from a debounced search appear once the user pauses")
    func debouncedSearch() throws {
        let cities = ["Berlin", "Bern", "Paris", "Porto"]
        let form = try CityForm(suggestions: [])
        let search = form.city.rx.text.changed
            .debounce(.milliseconds(300), scheduler: form.pilot.scheduler)
            .map { typed in cities.filter { $0.lowercased().hasPrefix(typed.lowercased()) } }
            .bind(to: form.city.rx.suggestions)
        defer { search.dispose() }
        form.pilot.type("p")
        #expect(form.pilot.lines[1] == "Next  next")
        form.pilot.advance(by: .milliseconds(300))
        #expect(
            Array(form.pilot.lines.prefix(5)) == [
                "City  paris", "Next  ┌────────────────────┐", "      │ Paris              │",
                "      │ Porto              │", "      └────────────────────┘",
            ])
    }

    @Test("a revealed secure field still never shows suggestions")
    func revealedSecureFieldNever() throws {
        let secure = SecureField(width: 20)
        secure.isRevealed = true
        let form = try CityForm(city: secure)
        form.pilot.type("be")
        #expect(Array(form.pilot.lines.prefix(2)) == ["City  be", "Next  next"])
    }

    @Test("focus arriving at a field with old suggestions does not open the list")
    func focusAloneDoesNotOpen() throws {
        let form = try CityForm()
        form.pilot.press(.tab)
        form.pilot.press(.backTab)
        #expect(form.pilot.focusedWidget === form.city)
        #expect(form.pilot.lines[1] == "Next  next")
    }

    @Test("the wheel moves the highlight in the open list")
    func wheelMoves() throws {
        let form = try CityForm()
        form.pilot.type("b")
        form.pilot.scroll(at: Point(x: 8, y: 2), steps: -2)
        form.pilot.press(.enter)
        #expect(form.city.text == "Bern")
    }

    @Test("a suggestion list longer than its rows shows ▼ while more are below and ▲ once some are above")
    func suggestionMarkers() throws {
        let form = try CityForm(suggestions: (1...12).map { "Bay \($0)" })
        form.pilot.type("b")
        #expect(form.pilot.screen.contains("▼"))
        #expect(!form.pilot.screen.contains("▲"))
        form.pilot.press(.up)
        #expect(form.pilot.screen.contains("▲"))
        #expect(!form.pilot.screen.contains("▼"))
    }
}
