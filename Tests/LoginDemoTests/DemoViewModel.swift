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
/// way whichever kind it runs on, and builds the screen through `LoginScreen`'s initialiser
/// for that kind.
@MainActor
final class DemoViewModel {
    private enum Concrete {
        case relays(LoginViewModel)
        case observation(ObservableLoginViewModel)
    }

    private let concrete: Concrete

    init(
        _ kind: ViewModelKind, accounts: AccountStore = AccountStore(), scheduler: any Scheduler,
        delay: Duration = .milliseconds(800)
    ) {
        switch kind {
        case .relays:
            concrete = .relays(LoginViewModel(accounts: accounts, scheduler: scheduler, delay: delay))
        case .observation:
            concrete = .observation(ObservableLoginViewModel(accounts: accounts, scheduler: scheduler, delay: delay))
        }
    }

    /// The view model as the screen reads it.
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

    var description: String { read(\.description, \.description) }

    var username: String {
        get { read(\.username.value, \.username) }
        set { write(newValue, \.username, \.username) }
    }

    var password: String {
        get { read(\.password.value, \.password) }
        set { write(newValue, \.password, \.password) }
    }

    var rememberMe: Bool {
        get { read(\.rememberMe.value, \.rememberMe) }
        set { write(newValue, \.rememberMe, \.rememberMe) }
    }

    var sessionMinutes: Double {
        get { read(\.sessionMinutes.value, \.sessionMinutes) }
        set { write(newValue, \.sessionMinutes, \.sessionMinutes) }
    }

    var failureMessage: String? { read(\.failureMessage.value, \.failureMessage) }
    var failures: Int { read(\.failures.value, \.failures) }
    var lockoutRemaining: Int { read(\.lockoutRemaining.value, \.lockoutRemaining) }
    var session: LoginViewModel.Session? { form.currentSession }
    var signIn: Command<Void, LoginViewModel.Session> { form.signInCommand }

    /// The value at `relays` or at `observation`, whichever kind this is.
    private func read<Value>(
        _ relays: KeyPath<LoginViewModel, Value>,
        _ observation: KeyPath<ObservableLoginViewModel, Value>
    ) -> Value {
        switch concrete {
        case .relays(let model): model[keyPath: relays]
        case .observation(let model): model[keyPath: observation]
        }
    }

    /// Sets `value` through the relay at `relays` or the property at `observation`.
    private func write<Value>(
        _ value: Value, _ relays: KeyPath<LoginViewModel, BehaviorRelay<Value>>,
        _ observation: ReferenceWritableKeyPath<ObservableLoginViewModel, Value>
    ) {
        switch concrete {
        case .relays(let model): model[keyPath: relays].accept(value)
        case .observation(let model): model[keyPath: observation] = value
        }
    }
}
