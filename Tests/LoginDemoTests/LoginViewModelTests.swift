@testable import LoginDemoCore
import Testing
import TetherReactive

/// The view model alone: no widgets, time on a ``TestScheduler``. Every test runs on both
/// ways the view model is written: relays (``LoginViewModel``) and `@Observable`
/// (``ObservableLoginViewModel``).
@MainActor
@Suite("Login view model, relays and @Observable")
struct LoginViewModelTests {
    /// One view model of `kind` on a virtual clock, with the steps of a session.
    @MainActor
    final class Fixture {
        let scheduler = TestScheduler()
        let viewModel: DemoViewModel

        init(_ kind: ViewModelKind) {
            viewModel = DemoViewModel(kind, scheduler: scheduler, delay: .milliseconds(800))
        }

        /// Lets the sign-in's `async` body run: yields to other main-actor work and runs what
        /// the scheduler has due now, a few times over.
        func settle() async {
            for _ in 0..<50 {
                await Task.yield()
                scheduler.advance(by: .zero)
            }
        }

        /// Advances virtual time, then lets the resumed body run.
        func advance(by duration: Duration) async {
            scheduler.advance(by: duration)
            await settle()
        }

        func fill(username: String = "demo", password: String) {
            viewModel.username = username
            viewModel.password = password
        }

        /// Starts a sign-in and lets its body reach the simulated network delay.
        func startSignIn() async {
            viewModel.signIn.execute()
            await settle()
        }

        /// One complete attempt with a wrong password.
        func failOnce() async {
            fill(password: "wrong-password")
            await startSignIn()
            await advance(by: .milliseconds(800))
        }
    }

    // MARK: Enabling and validation

    @Test(
        "the view model's Sign in is enabled whatever the fields hold: the form's validators decide",
        arguments: ViewModelKind.allCases)
    func signInEnabledWhenNotLocked(kind: ViewModelKind) {
        let t = Fixture(kind)
        #expect(t.viewModel.signIn.enabled)
        t.fill(username: "   ", password: "1")
        #expect(t.viewModel.signIn.enabled)
    }

    @Test("the panel state follows the fields and shows only the password's length", arguments: ViewModelKind.allCases)
    func panelState(kind: ViewModelKind) {
        let t = Fixture(kind)
        let panel = Latest(t.viewModel.form.panel)
        t.fill(username: "alice", password: "hunter2-secret")
        t.viewModel.rememberMe = true
        t.viewModel.sessionMinutes = 45
        #expect(
            panel.value == LoginPanelState(username: "alice", passwordLength: 14, rememberMe: true, sessionMinutes: 45))
    }

    // MARK: Signing in

    @Test(
        "a correct sign-in sets the session only once the simulated delay has passed", arguments: ViewModelKind.allCases
    )
    func successfulSignIn(kind: ViewModelKind) async {
        let t = Fixture(kind)
        t.fill(username: "demo", password: "tether-demo")
        t.viewModel.rememberMe = true
        t.viewModel.sessionMinutes = 45
        await t.startSignIn()
        #expect(t.viewModel.signIn.executing)
        #expect(!t.viewModel.signIn.enabled, "no second attempt while one runs")

        await t.advance(by: .milliseconds(799))
        #expect(t.viewModel.session == nil)
        #expect(t.viewModel.signIn.executing)

        await t.advance(by: .milliseconds(1))
        #expect(t.viewModel.session == LoginViewModel.Session(username: "demo", minutes: 45, remembered: true))
        #expect(!t.viewModel.signIn.executing)
        #expect(t.viewModel.failureMessage == nil)
        #expect(t.viewModel.failures == 0)
    }

    @Test("spaces around the username are ignored when signing in", arguments: ViewModelKind.allCases)
    func usernameIsTrimmed(kind: ViewModelKind) async {
        let t = Fixture(kind)
        t.fill(username: "  demo ", password: "tether-demo")
        await t.startSignIn()
        await t.advance(by: .milliseconds(800))
        #expect(t.viewModel.session?.username == "demo")
    }

    @Test(
        "a wrong password reports the failure, clears the password and asks to focus it",
        arguments: ViewModelKind.allCases)
    func wrongPassword(kind: ViewModelKind) async {
        let t = Fixture(kind)
        let focusRequests = Recorded(t.viewModel.form.focusRequested)
        let status = Latest(t.viewModel.form.statusLine)
        await t.failOnce()
        #expect(t.viewModel.session == nil)
        #expect(!t.viewModel.signIn.executing)
        #expect(t.viewModel.failureMessage == "Invalid username or password")
        #expect(status.value == "Invalid username or password")
        #expect(t.viewModel.password == "")
        #expect(t.viewModel.username == "demo", "the username stays")
        #expect(focusRequests.values == [.password])
        #expect(t.viewModel.failures == 1)
    }

    @Test("typing again after a failure clears the failure message", arguments: ViewModelKind.allCases)
    func typingClearsFailure(kind: ViewModelKind) async {
        let t = Fixture(kind)
        await t.failOnce()
        #expect(t.viewModel.failureMessage != nil)
        t.viewModel.password = "t"
        #expect(t.viewModel.failureMessage == nil)
    }

    @Test(
        "three failures in a row lock the form for 30 seconds with a countdown falling each second",
        arguments: ViewModelKind.allCases)
    func lockoutCountdown(kind: ViewModelKind) async {
        let t = Fixture(kind)
        let status = Latest(t.viewModel.form.statusLine)
        let locked = Latest(t.viewModel.form.isLockedOut)
        await t.failOnce()
        await t.failOnce()
        #expect(t.viewModel.lockoutRemaining == 0, "two failures do not lock")
        await t.failOnce()
        #expect(t.viewModel.lockoutRemaining == 30)
        #expect(locked.value == true)
        #expect(status.value == "Too many attempts: wait 30 s")

        for expected in stride(from: 29, through: 1, by: -1) {
            await t.advance(by: .seconds(1))
            #expect(t.viewModel.lockoutRemaining == expected)
        }
        #expect(status.value == "Too many attempts: wait 1 s")
        await t.advance(by: .seconds(1))
        #expect(t.viewModel.lockoutRemaining == 0)
        #expect(locked.value == false)
        #expect(status.value == .some(nil))
        #expect(t.viewModel.failures == 0, "the count starts again after the lockout")
    }

    @Test(
        "Sign in stays disabled during the lockout, even with valid fields, and is enabled after it",
        arguments: ViewModelKind.allCases)
    func lockoutDisablesSignIn(kind: ViewModelKind) async {
        let t = Fixture(kind)
        for _ in 0..<3 { await t.failOnce() }
        t.fill(username: "demo", password: "tether-demo")
        #expect(!t.viewModel.signIn.enabled)
        t.viewModel.signIn.execute()
        await t.advance(by: .seconds(1))
        #expect(!t.viewModel.signIn.executing, "executing while disabled does not run the body")

        await t.advance(by: .seconds(28))
        #expect(!t.viewModel.signIn.enabled)
        await t.advance(by: .seconds(1))
        #expect(t.viewModel.signIn.enabled)
    }

    @Test("a fourth failure after the lockout does not lock again at once", arguments: ViewModelKind.allCases)
    func countRestartsAfterLockout(kind: ViewModelKind) async {
        let t = Fixture(kind)
        for _ in 0..<3 { await t.failOnce() }
        await t.advance(by: .seconds(30))
        await t.failOnce()
        #expect(t.viewModel.failures == 1)
        #expect(t.viewModel.lockoutRemaining == 0)
    }

    @Test(
        "cancelling during the delay ends the attempt with no session and no failure", arguments: ViewModelKind.allCases
    )
    func cancelDuringDelay(kind: ViewModelKind) async {
        let t = Fixture(kind)
        t.fill(username: "demo", password: "tether-demo")
        await t.startSignIn()
        #expect(t.viewModel.signIn.executing)
        #expect(t.viewModel.form.cancelSignIn())
        #expect(!t.viewModel.signIn.executing)
        await t.advance(by: .seconds(2))
        #expect(t.viewModel.session == nil)
        #expect(t.viewModel.failureMessage == nil)
        #expect(t.viewModel.failures == 0)
        #expect(t.viewModel.signIn.enabled, "the form can be submitted again")
        #expect(!t.viewModel.form.cancelSignIn(), "nothing left to cancel")
        #expect(t.scheduler.pendingCount == 0, "the delay's timer is cancelled too")
    }

    @Test("a successful sign-in is announced once on signedIn", arguments: ViewModelKind.allCases)
    func signedInAnnounced(kind: ViewModelKind) async {
        let t = Fixture(kind)
        let sessions = Recorded(t.viewModel.form.signedIn)
        t.fill(username: "demo", password: "tether-demo")
        await t.startSignIn()
        await t.advance(by: .milliseconds(800))
        #expect(sessions.values == [LoginViewModel.Session(username: "demo", minutes: 30, remembered: false)])
    }

    // MARK: Reset and description

    @Test(
        "reset puts every field back to its default and asks to focus the username", arguments: ViewModelKind.allCases)
    func resetRestoresDefaults(kind: ViewModelKind) {
        let t = Fixture(kind)
        let focusRequests = Recorded(t.viewModel.form.focusRequested)
        t.fill(username: "alice", password: "secret-password")
        t.viewModel.rememberMe = true
        t.viewModel.sessionMinutes = 90
        t.viewModel.form.reset()
        #expect(t.viewModel.username == "")
        #expect(t.viewModel.password == "")
        #expect(t.viewModel.rememberMe == false)
        #expect(t.viewModel.sessionMinutes == LoginViewModel.defaultMinutes)
        #expect(t.viewModel.failureMessage == nil)
        #expect(focusRequests.values == [.username])
    }

    @Test("description and dump show the password's length, never the password", arguments: ViewModelKind.allCases)
    func descriptionHidesPassword(kind: ViewModelKind) {
        let t = Fixture(kind)
        t.fill(username: "alice", password: "hunter2-secret")
        #expect(!t.viewModel.description.contains("hunter2"))
        #expect(t.viewModel.description.contains("14 characters"))
        #expect(t.viewModel.description.contains("\"alice\""))
        var dumped = ""
        dump(t.viewModel.object, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        #expect(!String(describing: t.viewModel.object).contains("hunter2"))
        #expect(!String(reflecting: t.viewModel.object).contains("hunter2"))
    }

    @Test(
        "the view model is freed once nothing holds it, with its command and subscriptions",
        arguments: ViewModelKind.allCases)
    func viewModelIsFreed(kind: ViewModelKind) async {
        var t: Fixture? = Fixture(kind)
        weak let model = t!.viewModel.object
        weak let command = t!.viewModel.signIn
        await t!.failOnce()
        t = nil
        #expect(model == nil)
        #expect(command == nil)
    }
}

/// The latest value an observable emitted (`nil` until it emits).
@MainActor
final class Latest<Element> {
    private(set) var value: Element?
    private var subscription: (any Disposable)?

    init(_ observable: Observable<Element>) {
        subscription = observable.subscribe(onNext: { [weak self] in self?.value = $0 })
    }

    isolated deinit { subscription?.dispose() }
}

/// Every value an observable emitted.
@MainActor
final class Recorded<Element> {
    private(set) var values: [Element] = []
    private var subscription: (any Disposable)?

    init(_ observable: Observable<Element>) {
        subscription = observable.subscribe(onNext: { [weak self] in self?.values.append($0) })
    }

    isolated deinit { subscription?.dispose() }
}
