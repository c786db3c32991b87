import SignupCore
import Tether

/// `signup-example`: a sign-up form with a dropdown, a picker, a check list and an
/// autocompleting city field, bound to a view model. Prints one line when signed up.
@main
struct SignupExample {
    @MainActor static func main() throws {
        let viewModel = SignupViewModel(scheduler: MainScheduler.instance)
        let screen = SignupScreen(viewModel: viewModel)
        let app = Application(root: screen.root, backend: CursesBackend())
        let bag = DisposeBag()
        let signedUp = BehaviorRelay(value: false)
        viewModel.submit.values.subscribe(onNext: {
            signedUp.accept(true)
            app.quit()
        }).disposed(by: bag)
        _ = try app.runOnMainThread()
        if signedUp.value { print(viewModel.summary) }
    }
}
