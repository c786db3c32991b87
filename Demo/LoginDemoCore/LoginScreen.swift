import TetherReactive
import TetherUI

/// The login demo's widgets and their bindings to a ``LoginViewModel``.
///
/// Every widget is bound two ways to the view model with `<->`; derived state flows one
/// way with `bind(to:)`. A "View model" panel shows the values as the view model holds
/// them, so both directions of the binding can be watched while typing.
@MainActor
public final class LoginScreen {
    /// How the demo ended.
    public enum Outcome: Equatable, Sendable {
        case signedIn(LoginViewModel.Session)
        case quit(username: String)

        /// The one line the demo prints to stdout: never the password.
        public var summary: String {
            switch self {
            case .signedIn(let session):
                "signed in: \(session.username) (session \(session.minutes) min, \(session.remembered ? "remembered" : "not remembered"))"
            case .quit(let username):
                "not signed in: \(username.isEmpty ? "(no username)" : username)"
            }
        }
    }

    public let viewModel: LoginViewModel
    /// The root widget to run.
    public let root: Widget
    public let username = TextField(placeholder: "your name", width: 24)
    public let password = SecureField(placeholder: "8+ characters", width: 24)
    public let remember = Toggle("Remember me")
    public let sessionLength = Slider(value: LoginViewModel.defaultMinutes, in: 5...120, step: 5, format: LoginViewModel.formatMinutes)
    public let signInButton = Button("Sign in")
    public let resetButton = Button("Reset")
    public let form = Form()
    let status = Label("", overflow: .wrap, role: .error)
    let formPanel: Panel
    let modelPanel: Panel
    private let center: Center
    private let bag: DisposeBag
    /// How the demo ended, once it has.
    public private(set) var outcome: Outcome?

    /// The screen for `viewModel`.
    public init(viewModel: LoginViewModel) {
        self.viewModel = viewModel
        let bag = DisposeBag()
        self.bag = bag
        let userField = form.addField("Username", username)
        let passwordField = form.addField("Password", password)
        form.addRow(remember)
        form.addField("Session", sessionLength)
        form.addRow(status)
        form.addButtons([signInButton, resetButton], default: signInButton)
        status.hidden = true
        formPanel = Panel(title: "Tether · Sign in", form)

        let modelRows = VStack([
            LoginScreen.row("username", viewModel.username.asObservable(), bag: bag),
            LoginScreen.row("password", viewModel.password.map { "\($0.count) characters" }, bag: bag),
            LoginScreen.row("remember", viewModel.rememberMe.map { $0 ? "yes" : "no" }, bag: bag),
            LoginScreen.row("session", viewModel.sessionMinutes.map(LoginViewModel.formatMinutes), bag: bag),
            LoginScreen.row("can sign in", viewModel.signIn.isEnabled.map { $0 ? "yes" : "no" }, bag: bag),
        ])
        modelPanel = Panel(title: "View model", modelRows)
        center = Center(AdaptiveStack(primary: formPanel, secondary: modelPanel))
        root = center

        // Two-way: each widget ⇄ its relay. The model wins on bind.
        (username.text <-> viewModel.username).disposed(by: bag)
        (password.text <-> viewModel.password).disposed(by: bag)
        (remember.isOn <-> viewModel.rememberMe).disposed(by: bag)
        (sessionLength.value <-> viewModel.sessionMinutes).disposed(by: bag)

        // One-way: derived state into widgets.
        viewModel.usernameError.bind(to: userField.error).disposed(by: bag)
        viewModel.passwordError.bind(to: passwordField.error).disposed(by: bag)
        viewModel.statusMessage.bind(to: status.optionalText).disposed(by: bag)
        signInButton.bind(viewModel.signIn)
        let editable = Observable.combineLatest(viewModel.signIn.isExecuting, viewModel.lockoutRemaining) { busy, locked in
            !busy && locked == 0
        }
        editable.bind(to: username.isEnabled, password.isEnabled, remember.isEnabled).disposed(by: bag)
        editable.bind(to: sessionLength.isEnabled, resetButton.isEnabled).disposed(by: bag)

        // Validation shows once a field has been left.
        // A field disabled by a sign-in or the lockout loses focus too: that is not the user leaving it.
        username.editingDidEnd.subscribe(onNext: { [weak viewModel, weak field = username] in
            if field?.enabled == true { viewModel?.fieldLeft(.username) }
        }).disposed(by: bag)
        password.editingDidEnd.subscribe(onNext: { [weak viewModel, weak field = password] in
            if field?.enabled == true { viewModel?.fieldLeft(.password) }
        }).disposed(by: bag)
        resetButton.tap.subscribe(onNext: { [weak viewModel] in viewModel?.reset() }).disposed(by: bag)
        viewModel.focusRequests.subscribe(onNext: { [weak self] field in
            guard let self else { return }
            (field == .username ? self.username : self.password).focus()
        }).disposed(by: bag)
        viewModel.session.compactMap { $0 }.subscribe(onNext: { [weak self] in self?.showSuccess($0) }).disposed(by: bag)
    }

    private static func row(_ name: String, _ value: Observable<String>, bag: DisposeBag) -> Widget {
        let label = Label(name.padding(to: 12), role: .disabled)
        let valueLabel = Label("", overflow: .truncate, role: .normal, width: 16)
        value.bind(to: valueLabel.text).disposed(by: bag)
        return HStack(spacing: 0, [label, valueLabel])
    }

    /// Connects the screen's keys to `app`: Esc cancels a sign-in or quits, Ctrl-R resets,
    /// and after a sign-in any key exits.
    public func attach(to app: Application) {
        app.onKey(.escape) { [weak self, weak app] in
            guard let self, let app else { return }
            if self.viewModel.cancelSignIn() { return }
            self.outcome = .quit(username: self.viewModel.username.value)
            app.quit()
        }
        app.onKey(.ctrl("r")) { [weak self] in self?.viewModel.reset() }
        app.keyInterceptor = { [weak self, weak app] key in
            guard let self, self.viewModel.session.value != nil else { return false }
            if key == .ctrl("z") { return false }
            app?.quit()
            return true
        }
    }

    /// The outcome when the app stopped without one being set (Ctrl-C, a signal).
    public func finalOutcome() -> Outcome {
        outcome ?? .quit(username: viewModel.username.value)
    }

    private func showSuccess(_ session: LoginViewModel.Session) {
        outcome = .signedIn(session)
        center.children.first?.removeFromParent()
        let message = VStack([
            Label("Signed in as \(session.username)", role: .accent),
            Label("Session length: \(session.minutes) min"),
            Label(session.remembered ? "You will be remembered on this device." : "You will not be remembered."),
            Label(""),
            Label("Press any key to exit.", role: .disabled),
        ])
        center.addChild(Panel(title: "Welcome", padding: Insets(horizontal: 2, vertical: 1), message))
    }
}

extension String {
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - terminalWidth))
    }
}
