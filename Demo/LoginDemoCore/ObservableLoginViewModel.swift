import Observation
import TetherReactive

/// The login form's state and behaviour written as an `@Observable` class: the same view
/// model as ``LoginViewModel``, with plain properties where that one has relays.
///
/// Fields are stored properties bound two ways to the form's fields with
/// `field.rx.value <-> model.binding(\.username)`; derived state (whether Sign in is enabled,
/// the status line) is computed properties, observed with `observe(\.statusMessage)`; signing in
/// is the same `Command` with an `async` body. Time comes from the scheduler it is given.
/// Run the demo on it with `login-demo --observation`.
@Observable
@MainActor
public final class ObservableLoginViewModel: @MainActor CustomStringConvertible, @MainActor CustomReflectable {
    public typealias Session = LoginViewModel.Session
    public typealias Field = LoginViewModel.Field

    // Typing again clears the failure message (not while a sign-in runs).
    public var username = "" { didSet { clearFailureUnlessSigningIn() } }
    public var password = "" { didSet { clearFailureUnlessSigningIn() } }
    public var rememberMe = false
    public var sessionMinutes = LoginViewModel.defaultMinutes
    /// "Invalid username or password" after a failed attempt.
    public var failureMessage: String?
    /// Failed attempts in a row.
    public private(set) var failures = 0
    /// Seconds left of the lockout (0 when not locked).
    public private(set) var lockoutRemaining = 0
    /// The session, once signed in.
    public private(set) var session: Session?

    /// Asks the view to focus a field (the password, after a failure). An event, not state,
    /// so it stays a relay.
    @ObservationIgnored public let focusRequests = PublishRelay<Field>()
    /// Signs in with the current fields; enabled while not locked out.
    @ObservationIgnored public private(set) var signIn: Command<Void, Session>!

    @ObservationIgnored private let accounts: AccountStore
    @ObservationIgnored private let scheduler: any Scheduler
    @ObservationIgnored private let delay: Duration
    @ObservationIgnored private let bag = DisposeBag()
    @ObservationIgnored private var lockoutTimer: (any Disposable)?

    /// A view model checking `accounts`, with a simulated network `delay`, on `scheduler`.
    public init(accounts: AccountStore = AccountStore(), scheduler: any Scheduler, delay: Duration = .milliseconds(800))
    {
        self.accounts = accounts
        self.scheduler = scheduler
        self.delay = delay
        signIn = Command(enabledIf: observe(\.canSubmit)) { [weak self] () async throws -> Session in
            guard let self else { throw CancellationError() }
            return try await self.authenticate()
        }
        signIn.values.subscribe(onNext: { [weak self] in self?.signedIn($0) }).disposed(by: bag)
        signIn.errors.subscribe(onNext: { [weak self] in self?.failed($0) }).disposed(by: bag)
    }

    // MARK: Derived state

    /// Whether Sign in may run: not locked out (whether the fields are good enough is the
    /// form's to say, with its validators: ``LoginScreen``).
    public var canSubmit: Bool { lockoutRemaining == 0 }

    /// The line under the form: the failure, the lockout countdown, or nothing.
    public var statusMessage: String? {
        lockoutRemaining > 0 ? "Too many attempts: wait \(lockoutRemaining) s" : failureMessage
    }

    /// What the "View model" panel shows.
    public var panelState: LoginPanelState {
        LoginPanelState(
            username: username, passwordLength: password.count, rememberMe: rememberMe, sessionMinutes: sessionMinutes)
    }

    // MARK: Actions

    /// Puts every field back to its default (the lockout, if any, stays).
    public func reset() {
        cancelSignIn()
        username = ""
        password = ""
        rememberMe = false
        sessionMinutes = LoginViewModel.defaultMinutes
        failureMessage = nil
        focusRequests.accept(.username)
    }

    // MARK: Signing in

    private func clearFailureUnlessSigningIn() {
        if signIn?.executing == false { failureMessage = nil }
    }

    private func authenticate() async throws -> Session {
        let user = username.trimmingWhitespace, secret = password
        let minutes = Int(sessionMinutes.rounded()), remembered = rememberMe
        try await scheduler.sleep(for: delay)
        guard accounts.verify(username: user, password: secret) else { throw SignInError.invalidCredentials }
        return Session(username: user, minutes: minutes, remembered: remembered)
    }

    private func signedIn(_ session: Session) {
        failures = 0
        failureMessage = nil
        self.session = session
    }

    private func failed(_ error: any Error) {
        failures += 1
        // Clear the password first: its change would otherwise clear the message again.
        password = ""
        failureMessage = SignInError.invalidCredentials.description
        focusRequests.accept(.password)
        if failures >= LoginViewModel.maxFailures { startLockout() }
    }

    private func startLockout() {
        lockoutRemaining = LoginViewModel.lockoutSeconds
        lockoutTimer?.dispose()
        lockoutTimer = scheduler.schedulePeriodic(every: .seconds(1)) { [weak self] in
            guard let self else { return }
            let left = self.lockoutRemaining - 1
            self.lockoutRemaining = max(0, left)
            if left <= 0 {
                self.lockoutTimer?.dispose()
                self.lockoutTimer = nil
                self.failures = 0
                self.failureMessage = nil
            }
        }
    }

    isolated deinit { lockoutTimer?.dispose() }

    // MARK: Description

    /// Never includes the password, only its length.
    public var description: String {
        "ObservableLoginViewModel(username: \(username.debugDescription), password: \(password.count) characters, "
            + "rememberMe: \(rememberMe), sessionMinutes: \(Int(sessionMinutes)))"
    }

    /// What `dump` shows: the description only, so the password cannot leak through reflection.
    public var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension ObservableLoginViewModel: LoginFormViewModel {
    public var panel: Observable<LoginPanelState> { observe(\.panelState) }
    public var statusLine: Observable<String?> { observe(\.statusMessage).distinctUntilChanged { $0 == $1 } }
    public var isLockedOut: Observable<Bool> { observe(\.lockoutRemaining).map { $0 > 0 }.distinctUntilChanged() }
    public var signInCommand: Command<Void, Session> { signIn }
    public var signedIn: Observable<Session> { observe(\.session).compactMap { $0 } }
    public var focusRequested: Observable<Field> { focusRequests.asObservable() }
    public var currentUsername: String { username }
    public var currentSession: Session? { session }
}
