@testable import LoginDemoCore
import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// The screen's main flows through the ``Pilot``, once on each way the view model is
/// written: relays (``LoginViewModel``) and `@Observable` (``ObservableLoginViewModel``,
/// what `login-demo --observation` runs).
@MainActor
@Suite("Login screen on both view models")
struct LoginScreenViewModelKindsTests {
    /// The screen over a view model of `kind`, sharing one virtual clock with the pilot.
    @MainActor
    final class Fixture {
        let scheduler = TestScheduler()
        let viewModel: DemoViewModel
        let screen: LoginScreen
        let pilot: Pilot

        init(_ kind: ViewModelKind) throws {
            viewModel = DemoViewModel(kind, scheduler: scheduler)
            screen = viewModel.makeScreen()
            pilot = try Pilot(root: screen.root, size: Size(width: 80, height: 24), scheduler: scheduler)
            screen.attach(to: pilot.app)
        }

        func fieldLine(_ label: String) -> String { pilot.lines.first { $0.contains("\(label)  ") } ?? "" }

        /// The value the View model panel shows for `name`.
        func modelValue(_ name: String) -> String? {
            let key = "│ " + name + String(repeating: " ", count: max(0, 12 - name.count))
            guard let line = pilot.lines.last(where: { $0.contains(key) }), let range = line.ranges(of: key).last else {
                return nil
            }
            let value = line[range.upperBound...].prefix { $0 != "│" }
            return String(value.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }

        var fieldsEnabled: [Bool] {
            [
                screen.username.isEnabled, screen.password.isEnabled, screen.remember.isEnabled,
                screen.sessionLength.isEnabled,
            ]
        }

        /// Enters a wrong password and lets the attempt fail.
        func failOnce() async {
            pilot.type("wrong-password\n")
            await pilot.settle()
            pilot.advance(by: .milliseconds(800))
            await pilot.settle()
        }
    }

    @Test(
        "typing reaches the view model and the View model panel, and the password stays masked",
        arguments: ViewModelKind.allCases)
    func typingReachesViewModel(kind: ViewModelKind) throws {
        let t = try Fixture(kind)
        t.pilot.type("demo\thunter2-secret")
        #expect(t.viewModel.username == "demo")
        #expect(t.viewModel.password == "hunter2-secret")
        #expect(t.modelValue("username") == "demo")
        #expect(t.modelValue("password") == "14 characters")
        #expect(t.modelValue("can sign in") == "yes")
        #expect(!t.pilot.screen.contains("hunter2"))
    }

    @Test("values set on the view model show in the widgets and the panel", arguments: ViewModelKind.allCases)
    func viewModelReachesWidgets(kind: ViewModelKind) throws {
        let t = try Fixture(kind)
        t.viewModel.username = "bob"
        t.viewModel.rememberMe = true
        t.viewModel.sessionMinutes = 60
        t.pilot.app.renderIfNeeded()
        #expect(t.fieldLine("Username").contains("Username  bob"))
        #expect(t.pilot.screen.contains("[x] Remember me"))
        #expect(t.fieldLine("Session").contains("] 60 min"))
        #expect(t.modelValue("remember") == "yes")
        #expect(t.modelValue("session") == "60 min")
    }

    @Test("the toggle and the slider change the view model", arguments: ViewModelKind.allCases)
    func toggleAndSlider(kind: ViewModelKind) throws {
        let t = try Fixture(kind)
        t.screen.remember.focus()
        t.pilot.press(.space)
        #expect(t.viewModel.rememberMe)
        t.pilot.press(.tab, .right)
        #expect(t.viewModel.sessionMinutes == 35)
        #expect(t.modelValue("session") == "35 min")
    }

    @Test("a validation message shows only after the field has been left", arguments: ViewModelKind.allCases)
    func validationAfterLeaving(kind: ViewModelKind) throws {
        let t = try Fixture(kind)
        t.pilot.press(.tab)
        #expect(t.pilot.screen.contains("Enter a username"))
        t.pilot.type("abc")
        #expect(!t.pilot.screen.contains("At least 8 characters"))
        t.pilot.press(.tab)
        #expect(t.pilot.screen.contains("At least 8 characters (3 so far)"))
    }

    @Test(
        "a correct sign-in shows the welcome panel after the delay, and any key quits with the outcome",
        arguments: ViewModelKind.allCases)
    func signIn(kind: ViewModelKind) async throws {
        let t = try Fixture(kind)
        t.pilot.type("demo\ttether-demo\n")
        await t.pilot.settle()
        #expect(t.fieldsEnabled == [false, false, false, false])
        t.pilot.advance(by: .milliseconds(800))
        await t.pilot.settle()
        #expect(t.pilot.screen.contains("Signed in as demo"), "\(t.pilot.screen)")
        t.pilot.press(.character("x"))
        #expect(t.pilot.app.exit == .quit)
        #expect(t.screen.finalOutcome().summary == "signed in: demo (session 30 min, not remembered)")
    }

    @Test(
        "a wrong password shows the failure, clears the password field and focuses it",
        arguments: ViewModelKind.allCases)
    func failure(kind: ViewModelKind) async throws {
        let t = try Fixture(kind)
        t.pilot.type("demo\t")
        await t.failOnce()
        #expect(t.pilot.screen.contains("Invalid username or password"), "\(t.pilot.screen)")
        #expect(t.screen.password.text == "")
        #expect(t.pilot.focusedWidget === t.screen.password)
        #expect(t.fieldsEnabled == [true, true, true, true])
    }

    @Test("three failures lock the form with a countdown, then unlock it", arguments: ViewModelKind.allCases)
    func lockout(kind: ViewModelKind) async throws {
        let t = try Fixture(kind)
        t.pilot.type("demo\t")
        for _ in 0..<3 { await t.failOnce() }
        #expect(t.pilot.screen.contains("Too many attempts: wait 30 s"), "\(t.pilot.screen)")
        #expect(t.fieldsEnabled == [false, false, false, false])
        t.pilot.advance(by: .seconds(1))
        #expect(t.pilot.screen.contains("wait 29 s"))
        t.pilot.advance(by: .seconds(29))
        #expect(!t.pilot.screen.contains("Too many attempts"))
        #expect(t.fieldsEnabled == [true, true, true, true])
    }

    @Test("Esc cancels a sign-in in progress, then quits with the username", arguments: ViewModelKind.allCases)
    func escape(kind: ViewModelKind) async throws {
        let t = try Fixture(kind)
        t.pilot.type("alice\ttether-demo\n")
        await t.pilot.settle()
        #expect(t.viewModel.signIn.executing)
        t.pilot.press(.escape)
        await t.pilot.settle()
        #expect(!t.viewModel.signIn.executing)
        #expect(t.pilot.app.exit == nil, "Esc only cancels")
        t.pilot.press(.escape)
        #expect(t.pilot.screen.contains("Discard changes?"))
        t.pilot.press(.tab, .enter)
        #expect(t.pilot.app.exit == .quit)
        #expect(t.screen.finalOutcome() == .quit(username: "alice"))
    }

    @Test("Ctrl-R puts the view model and every widget back to their defaults", arguments: ViewModelKind.allCases)
    func reset(kind: ViewModelKind) throws {
        let t = try Fixture(kind)
        t.pilot.type("alice\tsecret-password")
        t.pilot.press(.tab, .space, .tab, .right)
        #expect(t.viewModel.rememberMe && t.viewModel.sessionMinutes == 35)
        t.pilot.press(.ctrl("r"))
        #expect(t.viewModel.username == "" && t.viewModel.password == "")
        #expect(t.screen.username.text == "" && t.screen.password.text == "")
        #expect(t.screen.remember.isOn == false)
        #expect(t.screen.sessionLength.value == LoginViewModel.defaultMinutes)
        #expect(t.modelValue("username") == "" && t.modelValue("session") == "30 min")
        #expect(t.pilot.focusedWidget === t.screen.username)
    }
}
