#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Testing
import TetherCombine
import TetherReactive

/// The Combine version of the login view model in docs/view-models.md, compiled and tested
/// here so the guide cannot drift from the API.
@MainActor
final class CombineLoginViewModel {
    let username = CurrentValueSubject<String, Never>("")
    let password = CurrentValueSubject<String, Never>("")
    /// A non-blank username and a password of at least 8 characters.
    let isValid = CurrentValueSubject<Bool, Never>(false)
    let failureMessage = CurrentValueSubject<String?, Never>(nil)
    private(set) var signIn: Command<Void, String>!
    private var cancellables = Set<AnyCancellable>()
    private let bag = DisposeBag()

    init(verify: @escaping @MainActor (String, String) async throws -> Bool) {
        signIn = Command(enabledIf: isValid.asObservable()) { [weak self] () async throws -> String in
            guard let self else { throw CancellationError() }
            let user = username.value
            guard try await verify(user, password.value) else { throw SignInFailed() }
            return user
        }
        signIn.errors.subscribe(onNext: { [weak self] _ in self?.failed() }).disposed(by: bag)
        // OpenCombine 0.14 has no combineLatest or merge: each field updates the derived state.
        for field in [username, password] {
            field.dropFirst().sink { [weak self] _ in self?.fieldChanged() }.store(in: &cancellables)
        }
    }

    private func fieldChanged() {
        isValid.send(!username.value.allSatisfy(\.isWhitespace) && password.value.count >= 8)
        failureMessage.send(nil)  // typing again clears the failure message
    }

    private func failed() {
        password.send("")
        failureMessage.send("Invalid username or password")
    }

    struct SignInFailed: Error {}
}

@MainActor
@Suite("The Combine login view model of the view-models guide")
struct CombineLoginViewModelTests {
    @Test("its fields bind two ways to controls, and Sign in follows the validation")
    func fieldsBindAndValidate() {
        let model = CombineLoginViewModel { _, _ in true }
        let usernameField = FakeControl(""), passwordField = FakeControl("")
        let bag = DisposeBag()
        (usernameField.property <-> model.username).disposed(by: bag)
        (passwordField.property <-> model.password).disposed(by: bag)
        usernameField.userEdit("demo")
        passwordField.userEdit("1234567")
        #expect(model.username.value == "demo")
        #expect(!model.signIn.enabled)
        passwordField.userEdit("12345678")
        #expect(model.signIn.enabled)
        model.username.send("")
        #expect(usernameField.value == "")
        #expect(!model.signIn.enabled)
    }

    @Test("a failed sign-in clears the password and reports it; typing clears the report")
    func failureThenTyping() async {
        let model = CombineLoginViewModel { _, _ in false }
        let passwordField = FakeControl("")
        let bag = DisposeBag()
        (passwordField.property <-> model.password).disposed(by: bag)
        model.username.send("demo")
        passwordField.userEdit("wrong-password")
        model.signIn.execute()
        for _ in 0..<100 where model.failureMessage.value == nil { await Task.yield() }
        #expect(model.failureMessage.value == "Invalid username or password")
        #expect(passwordField.value == "")
        passwordField.userEdit("t")
        #expect(model.failureMessage.value == nil)
    }
}
