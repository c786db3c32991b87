// Step 3 of docs/getting-started.md as the function step 6 calls.
import TetherReactive
import TetherUI

@MainActor
func makeSignupForm() -> (root: Widget, submit: Button) {
    let model = SignupModel()
    let submit = Button("Sign up")
    let form = Form {
        Field("Email", key: "email", TextField(placeholder: "you@example.com", width: 30))
            .required()
            .validate(.email())
            .bound(to: model.email)
        Field("Password", key: "password", SecureField(placeholder: "8+ characters", width: 30))
            .validate(.length(min: 8))
            .bound(to: model.password)
        Buttons([submit], default: submit).submitting(model.submit)
    }
    return (form, submit)
}
