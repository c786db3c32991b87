import SignupCore
import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// The sign-up screen on a 60×16 headless terminal, on virtual time.
@MainActor
private struct SignupApp {
    let viewModel: SignupViewModel
    let screen: SignupScreen
    let pilot: Pilot

    init() throws {
        let scheduler = TestScheduler()
        viewModel = SignupViewModel(scheduler: scheduler)
        screen = SignupScreen(viewModel: viewModel)
        pilot = try Pilot(root: screen.root, size: Size(width: 60, height: 16), scheduler: scheduler)
        screen.attach(to: pilot.app)
        pilot.app.verifiesPartialRedraws = true
    }

    func line(containing text: String) -> String { pilot.lines.first { $0.contains(text) } ?? "" }
}

@MainActor
@Suite("Signup screen")
struct SignupScreenTests {
    @Test("the form shows the four choosing widgets with the model's starting values")
    func startingScreen() throws {
        let app = try SignupApp()
        #expect(app.line(containing: "Country").contains("Country *  [choose a country     ▾]"))
        #expect(app.line(containing: "Plan").contains("Plan       (•) Free  ( ) Pro  ( ) Team"))
        #expect(app.line(containing: "Contact").contains("Contact *  [x] Email  [ ] SMS  [ ] Post"))
    }

    @Test("Enter in the age field with no country names the required field and focuses it")
    func enterExplainsRequired() throws {
        let app = try SignupApp()
        app.screen.age.focus()
        app.pilot.press(.enter)
        #expect(app.pilot.screen.contains("Country is required"))
        #expect(app.pilot.screen.contains("2 fields need attention: Country, City"))
        #expect(app.pilot.focusedWidget === app.screen.country)
    }

    @Test("typing in the country dropdown filters it and Enter chooses the match")
    func chooseCountryByTyping() throws {
        let app = try SignupApp()
        app.pilot.press(.enter)
        app.pilot.type("fra")
        app.pilot.press(.enter)
        #expect(app.viewModel.country.value == Country("France", "FR"))
        #expect(app.line(containing: "Country").contains("[France"))
    }

    @Test("the plan and the contact preferences reach the view model")
    func planAndContact() throws {
        let app = try SignupApp()
        app.pilot.press(.tab)
        app.pilot.press(.right)
        app.pilot.press(.tab)
        app.pilot.press(.right, .space)
        #expect(app.viewModel.plan.value == .pro)
        #expect(app.viewModel.contact.value == [.email, .sms])
    }

    @Test("unchecking every contact shows the check list's validation message")
    func contactValidation() throws {
        let app = try SignupApp()
        app.pilot.press(.tab, .tab, .space)
        #expect(app.pilot.screen.contains("Choose at least 1"))
        #expect(app.viewModel.contact.value.isEmpty)
    }

    @Test("the city field is fed by the view model's debounced search and → accepts the suggestion")
    func cityAutocomplete() async throws {
        let app = try SignupApp()
        app.screen.city.focus()
        app.pilot.type("ber")
        app.pilot.advance(by: .milliseconds(250))
        await app.pilot.settle()
        app.pilot.advance(by: .milliseconds(50))
        await app.pilot.settle()
        #expect(app.line(containing: "City").contains("City *     berlin"))
        #expect(app.pilot.screen.contains("Bergen"))
        app.pilot.press(.right)
        #expect(app.viewModel.city.value == "Berlin")
    }

    @Test("the age field shows the model's age and a typed age reaches the model")
    func typedAge() throws {
        let app = try SignupApp()
        #expect(app.line(containing: "Age").contains("Age        30"))
        app.screen.age.focus()
        app.pilot.press(.end, .backspace, .backspace)
        app.pilot.type("42")
        #expect(app.viewModel.age.value == 42)
    }

    @Test("an age out of range stays as typed and its message shows once the field is left")
    func ageOutOfRange() throws {
        let app = try SignupApp()
        app.screen.age.focus()
        app.pilot.press(.end)
        app.pilot.type("0")
        #expect(app.line(containing: "Age").contains("Age        300"))
        #expect(!app.pilot.screen.contains("Enter a whole number"))
        app.pilot.press(.tab)
        #expect(app.pilot.screen.contains("Enter a whole number between 0 and 150"))
        #expect(app.viewModel.age.value == 30)
    }

    @Test("the about area takes several lines, with CJK, and they reach the model")
    func aboutArea() throws {
        let app = try SignupApp()
        app.screen.about.focus()
        app.pilot.type("hello 世界")
        app.pilot.press(.enter)
        app.pilot.type("second")
        #expect(app.viewModel.about.value == "hello 世界\nsecond")
        let about = app.line(containing: "About")
        let row = try #require(app.pilot.lines.firstIndex(of: about))
        #expect(about.contains("About      hello 世界"))
        #expect(app.pilot.lines[row + 1].contains("         second"))
    }

    @Test(
        "the key-help bar on the bottom row follows focus: the dropdown's key, the picker's, Enter as next, then the area's"
    )
    func keyHelpBar() throws {
        let app = try SignupApp()
        #expect(app.pilot.lines[15] == "Enter open list · Tab next · Ctrl-C quit · F1 more")
        app.pilot.press(.tab)
        #expect(app.pilot.lines[15].hasPrefix("←/→ choose · Tab/Enter next"))
        app.pilot.press(.tab, .tab)
        #expect(app.pilot.lines[15] == "Tab/Enter next · Esc cancel · Ctrl-C quit · F1 more")
        app.pilot.press(.tab, .tab)
        #expect(app.pilot.lines[15] == "Enter new line · Tab next · Ctrl-C quit · F1 more")
    }

    @Test("Esc with a city typed asks before leaving, naming it; Esc at the question keeps editing")
    func escapeAsksBeforeLeaving() throws {
        let app = try SignupApp()
        app.pilot.press(.tab, .tab, .tab)
        app.pilot.type("Lis")  // no suggestions yet: they come after the search's debounce
        app.pilot.press(.escape)
        #expect(app.pilot.screen.contains("Discard changes?"))
        #expect(app.pilot.screen.contains("Unsaved changes in City."))
        app.pilot.press(.escape)
        #expect(!app.pilot.screen.contains("Discard changes?"))
        #expect(app.pilot.app.exit == nil)
        app.pilot.press(.escape)
        app.pilot.press(.tab, .enter)
        #expect(app.pilot.app.exit == .quit)
    }

    @Test("Esc after an age typed out of range asks before leaving: the typed text counts as a change")
    func escapeAsksAfterRefusedAge() throws {
        let app = try SignupApp()
        app.screen.age.focus()
        app.pilot.press(.end)
        app.pilot.type("0")
        app.pilot.press(.tab, .escape)
        #expect(app.pilot.screen.contains("Unsaved changes in Age."), "\(app.pilot.screen)")
        #expect(app.pilot.app.exit == nil)
    }

    @Test("Esc at the untouched form leaves at once")
    func escapeLeavesUntouched() throws {
        let app = try SignupApp()
        app.pilot.press(.escape)
        #expect(app.pilot.app.exit == .quit)
    }

    @Test("↓ through the horizontal plan and contact rows moves focus and changes neither")
    func downChangesNothing() throws {
        let app = try SignupApp()
        app.pilot.press(.down, .down, .down)
        #expect(app.pilot.focusedWidget === app.screen.city)
        #expect(app.viewModel.plan.value == .free)
        #expect(app.viewModel.contact.value == [.email])
    }

    @Test("? on the plan row opens the help overlay, and Esc closes it before Esc leaves the form")
    func helpOverlayThenEsc() throws {
        let app = try SignupApp()
        app.pilot.press(.tab)
        app.pilot.type("?")
        #expect(app.pilot.screen.contains("┌─ Keys"))
        #expect(app.line(containing: "←/→").contains("choose"))
        app.pilot.press(.escape)
        #expect(!app.pilot.screen.contains("┌─ Keys"))
        #expect(app.pilot.app.exit == nil)
        app.pilot.press(.escape)
        #expect(app.pilot.app.exit == .quit)
    }
}
