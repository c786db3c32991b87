@testable import LoginDemoCore
import Testing
import TetherReactive

/// The view model alone: no widgets, time on a ``TestScheduler``.
@MainActor
@Suite("LoginViewModel")
struct LoginViewModelTests {
    let scheduler = TestScheduler()
    let viewModel: LoginViewModel

    init() {
        viewModel = LoginViewModel(scheduler: scheduler, delay: .milliseconds(800))
    }

    // MARK: Helpers

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
        viewModel.username.accept(username)
        viewModel.password.accept(password)
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

    // MARK: Enabling and validation

    @Test("Sign in is enabled only with a non-blank username and a password of at least 8 characters")
    func signInEnabledWhenValid() {
        #expect(!viewModel.signIn.enabled)
        fill(username: "   ", password: "12345678")
        #expect(!viewModel.signIn.enabled, "a blank username is not enough")
        fill(username: "demo", password: "1234567")
        #expect(!viewModel.signIn.enabled, "7 characters are too few")
        fill(username: "demo", password: "12345678")
        #expect(viewModel.signIn.enabled)
        viewModel.username.accept("")
        #expect(!viewModel.signIn.enabled)
    }

    @Test("validation messages appear only once a field has been left")
    func validationAfterFieldLeft() {
        let usernameError = Latest(viewModel.usernameError)
        let passwordError = Latest(viewModel.passwordError)
        viewModel.password.accept("abc")
        #expect(usernameError.value == .some(nil))
        #expect(passwordError.value == .some(nil))

        viewModel.fieldLeft(.username)
        #expect(usernameError.value == "Enter a username")
        #expect(passwordError.value == .some(nil), "the password field has not been left yet")

        viewModel.fieldLeft(.password)
        #expect(passwordError.value == "At least 8 characters (3 so far)")

        fill(username: "demo", password: "12345678")
        #expect(usernameError.value == .some(nil))
        #expect(passwordError.value == .some(nil))
    }

    // MARK: Signing in

    @Test("a correct sign-in sets the session only once the simulated delay has passed")
    func successfulSignIn() async {
        fill(username: "demo", password: "tether-demo")
        viewModel.rememberMe.accept(true)
        viewModel.sessionMinutes.accept(45)
        await startSignIn()
        #expect(viewModel.signIn.executing)
        #expect(!viewModel.signIn.enabled, "no second attempt while one runs")

        await advance(by: .milliseconds(799))
        #expect(viewModel.session.value == nil)
        #expect(viewModel.signIn.executing)

        await advance(by: .milliseconds(1))
        #expect(viewModel.session.value == LoginViewModel.Session(username: "demo", minutes: 45, remembered: true))
        #expect(!viewModel.signIn.executing)
        #expect(viewModel.failureMessage.value == nil)
        #expect(viewModel.failures.value == 0)
    }

    @Test("spaces around the username are ignored when signing in")
    func usernameIsTrimmed() async {
        fill(username: "  demo ", password: "tether-demo")
        await startSignIn()
        await advance(by: .milliseconds(800))
        #expect(viewModel.session.value?.username == "demo")
    }

    @Test("a wrong password reports the failure, clears the password and asks to focus it")
    func wrongPassword() async {
        let focusRequests = Recorded(viewModel.focusRequests.asObservable())
        let status = Latest(viewModel.statusMessage)
        await failOnce()
        #expect(viewModel.session.value == nil)
        #expect(!viewModel.signIn.executing)
        #expect(viewModel.failureMessage.value == "Invalid username or password")
        #expect(status.value == "Invalid username or password")
        #expect(viewModel.password.value == "")
        #expect(viewModel.username.value == "demo", "the username stays")
        #expect(focusRequests.values == [.password])
        #expect(viewModel.failures.value == 1)
    }

    @Test("typing again after a failure clears the failure message")
    func typingClearsFailure() async {
        await failOnce()
        #expect(viewModel.failureMessage.value != nil)
        viewModel.password.accept("t")
        #expect(viewModel.failureMessage.value == nil)
    }

    @Test("three failures in a row lock the form for 30 seconds with a countdown falling each second")
    func lockoutCountdown() async {
        let status = Latest(viewModel.statusMessage)
        await failOnce()
        await failOnce()
        #expect(viewModel.lockoutRemaining.value == 0, "two failures do not lock")
        await failOnce()
        #expect(viewModel.lockoutRemaining.value == 30)
        #expect(status.value == "Too many attempts: try again in 30 s")

        for expected in stride(from: 29, through: 1, by: -1) {
            await advance(by: .seconds(1))
            #expect(viewModel.lockoutRemaining.value == expected)
        }
        #expect(status.value == "Too many attempts: try again in 1 s")
        await advance(by: .seconds(1))
        #expect(viewModel.lockoutRemaining.value == 0)
        #expect(status.value == .some(nil))
        #expect(viewModel.failures.value == 0, "the count starts again after the lockout")
    }

    @Test("Sign in stays disabled during the lockout, even with valid fields, and is enabled after it")
    func lockoutDisablesSignIn() async {
        for _ in 0..<3 { await failOnce() }
        fill(username: "demo", password: "tether-demo")
        #expect(!viewModel.signIn.enabled)
        viewModel.signIn.execute()
        await advance(by: .seconds(1))
        #expect(!viewModel.signIn.executing, "executing while disabled does not run the body")

        await advance(by: .seconds(28))
        #expect(!viewModel.signIn.enabled)
        await advance(by: .seconds(1))
        #expect(viewModel.signIn.enabled)
    }

    @Test("a fourth failure after the lockout does not lock again at once")
    func countRestartsAfterLockout() async {
        for _ in 0..<3 { await failOnce() }
        await advance(by: .seconds(30))
        await failOnce()
        #expect(viewModel.failures.value == 1)
        #expect(viewModel.lockoutRemaining.value == 0)
    }

    @Test("cancelling during the delay ends the attempt with no session and no failure")
    func cancelDuringDelay() async {
        fill(username: "demo", password: "tether-demo")
        await startSignIn()
        #expect(viewModel.signIn.executing)
        #expect(viewModel.cancelSignIn())
        #expect(!viewModel.signIn.executing)
        await advance(by: .seconds(2))
        #expect(viewModel.session.value == nil)
        #expect(viewModel.failureMessage.value == nil)
        #expect(viewModel.failures.value == 0)
        #expect(viewModel.signIn.enabled, "the form can be submitted again")
        #expect(!viewModel.cancelSignIn(), "nothing left to cancel")
        #expect(scheduler.pendingCount == 0, "the delay's timer is cancelled too")
    }

    // MARK: Reset and description

    @Test("reset puts every field back to its default and asks to focus the username")
    func resetRestoresDefaults() {
        let focusRequests = Recorded(viewModel.focusRequests.asObservable())
        fill(username: "alice", password: "secret-password")
        viewModel.rememberMe.accept(true)
        viewModel.sessionMinutes.accept(90)
        viewModel.fieldLeft(.username)
        viewModel.fieldLeft(.password)
        viewModel.reset()
        #expect(viewModel.username.value == "")
        #expect(viewModel.password.value == "")
        #expect(viewModel.rememberMe.value == false)
        #expect(viewModel.sessionMinutes.value == LoginViewModel.defaultMinutes)
        #expect(viewModel.usernameTouched.value == false)
        #expect(viewModel.passwordTouched.value == false)
        #expect(viewModel.failureMessage.value == nil)
        #expect(focusRequests.values == [.username])
    }

    @Test("description and dump show the password's length, never the password")
    func descriptionHidesPassword() {
        fill(username: "alice", password: "hunter2-secret")
        #expect(!viewModel.description.contains("hunter2"))
        #expect(viewModel.description.contains("14 characters"))
        #expect(viewModel.description.contains("\"alice\""))
        var dumped = ""
        dump(viewModel, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        #expect(!String(describing: viewModel).contains("hunter2"))
        #expect(!String(reflecting: viewModel).contains("hunter2"))
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
