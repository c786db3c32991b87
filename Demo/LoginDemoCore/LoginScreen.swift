import TetherReactive
import TetherUI

/// The login demo's widgets and their bindings to a view model: a ``LoginViewModel``
/// (relays) or an ``ObservableLoginViewModel`` (`@Observable`), one initialiser each.
///
/// Every field is bound two ways to its view-model property with `<->`, written out in the
/// initialiser for each kind; derived state (read through ``LoginFormViewModel``) flows one
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

    public let viewModel: any LoginFormViewModel
    /// The root widget to run.
    public let root: Widget
    public let username = TextField(placeholder: "your name", width: 24)
    public let password = SecureField(placeholder: "8+ characters", width: 24)
    public let remember = Toggle("Remember me")
    public let sessionLength = Slider(
        value: LoginViewModel.defaultMinutes, in: 5...120, step: 5, format: LoginViewModel.formatMinutes)
    public let signInButton = Button("Sign in")
    public let resetButton = Button("Reset")
    public let form = Form()
    /// The username's field: required.
    public let usernameField: FormField<String>
    /// The password's field: at least 8 characters.
    public let passwordField: FormField<String>
    /// The form's submit: enabled while the fields are valid and the view model's command
    /// is (not locked out, not running); it runs that command.
    public let signIn: Command<Void, LoginViewModel.Session>
    let status = Label("", overflow: .wrap, role: .error)
    let formPanel: Panel
    let modelPanel: Panel
    /// The keys of the focused field and the form, on the bottom row.
    public let keyHelp = KeyHelpBar()
    private let center: Center
    private let bag: DisposeBag
    /// How the demo ended, once it has.
    public private(set) var outcome: Outcome?

    /// The screen for the view model built from relays.
    public convenience init(viewModel: LoginViewModel) {
        self.init(outputs: viewModel)
        // Two-way: each field ⇄ its relay (the form's fields sit between widgets and model). The model wins on bind.
        (usernameField.rx.value <-> viewModel.username).disposed(by: bag)
        (passwordField.rx.value <-> viewModel.password).disposed(by: bag)
        (remember.rx.isOn <-> viewModel.rememberMe).disposed(by: bag)
        (sessionLength.rx.value <-> viewModel.sessionMinutes).disposed(by: bag)
    }

    /// The screen for the view model written as an `@Observable` class (`login-demo --observation`).
    public convenience init(viewModel: ObservableLoginViewModel) {
        self.init(outputs: viewModel)
        // Two-way: each field ⇄ its @Observable property. The model wins on bind.
        (usernameField.rx.value <-> viewModel.binding(\.username)).disposed(by: bag)
        (passwordField.rx.value <-> viewModel.binding(\.password)).disposed(by: bag)
        (remember.rx.isOn <-> viewModel.binding(\.rememberMe)).disposed(by: bag)
        (sessionLength.rx.value <-> viewModel.binding(\.sessionMinutes)).disposed(by: bag)
    }

    /// The widgets laid out, with what they show of `viewModel` bound one way; each
    /// initialiser above adds the two-way bindings of the fields.
    private init(outputs viewModel: any LoginFormViewModel) {
        self.viewModel = viewModel
        let bag = DisposeBag()
        self.bag = bag
        // The messages under the fields: validators, shown once a field is left.
        usernameField = form.addField("Username", username, key: "username").validate(.required("Enter a username"))
        passwordField = form.addField("Password", password, key: "password")
            .validate(
                .custom { $0.count < 8 ? .invalid("At least 8 characters (\($0.count) so far)") : .valid }
                    .described("At least 8 characters"))
        // Keyed, so that each can be answered from outside (`--remember`, `LOGIN_DEMO_SESSION`).
        form.addField("", remember, key: "remember")
        form.addField("Session", sessionLength, key: "session")
        form.addRow(status)
        form.showsSubmitErrors = false  // the status row says the failure, then the lockout
        // Room for its longest message ("At least 8 characters (7 so far)"), and the form
        // beside the view model on 80 columns.
        form.messageWidth = 32
        form.addButtons([signInButton, resetButton], default: signInButton)
        // The status row stays, empty until a sign-in fails: the failure and the lockout
        // (each one row at 32 columns) come and go without moving the buttons under them.
        signIn = form.submitCommand(running: viewModel.signInCommand)
        formPanel = Panel(title: "Tether · Sign in", form)

        let modelRows = VStack([
            LoginScreen.row("username", viewModel.panel.map(\.username), bag: bag),
            LoginScreen.row(
                "password",
                viewModel.panel.map { "\($0.passwordLength) character\($0.passwordLength == 1 ? "" : "s")" }, bag: bag),
            LoginScreen.row("remember", viewModel.panel.map { $0.rememberMe ? "yes" : "no" }, bag: bag),
            LoginScreen.row(
                "session", viewModel.panel.map { LoginViewModel.formatMinutes($0.sessionMinutes) }, bag: bag),
            LoginScreen.row("can sign in", signIn.isEnabled.map { $0 ? "yes" : "no" }, bag: bag),
        ])
        modelPanel = Panel(title: "View model", modelRows)
        center = Center(AdaptiveStack(primary: formPanel, secondary: modelPanel))
        root = FooterLayout(center, footer: keyHelp)
        bindOutputs()
    }

    /// One way: the view model's derived state into the widgets, and the widgets' events
    /// (Reset) into the view model.
    private func bindOutputs() {
        // Empty, not hidden, while there is nothing to say: the row stays (see init).
        viewModel.statusLine.map { $0 ?? "" }.bind(to: status.rx.text).disposed(by: bag)
        // What the accessible presentation says of a sign-in; full screen shows the spinner and the welcome panel.
        signInButton.progressText = "Signing in…"
        signInButton.bind(signIn) { "Signed in as \($0.username)" }
        let editable = Observable.combineLatest(viewModel.signInCommand.isExecuting, viewModel.isLockedOut) {
            busy, locked in
            !busy && !locked
        }
        editable.bind(to: username.rx.isEnabled, password.rx.isEnabled, remember.rx.isEnabled).disposed(by: bag)
        editable.bind(to: sessionLength.rx.isEnabled, resetButton.rx.isEnabled).disposed(by: bag)

        let viewModel = self.viewModel
        resetButton.rx.tap.subscribe(onNext: { [weak viewModel] in viewModel?.reset() }).disposed(by: bag)
        viewModel.focusRequested.subscribe(onNext: { [weak self] field in
            guard let self else { return }
            (field == .username ? self.username : self.password).focus()
        }).disposed(by: bag)
        viewModel.signedIn.subscribe(onNext: { [weak self] in self?.showSuccess($0) }).disposed(by: bag)
    }

    private static func row(_ name: String, _ value: Observable<String>, bag: DisposeBag) -> Widget {
        let label = Label(name.padding(to: 12), role: .secondary)
        // 14 columns: the two panels leave 3 free at 80, so a validation message that
        // widens the form by 2 moves nothing.
        let valueLabel = Label("", overflow: .truncate, role: .normal, width: 14)
        value.distinctUntilChanged().bind(to: valueLabel.rx.text).disposed(by: bag)
        return HStack(spacing: 0, [label, valueLabel])
    }

    /// Connects the screen's keys to `app`: Esc cancels a sign-in or quits (asking first when
    /// something was typed), Ctrl-R resets
    /// (listed, with the rest, in the help overlay that `?` and F1 open), and after a sign-in
    /// any key exits.
    public func attach(to app: Application) {
        app.onKey(.escape) { [weak self, weak app] in
            guard let self, let app else { return }
            if self.viewModel.cancelSignIn() { return }
            self.form.confirmDiscard { [weak self, weak app] in
                guard let self else { return }
                self.outcome = .quit(username: self.viewModel.currentUsername)
                app?.quit()
            }
        }
        app.keyMap.bind(.ctrl("r"), to: .resetForm, help: "reset")
        app.onIntent(.resetForm) { [weak self] in self?.viewModel.reset() }
        app.showsKeyHelp = true
        app.addKeyHandler(.beforeWidgets) { [weak self, weak app] key in
            guard let self, self.viewModel.currentSession != nil else { return false }
            if key == .ctrl("z") { return false }
            app?.quit()
            return true
        }
    }

    /// The outcome when the app stopped without one being set (Ctrl-C, a signal).
    public func finalOutcome() -> Outcome {
        outcome ?? .quit(username: viewModel.currentUsername)
    }

    private func showSuccess(_ session: LoginViewModel.Session) {
        outcome = .signedIn(session)
        center.children.first?.removeFromParent()
        let message = VStack([
            Label("Signed in as \(session.username)", role: .accent),
            Label("Session length: \(session.minutes) min"),
            Label(session.remembered ? "You will be remembered on this device." : "You will not be remembered."),
            Label(""),
            Label("Press any key to exit.", role: .secondary),
        ])
        // No vertical padding: the panel and the key bar fit the 8 rows the form fits in.
        center.addChild(Panel(title: "Welcome", padding: Insets(horizontal: 2), message))
    }
}

extension Intent {
    /// The demo's own intent: put every field back to its default (Ctrl-R).
    static let resetForm = Intent.custom("reset")
}

extension String {
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - terminalWidth))
    }
}
