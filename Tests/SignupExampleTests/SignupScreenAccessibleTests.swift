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

    @Test("the dropdown's options are numbered, Kenya not available, and the plan shows its default")
    func promptsListOptions() {
        #expect(pilot.lines.first == "1) Argentina")
        #expect(pilot.lines.contains("12) Kenya (not available)"))
        #expect(pilot.lines.last == "Country (choose a country; a number from 1 to 21): ")
        pilot.answer("18")
        #expect(
            Array(pilot.lines.suffix(4)) == ["1) Free", "2) Pro", "3) Team", "Plan (a number from 1 to 3) [Free]: "])
    }

    @Test("no contact at all is refused with the check list's minimum and asked again")
    func contactMinimum() {
        pilot.answer("18", "", "-")
        #expect(pilot.lines.suffix(5).first == "Choose at least 1.")
        #expect(viewModel.contact.value == [.email])
    }
}
