import SignupCore
import Tether

/// `signup-example`: a sign-up form with a dropdown, a picker, a check list and an
/// autocompleting city field, a typed age and an "about you" text area, bound to a view
/// model. Prints one line when signed up, then the "about you" text if any.
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
        if signedUp.value {
            print(viewModel.summary)
            if !viewModel.about.value.isEmpty { print("about:\n" + viewModel.about.value) }
        }
    }
}
