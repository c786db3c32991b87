// The reader's login model and screen that docs/testing.md tests.
import TetherReactive
import TetherUI

@MainActor
final class LoginModel {
    let username = BehaviorRelay(value: "")
    let password = BehaviorRelay(value: "")
    let failure = BehaviorRelay<String?>(value: nil)
    private(set) var signIn: Command<Void, String>!
    private let bag = DisposeBag()

    init(scheduler: any Scheduler) {
        signIn = Command { [unowned self] () async throws -> String in
            try await scheduler.sleep(for: .seconds(1))
            guard password.value == "tether-demo" else { throw SignInError.rejected }
            return username.value
        }
        signIn.errors.subscribe(onNext: { [weak self] _ in self?.failure.accept("Invalid username or password") })
            .disposed(by: bag)
    }
}

@MainActor
final class LoginScreen {
    let root: Widget
    private let bag = DisposeBag()

    init(model: LoginModel) {
        let username = TextField(), password = SecureField(), signIn = Button("Sign in"), message = Label()
        let form = Form()
        form.addField("Username", username)
        form.addField("Password", password)
        form.addButtons([signIn], default: signIn)
        form.addRow(message)
        (username.rx.text <-> model.username).disposed(by: bag)
        (password.rx.text <-> model.password).disposed(by: bag)
        model.failure.bind(to: message.rx.optionalText).disposed(by: bag)
        signIn.bind(model.signIn)
        root = form
    }
}

enum SignInError: Error { case rejected }
