import TetherReactive

/// What ``LoginScreen`` reads from a view model and asks of it, whichever way the view model
/// is written: ``LoginViewModel`` holds its state in relays, ``ObservableLoginViewModel`` in
/// an `@Observable` class (`login-demo --observation`). Both behave the same; the screen and
/// the demo's tests run on either.
///
/// The fields are not here: the screen binds them with `<->` to each concrete view model's
/// relays or `@Observable` properties, so a view model knows nothing of widgets.
@MainActor
public protocol LoginFormViewModel: AnyObject {
    /// The values the "View model" panel shows: the password only as its length.
    var panel: Observable<LoginPanelState> { get }
    /// The line under the form: the failure, the lockout countdown, or nothing.
    var statusLine: Observable<String?> { get }
    /// Whether too many failures have locked the form.
    var isLockedOut: Observable<Bool> { get }
    /// Signs in with the current fields.
    var signInCommand: Command<Void, LoginViewModel.Session> { get }
    /// Each successful sign-in.
    var signedIn: Observable<LoginViewModel.Session> { get }
    /// A field the view should focus (the password, after a failure; the username, after a reset).
    var focusRequested: Observable<LoginViewModel.Field> { get }
    /// The username as the view model holds it now.
    var currentUsername: String { get }
    /// The session, once signed in.
    var currentSession: LoginViewModel.Session? { get }

    /// Cancels a sign-in in progress. Returns whether one was running.
    @discardableResult func cancelSignIn() -> Bool
    /// Puts every field back to its default (a lockout stays).
    func reset()
}

extension LoginFormViewModel {
    /// Cancels a sign-in in progress (Esc, Reset). Returns whether one was running.
    @discardableResult
    public func cancelSignIn() -> Bool {
        guard signInCommand.executing else { return false }
        signInCommand.cancelAll()
        return true
    }
}

/// What the "View model" panel shows.
public struct LoginPanelState: Equatable, Sendable {
    public var username: String
    /// The password's length: the panel never shows the password.
    public var passwordLength: Int
    public var rememberMe: Bool
    public var sessionMinutes: Double

    public init(username: String, passwordLength: Int, rememberMe: Bool, sessionMinutes: Double) {
        self.username = username
        self.passwordLength = passwordLength
        self.rememberMe = rememberMe
        self.sessionMinutes = sessionMinutes
    }
}

extension LoginViewModel: LoginFormViewModel {
    public var panel: Observable<LoginPanelState> {
        Observable.combineLatest(username, password, rememberMe, sessionMinutes) { user, password, remember, minutes in
            LoginPanelState(
                username: user, passwordLength: password.count, rememberMe: remember, sessionMinutes: minutes)
        }
    }

    public var statusLine: Observable<String?> { statusMessage }
    public var isLockedOut: Observable<Bool> { lockoutRemaining.map { $0 > 0 }.distinctUntilChanged() }
    public var signInCommand: Command<Void, Session> { signIn }
    public var signedIn: Observable<Session> { session.compactMap { $0 } }
    public var focusRequested: Observable<Field> { focusRequests.asObservable() }
    public var currentUsername: String { username.value }
    public var currentSession: Session? { session.value }
}
