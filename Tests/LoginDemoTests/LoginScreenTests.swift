@testable import LoginDemoCore
import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// The whole demo, widgets and view model, driven through the ``Pilot`` on virtual time.
@MainActor
@Suite("Login screen through the Pilot")
final class LoginScreenTests {
    static let secret = "hunter2-secret"

    let scheduler: TestScheduler
    let viewModel: LoginViewModel
    let screen: LoginScreen
    let pilot: Pilot

    convenience init() throws {
        try self.init(size: Size(width: 80, height: 24))
    }

    init(size: Size) throws {
        // The pilot and the view model share one virtual clock.
        scheduler = TestScheduler()
        viewModel = LoginViewModel(scheduler: scheduler)
        screen = LoginScreen(viewModel: viewModel)
        pilot = try Pilot(root: screen.root, size: size, scheduler: scheduler)
        screen.attach(to: pilot.app)
    }

    /// A sign-in still sleeping on the virtual clock holds the view model (as any running
    /// request does): cancel it, so that the test leaves nothing alive (LeakSanitizer).
    isolated deinit {
        viewModel.signInCommand.cancelAll()
    }

    // MARK: Helpers

    /// The screen's lines containing `text`.
    func lines(containing text: String) -> [String] { pilot.lines.filter { $0.contains(text) } }

    /// The index of the first line containing `text`.
    func row(of text: String) -> Int? { pilot.lines.firstIndex { $0.contains(text) } }

    /// The line of the form's `label` field.
    func fieldLine(_ label: String) -> String { lines(containing: "\(label)  ").first ?? "" }

    /// The value the View model panel shows for `name` (its row is `│ name…value │`).
    func modelValue(_ name: String) -> String? {
        let key = "│ " + name + String(repeating: " ", count: max(0, 12 - name.count))
        guard let line = lines(containing: key).last, let range = line.ranges(of: key).last else { return nil }
        let value = line[range.upperBound...].prefix { $0 != "│" }
        return String(value.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// Types the username, Tab, then the password, checking the screen never shows it.
    func fill(username: String = "demo", password: String) {
        pilot.type(username)
        pilot.press(.tab)
        for character in password {
            pilot.type(String(character))
            expectNoPassword(password)
        }
    }

    func expectNoPassword(_ password: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            !pilot.screen.contains(password), "the password is on screen:\n\(pilot.screen)",
            sourceLocation: sourceLocation)
        #expect(
            !pilot.screen.contains(String(password.prefix(5))), "part of the password is on screen",
            sourceLocation: sourceLocation)
    }

    /// Enters a wrong password and lets the attempt fail.
    func failOnce() async {
        pilot.type("wrong-password\n")
        await pilot.settle()
        pilot.advance(by: .milliseconds(800))
        await pilot.settle()
    }

    /// Presses Tab until `widget` has focus (at most 10 times).
    func tab(to widget: Widget, sourceLocation: SourceLocation = #_sourceLocation) {
        for _ in 0..<10 where pilot.focusedWidget !== widget { pilot.press(.tab) }
        #expect(pilot.focusedWidget === widget, "could not tab to \(widget)", sourceLocation: sourceLocation)
    }

    var fieldsEnabled: [Bool] {
        [
            screen.username.isEnabled, screen.password.isEnabled, screen.remember.isEnabled,
            screen.sessionLength.isEnabled,
        ]
    }

    // MARK: Typing and masking

    @Test("typing shows the text in the field and in the View model panel")
    func typingShowsInFieldAndModel() {
        #expect(modelValue("username") == "")
        pilot.type("demo")
        #expect(fieldLine("Username").contains("Username  demo"))
        #expect(modelValue("username") == "demo")
        #expect(viewModel.username.value == "demo")
        pilot.press(.tab)
        pilot.type("a")
        #expect(modelValue("password") == "1 character")
        pilot.type("bc")
        #expect(modelValue("password") == "3 characters")
    }

    @Test("the password shows as one bullet per character and never appears on screen")
    func passwordIsMasked() async {
        fill(password: Self.secret)
        #expect(fieldLine("Password").contains("Password  " + String(repeating: "•", count: Self.secret.count)))
        #expect(viewModel.password.value == Self.secret)
        #expect(!String(describing: screen.password).contains("hunter2"))
        pilot.press(.enter)
        await pilot.settle()
        expectNoPassword(Self.secret)
        pilot.advance(by: .milliseconds(400))
        expectNoPassword(Self.secret)
        pilot.advance(by: .milliseconds(400))
        await pilot.settle()
        expectNoPassword(Self.secret)
        #expect(pilot.screen.contains("Invalid username or password"))
    }

    @Test("a validation message shows under a field only after the field has been left")
    func validationAfterLeaving() {
        pilot.press(.tab)
        let usernameRow = row(of: "Username  ")
        #expect(
            usernameRow.map { pilot.lines[$0 + 1].contains("Enter a username") } == true,
            "no message under the empty username after Tab:\n\(pilot.screen)")
        pilot.type("abc")
        #expect(!pilot.screen.contains("At least 8 characters"), "shown while first typing")
        pilot.press(.tab)
        let passwordRow = row(of: "Password  ")
        #expect(
            passwordRow.map { pilot.lines[$0 + 1].contains("At least 8 characters (3 so") } == true,
            "no message under the password after Tab:\n\(pilot.screen)")
        pilot.press(.backTab, .backTab)
        pilot.type("demo")
        #expect(!pilot.screen.contains("Enter a username"), "the message goes once the username is valid")
    }

    @Test("Enter on the password with Sign in disabled names the fields that need attention and focuses the first")
    func enterExplainsInvalid() throws {
        pilot.press(.tab)
        pilot.type("abc\n")
        // Wrapped within the form's column, on its last rows: the panel keeps its width.
        let rows = pilot.lines
        let first = try #require(rows.firstIndex { $0.contains("2 fields need attention:") }, "\(pilot.screen)")
        #expect(rows[first + 1].contains("│           Username, Password "), "\(pilot.screen)")
        #expect(pilot.focusedWidget === screen.username)
        pilot.type("demo")
        #expect(pilot.screen.contains("Password needs attention"))
    }

    @Test("a validation message under a field keeps every row of the form on screen")
    func validationKeepsButtonsVisible() {
        pilot.type("demo")
        pilot.press(.tab)
        pilot.type("abc")
        pilot.press(.tab)
        #expect(pilot.screen.contains("At least 8 characters"))
        #expect(
            pilot.screen.contains("[ Sign in ]") && pilot.screen.contains("[ Reset ]"),
            "the buttons were pushed out of the panel:\n\(pilot.screen)")
        #expect(pilot.screen.contains("Remember me") && pilot.screen.contains("Session "))
    }

    @Test("Sign in is enabled once the username and password are valid")
    func signInEnablesWhenValid() {
        #expect(!screen.signInButton.isEnabled)
        #expect(modelValue("can sign in") == "no")
        pilot.type("demo\t1234567")
        #expect(!screen.signInButton.isEnabled)
        pilot.type("8")
        #expect(screen.signInButton.isEnabled)
        #expect(modelValue("can sign in") == "yes")
    }

    // MARK: Signing in

    @Test("Enter in the password field signs in, with a spinner on the button and the fields disabled during the delay")
    func signInShowsSpinner() async {
        fill(password: "tether-demo")
        pilot.press(.enter)
        await pilot.settle()
        let spinners = Button.spinnerFrames.map { "[\($0) Sign in" }
        #expect(spinners.contains { pilot.screen.contains($0) }, "no spinner:\n\(pilot.screen)")
        #expect(fieldsEnabled == [false, false, false, false])
        #expect(!screen.resetButton.isEnabled)
        let before = pilot.screen
        pilot.advance(by: Button.spinnerInterval)
        #expect(pilot.screen != before, "the spinner turns as time passes")
        #expect(!pilot.screen.contains("Signed in"))
        pilot.advance(by: .milliseconds(800) - Button.spinnerInterval)
        await pilot.settle()
        #expect(pilot.screen.contains("Signed in as demo"), "\(pilot.screen)")
    }

    @Test("the busy button keeps its brackets while the spinner shows")
    func spinnerKeepsBrackets() async {
        fill(password: "tether-demo")
        pilot.press(.enter)
        await pilot.settle()
        let frame = screen.signInButton.frame
        let line = Array(pilot.lines[frame.minY])
        let drawn = String(line[frame.minX..<min(frame.maxX, line.count)])
        #expect(drawn.first == "[" && drawn.last == "]", "the busy button is drawn as \(drawn.debugDescription)")
        #expect(drawn.contains(Button.spinnerFrames[0]) && drawn.contains("Sign in"), "\(drawn.debugDescription)")
    }

    @Test("after the delay the welcome panel shows the user, the session length and whether they are remembered")
    func welcomePanel() async {
        pilot.type("demo\ttether-demo")
        pilot.press(.tab)
        pilot.press(.space)
        pilot.press(.tab)
        pilot.press(.right, .right)
        #expect(viewModel.rememberMe.value && viewModel.sessionMinutes.value == 40)
        screen.signInButton.focus()
        pilot.press(.enter)
        await pilot.settle()
        pilot.advance(by: .milliseconds(800))
        await pilot.settle()
        #expect(pilot.screen.contains("Signed in as demo"))
        #expect(pilot.screen.contains("Session length: 40 min"))
        #expect(pilot.screen.contains("You will be remembered on this device."))
        #expect(!pilot.screen.contains("Username"), "the form is gone")
    }

    @Test("after signing in any key quits with the signed-in outcome")
    func anyKeyQuitsAfterSignIn() async {
        pilot.type("demo\ttether-demo\n")
        await pilot.settle()
        pilot.advance(by: .milliseconds(800))
        await pilot.settle()
        #expect(pilot.app.exit == nil)
        pilot.press(.character("x"))
        #expect(pilot.app.exit == .quit)
        let session = LoginViewModel.Session(username: "demo", minutes: 30, remembered: false)
        #expect(screen.finalOutcome() == .signedIn(session))
        #expect(screen.finalOutcome().summary == "signed in: demo (session 30 min, not remembered)")
    }

    @Test("a wrong password shows the failure in the form, clears the password field and focuses it")
    func failureShown() async {
        pilot.type("demo\t")
        await failOnce()
        let form = pilot.lines.filter { $0.contains("│") }
        #expect(form.contains { $0.contains("Invalid username or password") }, "\(pilot.screen)")
        #expect(fieldLine("Password").contains("Password  8+ characters"), "the placeholder shows again")
        #expect(screen.password.text == "")
        #expect(pilot.focusedWidget === screen.password)
        #expect(pilot.cursor?.x == screen.password.frame.minX)
        #expect(fieldsEnabled == [true, true, true, true])
    }

    @Test("a wrong password's message and the lockout's move no row: the buttons stay where they were")
    func failureMovesNothing() async {
        pilot.type("demo\t")
        let buttons = row(of: "[ Sign in ]")
        await failOnce()
        #expect(pilot.screen.contains("Invalid username or password"))
        #expect(row(of: "[ Sign in ]") == buttons, "\(pilot.screen)")
        await failOnce()
        await failOnce()
        #expect(pilot.screen.contains("Too many attempts"), "\(pilot.screen)")
        #expect(row(of: "[ Sign in ]") == buttons, "\(pilot.screen)")
    }

    @Test("three failures lock the form with a countdown that falls with virtual time")
    func lockoutCountdown() async {
        pilot.type("demo\t")
        for _ in 0..<3 { await failOnce() }
        #expect(pilot.screen.contains("Too many attempts: wait 30 s"), "\(pilot.screen)")
        #expect(fieldsEnabled == [false, false, false, false])
        pilot.advance(by: .seconds(1))
        #expect(pilot.screen.contains("wait 29 s"))
        pilot.advance(by: .seconds(29))
        #expect(!pilot.screen.contains("Too many attempts"))
        #expect(fieldsEnabled == [true, true, true, true])
    }

    @Test("a field disabled by a sign-in or the lockout does not count as left, so no validation message appears")
    func disablingIsNotLeaving() async {
        pilot.type("demo\t")
        for _ in 0..<3 { await failOnce() }
        #expect(pilot.screen.contains("Too many attempts"))
        #expect(!pilot.screen.contains("At least 8 characters"), "\(pilot.screen)")
        pilot.advance(by: .seconds(30))
        #expect(!pilot.screen.contains("At least 8 characters"), "\(pilot.screen)")
        #expect(pilot.focusedWidget === screen.password || pilot.focusedWidget === screen.username)
    }

    @Test("Esc during a sign-in cancels it and enables the fields again")
    func escapeCancelsSignIn() async {
        pilot.type("demo\ttether-demo\n")
        await pilot.settle()
        #expect(viewModel.signIn.executing)
        pilot.press(.escape)
        await pilot.settle()
        #expect(!viewModel.signIn.executing)
        #expect(pilot.app.exit == nil, "Esc only cancels")
        #expect(fieldsEnabled == [true, true, true, true])
        pilot.advance(by: .seconds(2))
        await pilot.settle()
        #expect(viewModel.session.value == nil)
        #expect(!pilot.screen.contains("Signed in"))
        #expect(pilot.screen.contains("[ Sign in ]"), "the spinner stops")
    }

    @Test(
        "Esc at a form with a typed username asks before leaving; Keep editing stays, Discard quits with the username")
    func escapeAsksThenQuits() {
        pilot.type("alice")
        pilot.press(.escape)
        #expect(pilot.screen.contains("Discard changes?"))
        #expect(pilot.screen.contains("Unsaved changes in Username. Leave without saving?"))
        #expect(pilot.app.exit == nil)
        pilot.press(.enter)
        #expect(pilot.app.exit == nil)
        #expect(pilot.focusedWidget === screen.username)
        pilot.press(.escape)
        pilot.press(.tab, .enter)
        #expect(pilot.app.exit == .quit)
        #expect(screen.finalOutcome() == .quit(username: "alice"))
        #expect(screen.finalOutcome().summary == "not signed in: alice")
    }

    @Test("Esc at an untouched form quits at once")
    func escapeQuitsUntouched() {
        pilot.press(.escape)
        #expect(pilot.app.exit == .quit)
        #expect(screen.finalOutcome().summary == "not signed in: (no username)")
    }

    // MARK: Reset and the model → widget direction

    func fillEverything() {
        pilot.type("alice\tsecret-password")
        pilot.press(.tab, .space, .tab, .right)
        #expect(viewModel.rememberMe.value == true && viewModel.sessionMinutes.value == 35)
    }

    func expectDefaults(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(viewModel.username.value == "" && viewModel.password.value == "", sourceLocation: sourceLocation)
        #expect(viewModel.rememberMe.value == false, sourceLocation: sourceLocation)
        #expect(viewModel.sessionMinutes.value == LoginViewModel.defaultMinutes, sourceLocation: sourceLocation)
        #expect(screen.username.text == "" && screen.password.text == "", sourceLocation: sourceLocation)
        #expect(screen.remember.isOn == false, sourceLocation: sourceLocation)
        #expect(screen.sessionLength.value == LoginViewModel.defaultMinutes, sourceLocation: sourceLocation)
        #expect(fieldLine("Username").contains("Username  your name"), sourceLocation: sourceLocation)
        #expect(fieldLine("Password").contains("Password  8+ characters"), sourceLocation: sourceLocation)
        #expect(pilot.screen.contains("[ ] Remember me"), sourceLocation: sourceLocation)
        #expect(fieldLine("Session").contains("] 30 min"), sourceLocation: sourceLocation)
        #expect(modelValue("username") == "" && modelValue("session") == "30 min", sourceLocation: sourceLocation)
        #expect(pilot.focusedWidget === screen.username, sourceLocation: sourceLocation)
    }

    @Test("the Reset button puts the model and every widget back to their defaults")
    func resetButton() {
        fillEverything()
        tab(to: screen.resetButton)
        pilot.press(.enter)
        expectDefaults()
    }

    @Test("Ctrl-R resets the form from any field")
    func ctrlRResets() {
        fillEverything()
        pilot.press(.ctrl("r"))
        expectDefaults()
    }

    @Test("values set on the view model show in the widgets")
    func modelToWidget() {
        viewModel.username.accept("bob")
        viewModel.rememberMe.accept(true)
        viewModel.sessionMinutes.accept(60)
        pilot.app.renderIfNeeded()
        #expect(fieldLine("Username").contains("Username  bob"))
        #expect(pilot.screen.contains("[x] Remember me"))
        #expect(fieldLine("Session").contains("] 60 min"))
        #expect(modelValue("remember") == "yes")
    }

    @Test("the Remember me toggle and the session slider change the model")
    func toggleAndSlider() {
        tab(to: screen.remember)
        pilot.press(.space)
        #expect(viewModel.rememberMe.value == true)
        #expect(modelValue("remember") == "yes")
        pilot.press(.tab, .right)
        #expect(viewModel.sessionMinutes.value == 35)
        #expect(modelValue("session") == "35 min")
        pilot.press(.end)
        #expect(viewModel.sessionMinutes.value == 120)
        pilot.press(.pageDown)
        #expect(viewModel.sessionMinutes.value == 70)
        #expect(fieldLine("Session").contains("] 70 min"))
    }

    // MARK: Layout

    @Test("at 80×24 the View model panel sits beside the form")
    func layoutWide() {
        let titles = lines(containing: "Tether · Sign in")
        #expect(titles.count == 1 && titles[0].contains("View model"), "\(pilot.screen)")
    }

    @Test("at 40×24 the View model panel sits under the form")
    func layoutNarrow() throws {
        let test = try LoginScreenTests(size: Size(width: 40, height: 24))
        let form = try #require(test.row(of: "Tether · Sign in"), "\(test.pilot.screen)")
        let model = try #require(test.row(of: "View model"), "\(test.pilot.screen)")
        #expect(model > form)
        let formBottom = try #require(test.pilot.lines[form...].firstIndex { $0.contains("└") })
        #expect(model > formBottom, "the panels overlap:\n\(test.pilot.screen)")
        #expect(test.pilot.lines.allSatisfy { $0.count <= 40 })
    }

    @Test("at 80×8 a sign-in ends on the welcome panel, not on 'terminal too small'")
    func welcomeAtEightRows() async throws {
        let test = try LoginScreenTests(size: Size(width: 80, height: 8))
        test.pilot.type("demo\ttether-demo\r")
        await test.pilot.settle()
        test.pilot.advance(by: .milliseconds(800))
        await test.pilot.settle()
        #expect(test.pilot.screen.contains("Signed in as demo"), "\(test.pilot.screen)")
        #expect(test.pilot.screen.contains("Press any key to exit."))
        #expect(!test.pilot.screen.contains("too small"))
    }

    @Test("at 40×12 only the form shows, and it still works")
    func layoutTiny() throws {
        let test = try LoginScreenTests(size: Size(width: 40, height: 12))
        #expect(test.pilot.screen.contains("Tether · Sign in"), "\(test.pilot.screen)")
        #expect(!test.pilot.screen.contains("View model"))
        #expect(!test.pilot.screen.contains("too small"))
        test.pilot.type("demo")
        #expect(test.fieldLine("Username").contains("Username  demo"))
        #expect(test.pilot.screen.contains("[ Sign in ]"))
    }

    @Test("at 40×12 a password message taking two rows moves no row above it")
    func tinyMessageMovesNothingAbove() throws {
        let test = try LoginScreenTests(size: Size(width: 40, height: 12))
        test.pilot.type("demo\tp")
        let username = test.row(of: "Username")
        let password = test.row(of: "Password")
        test.pilot.press(.tab)
        #expect(test.pilot.screen.contains("At least 8 characters"), "\(test.pilot.screen)")
        #expect(test.row(of: "Username") == username, "\(test.pilot.screen)")
        #expect(test.row(of: "Password") == password, "\(test.pilot.screen)")
    }

    @Test("resizing mid-edit keeps the text, the caret and the focus")
    func resizeKeepsEditing() {
        pilot.type("demo")
        pilot.press(.left, .left)
        #expect(screen.username.caret == 2)
        for size in [Size(width: 40, height: 24), Size(width: 40, height: 12), Size(width: 100, height: 30)] {
            pilot.resize(to: size)
            #expect(pilot.focusedWidget === screen.username, "at \(size)")
            #expect(screen.username.text == "demo" && screen.username.caret == 2, "at \(size)")
            #expect(fieldLine("Username").contains("Username  demo"), "at \(size):\n\(pilot.screen)")
            #expect(
                pilot.cursor == Point(x: screen.username.frame.minX + 2, y: screen.username.frame.minY), "at \(size)")
        }
        pilot.type("X")
        #expect(viewModel.username.value == "deXmo")
    }
}
