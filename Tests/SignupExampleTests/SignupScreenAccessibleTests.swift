import SignupCore
import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// The same sign-up screen and view model, asked line by line through the ``TranscriptPilot``.
@MainActor
@Suite("Signup screen in the accessible presentation")
struct SignupScreenAccessibleTests {
    let scheduler = TestScheduler()
    let viewModel: SignupViewModel
    let screen: SignupScreen
    let pilot: TranscriptPilot

    init() throws {
        viewModel = SignupViewModel(scheduler: scheduler)
        screen = SignupScreen(viewModel: viewModel)
        pilot = try TranscriptPilot(root: screen.root, scheduler: scheduler)
    }

    @Test("a whole sign-up answers every choosing widget and the text area, reaching the view model")
    func wholeSignUp() async {
        pilot.answer("spain", "2", "1, 2", "Lisbon", "41", "hello", "world", "", "")
        await pilot.advance(by: .seconds(1))
        #expect(viewModel.summary == "signed up: Spain, Pro, Email+SMS, Lisbon, age 41")
        #expect(viewModel.about.value == "hello\nworld")
        #expect(pilot.transcript.hasSuffix("Sign up? [Y/n]: \nSigning up…\nSigned up.\n"))
        #expect(pilot.exit == .quit)
        // The city answer started a search that sleeps on the test's clock: let it finish, so
        // no task is left suspended holding the view model (LeakSanitizer reports it).
        await pilot.advance(by: .seconds(1))
    }

    @Test("the title and the number of questions come first, then the country question, then nine options")
    func introductionThenQuestion() {
        #expect(
            Array(pilot.lines.prefix(4)) == [
                "Sign up.", "6 questions; answer < to go back to the previous one.", "Country: 21 options.",
                "1) Argentina",
            ])
        #expect(
            Array(pilot.lines.suffix(3)) == [
                "9) India", "Options 1 to 9 of 21: type more for the next ones, a number, or part of a name.",
                "Country (required; hint: choose a country; a number from 1 to 21 or part of a name): ",
            ])
    }

    @Test("more lists the next nine options, Kenya not available, then asks again; the plan shows its default")
    func moreListsNextPage() {
        pilot.answer("more")
        #expect(pilot.lines.contains("12) Kenya (not available)"))
        #expect(!pilot.lines.contains("19) Spain"))
        #expect(
            Array(pilot.lines.suffix(2)) == [
                "Options 10 to 18 of 21: type more for the next ones, a number, or part of a name.",
                "Country (required; hint: choose a country; a number from 1 to 21 or part of a name): ",
            ])
        pilot.answer("18")
        #expect(
            Array(pilot.lines.suffix(5)) == [
                "Plan: 3 options.", "1) Free", "2) Pro", "3) Team", "Plan (a number from 1 to 3) [Free]: ",
            ])
    }

    @Test("part of a name chooses the one country it matches")
    func partOfNameChooses() {
        pilot.answer("fra")
        #expect(viewModel.country.value?.name == "France")
    }

    @Test("part of a name that several countries match lists them with their numbers and asks again")
    func partOfNameListsMatches() {
        pilot.answer("united")
        #expect(
            Array(pilot.lines.suffix(2)) == [
                "“united” matches 2 options: 20) United Kingdom, 21) United States. Type more of the name or its number.",
                "Country (required; hint: choose a country; a number from 1 to 21 or part of a name): ",
            ])
    }

    @Test("no contact at all is refused with the check list's minimum, and only the prompt is repeated")
    func contactMinimum() {
        pilot.answer("18", "", "-")
        #expect(
            Array(pilot.lines.suffix(2)) == [
                "Choose at least 1.", "Contact (required; numbers from 1 to 3 separated by commas) [Email]: ",
            ])
        #expect(viewModel.contact.value == [.email])
    }
}
