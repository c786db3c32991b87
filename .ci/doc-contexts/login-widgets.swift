// The widgets a login screen in docs/view-models.md binds.
import TetherReactive
import TetherUI

@MainActor let usernameField = TextField()
@MainActor let passwordField = SecureField()
@MainActor let status = Label()
@MainActor let signInButton = Button("Sign in")
@MainActor let bag = DisposeBag()
