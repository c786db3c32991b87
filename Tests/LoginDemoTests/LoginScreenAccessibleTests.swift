@testable import LoginDemoCore
import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// The same login screen and view model, asked line by line through the ``TranscriptPilot``.
@MainActor
@Suite("Login screen in the accessible presentation")
struct LoginScreenAccessibleTests {
    let scheduler = TestScheduler()
    let viewModel: LoginViewModel
    let screen: LoginScreen
    let pilot: TranscriptPilot

    init() throws {
        viewModel = LoginViewModel(scheduler: scheduler)
        screen = LoginScreen(viewModel: viewModel)
        pilot = try TranscriptPilot(root: screen.root, scheduler: scheduler)
    }

    @Test("a whole sign-in reads as the title, prompts, a review, one announcement and the result")
    func wholeSignIn() async {
        pilot.answer("demo", "tether-demo", "y", "45", "")
        await pilot.advance(by: .seconds(1))
        #expect(
            pilot.transcript == """
                Tether · Sign in.
                4 questions; answer < to go back to the previous one.
                Username (hint: your name): demo
                Password (hint: 8+ characters; typing is hidden): 
                Remember me [y/N]: y
                Session (5 to 120 in steps of 5) [30 min]: 45
                Your answers:
                1) Username: demo
                2) Password: (hidden)
                3) Remember me: yes
                4) Session: 45 min
                Type a number to change that answer, or < to go back.
                Sign in? [Y/n]: 
                Signing in…
                Signed in as demo.

                """)
        #expect(pilot.exit == .quit)
        #expect(
            screen.finalOutcome() == .signedIn(LoginViewModel.Session(username: "demo", minutes: 45, remembered: true)))
    }

    @Test("answers reach the view model through the two-way bindings as user edits")
    func answersReachTheViewModel() {
        pilot.answer("demo", "tether-demo", "y", "60")
        #expect(viewModel.username.value == "demo")
        #expect(viewModel.password.value == "tether-demo")
        #expect(viewModel.rememberMe.value)
        #expect(viewModel.sessionMinutes.value == 60)
    }

    @Test("the password never reaches the transcript")
    func passwordNeverShown() async {
        pilot.answer("demo", "hunter2-secret", "", "", "")
        await pilot.advance(by: .seconds(1))
        pilot.answer("", "hunter2-secret", "", "", "")
        await pilot.advance(by: .seconds(1))
        #expect(pilot.transcript.ranges(of: "Invalid username or password.").count == 2)
        #expect(!pilot.transcript.contains("hunter2"))
    }

    @Test("a blank username is told its validation message as a sentence and asked again")
    func blankUsernameAskedAgain() {
        pilot.answer("")
        #expect(
            pilot.lines.suffix(3) == [
                "Username (hint: your name): ", "Enter a username.", "Username (hint: your name): ",
            ])
    }

    @Test("a short password is told its validation message and asked again, not offered back as the default")
    func shortPasswordAskedAgain() {
        pilot.answer("demo", "short")
        #expect(
            pilot.lines.suffix(2) == [
                "At least 8 characters (5 so far).", "Password (hint: 8+ characters; typing is hidden): ",
            ])
    }

    @Test("a number outside the slider's range is refused with the range and asked again")
    func sliderOutOfRange() {
        pilot.answer("demo", "tether-demo", "", "500")
        #expect(
            pilot.lines.suffix(2) == [
                "Enter a number from 5 to 120 in steps of 5.", "Session (5 to 120 in steps of 5) [30 min]: ",
            ])
        #expect(viewModel.sessionMinutes.value == 30)
    }

    @Test("a wrong password announces the error once, then asks the fields again with their values")
    func wrongPassword() async {
        pilot.answer("demo", "wrong-password", "", "", "")
        await pilot.advance(by: .seconds(1))
        #expect(pilot.lines.suffix(3) == ["Signing in…", "Invalid username or password.", "Username [demo]: "])
        #expect(pilot.exit == nil)
        pilot.answer("", "tether-demo", "", "", "")
        await pilot.advance(by: .seconds(1))
        #expect(pilot.transcript.hasSuffix("Signing in…\nSigned in as demo.\n"))
        #expect(pilot.exit == .quit)
    }

    @Test("after three failed sign-ins the lockout and its time are said, and Enter after it asks the password")
    func lockoutSaid() async {
        for _ in 1...3 {
            pilot.answer("demo", "wrong-password", "", "", "")
            await pilot.advance(by: .seconds(1))
        }
        #expect(
            pilot.lines.suffix(3) == [
                "Sign in is not available now: Too many attempts: wait 30 s.",
                "Press Enter to try again or n to stop.", "Sign in? [Y/n]: ",
            ])
        await pilot.advance(by: .seconds(2))
        pilot.answer("")
        #expect(pilot.lines.suffix(3).first == "Sign in is not available now: Too many attempts: wait 28 s.")
        await pilot.advance(by: .seconds(28))
        pilot.answer("")
        #expect(pilot.lines.last == "Password (hint: 8+ characters; typing is hidden): ")
        #expect(!pilot.transcript.contains("wrong-password"))
    }

    @Test("the end of input before the form is complete fails without running the command")
    func endOfInputEarly() async {
        var started = 0
        let watch = viewModel.signIn.isExecuting.subscribe(onNext: { if $0 { started += 1 } })
        defer { watch.dispose() }
        pilot.answer("demo")
        pilot.endInput()
        await pilot.settle()
        #expect(pilot.error as? AccessibleInputError == AccessibleInputError(unanswered: "Password"))
        #expect(started == 0)
        #expect(pilot.exit == .quit)
    }

    @Test("Ctrl-C at the password prompt ends the line and quits as interrupted, running nothing")
    func interruptAtPassword() async {
        var started = 0
        let watch = viewModel.signIn.isExecuting.subscribe(onNext: { if $0 { started += 1 } })
        defer { watch.dispose() }
        pilot.answer("demo")
        pilot.interrupt()
        await pilot.settle()
        #expect(pilot.lines.suffix(2) == ["Password (hint: 8+ characters; typing is hidden): ", ""])
        #expect(pilot.exit == .interrupted)
        #expect(pilot.error == nil)
        #expect(started == 0)
        #expect(screen.finalOutcome() == .quit(username: "demo"))
    }

    @Test("Ctrl-C at the default button's question quits without running its command")
    func interruptAtConfirmation() async {
        pilot.answer("demo", "tether-demo", "", "")
        pilot.interrupt()
        await pilot.advance(by: .seconds(1))
        #expect(pilot.exit == .interrupted)
        #expect(!pilot.transcript.contains("Signing in"))
    }

    @Test("declining the default button ends the run without signing in")
    func decliningEnds() {
        pilot.answer("demo", "tether-demo", "", "", "n")
        #expect(pilot.exit == .quit)
        #expect(screen.finalOutcome() == .quit(username: "demo"))
        #expect(!viewModel.signIn.executing)
    }
}
