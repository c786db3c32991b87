// Steps 3 and 4 of docs/getting-started.md as the function step 6 calls.
import TetherReactive
import TetherUI

@MainActor
func makeSignupForm() -> (root: Widget, submit: Button) {
    let model = SignupModel()
    let email = TextField(placeholder: "you@example.com", width: 30)
    let submit = Button("Sign up")
    let form = Form()
    form.addField("Email", email)
    form.addButtons([submit], default: submit)
    let bag = DisposeBag()
    (email.rx.text <-> model.email).disposed(by: bag)
    submit.bind(model.submit)
    return (form, submit)
}
