import TetherReactive

/// The login form's state and behaviour, with no knowledge of widgets.
///
/// Fields are `BehaviorRelay`s bound two ways to the form's fields; derived state (whether
/// Sign in is enabled, the status line) is built with operators; the messages under the
/// fields come from the form's validators (``LoginScreen``); signing in is a
/// `Command` with an `async` body. Time (the simulated network delay, the lockout
/// countdown) comes from the scheduler it is given, so tests run it on virtual time.
@MainActor
public final class LoginViewModel: @MainActor CustomStringConvertible, @MainActor CustomReflectable {
    /// A signed-in session.
    public struct Session: Equatable, Sendable {
        public var username: String
        public var minutes: Int
        public var remembered: Bool
    }

    /// Which field the view should focus.
    public enum Field: Sendable { case username, password }

    /// Initial values, restored by ``reset()``.
    public static let defaultMinutes = 30.0
    /// Failures in a row that lock the form.
    public static let maxFailures = 3
    /// How long the lock lasts, in seconds.
    public static let lockoutSeconds = 30

    public let username = BehaviorRelay(value: "")
    public let password = BehaviorRelay(value: "")
    public let rememberMe = BehaviorRelay(value: false)
    public let sessionMinutes = BehaviorRelay(value: LoginViewModel.defaultMinutes)
    /// "Invalid username or password" after a failed attempt.
    public let failureMessage = BehaviorRelay<String?>(value: nil)
    /// Failed attempts in a row.
    public let failures = BehaviorRelay(value: 0)
    /// Seconds left of the lockout (0 when not locked).
    public let lockoutRemaining = BehaviorRelay(value: 0)
    /// The session, once signed in.
    public let session = BehaviorRelay<Session?>(value: nil)
    /// Asks the view to focus a field (the password, after a failure).
    public let focusRequests = PublishRelay<Field>()

    /// Signs in with the current fields; enabled while not locked out (the form's submit
    /// adds its fields' validity: ``LoginScreen``).
    public private(set) var signIn: Command<Void, Session>!

    private let accounts: AccountStore
    private let scheduler: any Scheduler
    private let delay: Duration
    private let bag = DisposeBag()
    private var lockoutTimer: (any Disposable)?

    /// A view model checking `accounts`, with a simulated network `delay`, on `scheduler`.
    public init(accounts: AccountStore = AccountStore(), scheduler: any Scheduler, delay: Duration = .milliseconds(800))
    {
        self.accounts = accounts
        self.scheduler = scheduler
        self.delay = delay
        // Whether the fields are good enough is the form's to say (its validators); the view
        // model only refuses while locked out.
        signIn = Command(enabledIf: lockoutRemaining.map { $0 == 0 }) { [weak self] () async throws -> Session in
            guard let self else { throw CancellationError() }
            return try await self.authenticate()
        }
        signIn.values.subscribe(onNext: { [weak self] in self?.signedIn($0) }).disposed(by: bag)
        signIn.errors.subscribe(onNext: { [weak self] in self?.failed($0) }).disposed(by: bag)
        // Typing again clears the failure message.
        Observable.merge(
            username.asObservable().skip(1).map { _ in () }, password.asObservable().skip(1).map { _ in () }
        )
        .subscribe(onNext: { [weak self] in
            if self?.signIn.executing == false { self?.failureMessage.accept(nil) }
        })
        .disposed(by: bag)
    }

    /// The line under the form: the failure, the lockout countdown, or nothing.
    public var statusMessage: Observable<String?> {
        Observable.combineLatest(failureMessage, lockoutRemaining) { failure, remaining -> String? in
            remaining > 0 ? "Too many attempts: wait \(remaining) s" : failure
        }.distinctUntilChanged { $0 == $1 }
    }

    /// The session length as shown: `30 min`.
    nonisolated public static func formatMinutes(_ minutes: Double) -> String { "\(Int(minutes.rounded())) min" }

    /// Puts every field back to its default (the lockout, if any, stays).
    public func reset() {
        cancelSignIn()
        username.accept("")
        password.accept("")
        rememberMe.accept(false)
        sessionMinutes.accept(LoginViewModel.defaultMinutes)
        failureMessage.accept(nil)
        focusRequests.accept(.username)
    }

    private func authenticate() async throws -> Session {
        let user = username.value.trimmingWhitespace, secret = password.value
        let minutes = Int(sessionMinutes.value.rounded()), remembered = rememberMe.value
        try await scheduler.sleep(for: delay)
        guard accounts.verify(username: user, password: secret) else { throw SignInError.invalidCredentials }
        return Session(username: user, minutes: minutes, remembered: remembered)
    }

    private func signedIn(_ session: Session) {
        failures.accept(0)
        failureMessage.accept(nil)
        self.session.accept(session)
    }

    private func failed(_ error: any Error) {
        failures.accept(failures.value + 1)
        // Clear the password first: its change would otherwise clear the message again.
        password.accept("")
        failureMessage.accept(SignInError.invalidCredentials.description)
        focusRequests.accept(.password)
        if failures.value >= LoginViewModel.maxFailures { startLockout() }
    }

    private func startLockout() {
        lockoutRemaining.accept(LoginViewModel.lockoutSeconds)
        lockoutTimer?.dispose()
        lockoutTimer = scheduler.schedulePeriodic(every: .seconds(1)) { [weak self] in
            guard let self else { return }
            let left = self.lockoutRemaining.value - 1
            self.lockoutRemaining.accept(max(0, left))
            if left <= 0 {
                self.lockoutTimer?.dispose()
                self.lockoutTimer = nil
                self.failures.accept(0)
                self.failureMessage.accept(nil)
            }
        }
    }

    isolated deinit { lockoutTimer?.dispose() }

    /// Never includes the password, only its length.
    public var description: String {
        "LoginViewModel(username: \(username.value.debugDescription), password: \(password.value.count) characters, "
            + "rememberMe: \(rememberMe.value), sessionMinutes: \(Int(sessionMinutes.value)))"
    }

    /// What `dump` shows: the description only, so the password cannot leak through reflection.
    public var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension String {
    var trimmingWhitespace: String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
