import SignupCore
import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// The sign-up screen answered by a person at a terminal: the city's suggestions are offered.
@MainActor
@Suite("Signup screen's suggestions in the accessible presentation")
struct SignupSuggestionsAccessibleTests {
    let scheduler = TestScheduler()
    let viewModel: SignupViewModel
    let screen: SignupScreen
    let pilot: TranscriptPilot

    init() throws {
        viewModel = SignupViewModel(scheduler: scheduler)
        screen = SignupScreen(viewModel: viewModel)
        pilot = try TranscriptPilot(root: screen.root, scheduler: scheduler, typed: true)
    }

    /// Answers up to the city with `city`, and lets the search and the dialog's wait run.
    func answerCity(_ city: String) async {
        pilot.answer("18", "", "1", city)
        for _ in 1...10 { await pilot.advance(by: .milliseconds(100)) }
    }

    /// Lets the last debounced search start and end: each step's settle runs a task the
    /// step before started, so no search is left asleep on the virtual clock (a task that
    /// never ends is a leak under the sanitizers).
    func finishSearches() async {
        for _ in 1...10 { await pilot.advance(by: .milliseconds(100)) }
    }

    @Test("the city question does not read its typing placeholder")
    func noPlaceholder() {
        pilot.answer("18", "", "1")
        #expect(pilot.lines.last == "City (required): ")
    }

    @Test("typed part of a city, its suggestions are offered numbered and a number takes one")
    func numberTakesSuggestion() async {
        await answerCity("lis")
        #expect(
            Array(pilot.lines.suffix(2)) == [
                "Suggestions for “lis”: 1) Lisbon. Type 1 to take it, or press Enter to keep “lis”.",
                "City (required) [lis]: ",
            ])
        pilot.answer("1")
        #expect(viewModel.city.value == "Lisbon")
        #expect(pilot.lines.last == "Age [30]: ")
        await finishSearches()
    }

    @Test("an empty line after the suggestions keeps what was typed")
    func emptyKeepsTyped() async {
        await answerCity("lis")
        pilot.answer("")
        #expect(viewModel.city.value == "lis")
        #expect(pilot.lines.last == "Age [30]: ")
        await finishSearches()
    }

    @Test("a city typed in full is not offered back as a suggestion")
    func fullNameNotOffered() async {
        await answerCity("Lisbon")
        #expect(pilot.lines.last == "Age [30]: ")
        await finishSearches()
    }
}
