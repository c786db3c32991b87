@testable import LoginDemoCore
import Testing
import TetherReactive

/// The two ways the demo's view model is written. Tests that take `ViewModelKind.allCases`
/// as arguments run once on each.
enum ViewModelKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// ``LoginViewModel``: state in relays.
    case relays
    /// ``ObservableLoginViewModel``: state in an `@Observable` class.
    case observation

    var testDescription: String {
        switch self {
        case .relays: "relays"
        case .observation: "@Observable"
        }
    }
}

/// Either view model behind one interface, so a test reads and writes its state the same
/// way whichever kind it runs on.
@MainActor
final class DemoViewModel {
    private enum Concrete {
        case relays(LoginViewModel)
        case observation(ObservableLoginViewModel)
    }

    private let concrete: Concrete

    init(_ kind: ViewModelKind, accounts: AccountStore = AccountStore(), scheduler: any Scheduler,
         delay: Duration = .milliseconds(800)) {
        switch kind {
        case .relays:
            concrete = .relays(LoginViewModel(accounts: accounts, scheduler: scheduler, delay: delay))
        case .observation:
            concrete = .observation(ObservableLoginViewModel(accounts: accounts, scheduler: scheduler, delay: delay))
        }
    }

    /// The view model as the screen sees it.
    var form: any LoginFormViewModel {
        switch concrete {
        case .relays(let model): model
        case .observation(let model): model
        }
    }

    /// The login screen over this view model.
    func makeScreen() -> LoginScreen {
        switch concrete {
        case .relays(let model): LoginScreen(viewModel: model)
        case .observation(let model): LoginScreen(viewModel: model)
        }
    }

    /// The view model itself, for `dump` and `String(reflecting:)`.
    var object: AnyObject { form }

    var description: String {
        switch concrete {
        case .relays(let model): model.description
        case .observation(let model): model.description
        }
    }

    var username: String {
        get {
            switch concrete {
            case .relays(let model): model.username.value
            case .observation(let model): model.username
            }
        }
        set {
            switch concrete {
            case .relays(let model): model.username.accept(newValue)
            case .observation(let model): model.username = newValue
            }
        }
    }

    var password: String {
        get {
            switch concrete {
            case .relays(let model): model.password.value
            case .observation(let model): model.password
            }
        }
        set {
            switch concrete {
            case .relays(let model): model.password.accept(newValue)
            case .observation(let model): model.password = newValue
            }
        }
    }

    var rememberMe: Bool {
        get {
            switch concrete {
            case .relays(let model): model.rememberMe.value
            case .observation(let model): model.rememberMe
            }
        }
        set {
            switch concrete {
            case .relays(let model): model.rememberMe.accept(newValue)
            case .observation(let model): model.rememberMe = newValue
            }
        }
    }

    var sessionMinutes: Double {
        get {
            switch concrete {
            case .relays(let model): model.sessionMinutes.value
            case .observation(let model): model.sessionMinutes
            }
        }
        set {
            switch concrete {
            case .relays(let model): model.sessionMinutes.accept(newValue)
            case .observation(let model): model.sessionMinutes = newValue
            }
        }
    }

    var usernameTouched: Bool {
        switch concrete {
        case .relays(let model): model.usernameTouched.value
        case .observation(let model): model.usernameTouched
        }
    }

    var passwordTouched: Bool {
        switch concrete {
        case .relays(let model): model.passwordTouched.value
        case .observation(let model): model.passwordTouched
        }
    }

    var failureMessage: String? {
        switch concrete {
        case .relays(let model): model.failureMessage.value
        case .observation(let model): model.failureMessage
        }
    }

    var failures: Int {
        switch concrete {
        case .relays(let model): model.failures.value
        case .observation(let model): model.failures
        }
    }

    var lockoutRemaining: Int {
        switch concrete {
        case .relays(let model): model.lockoutRemaining.value
        case .observation(let model): model.lockoutRemaining
        }
    }

    var session: LoginViewModel.Session? { form.currentSession }
    var signIn: Command<Void, LoginViewModel.Session> { form.signInCommand }
}
