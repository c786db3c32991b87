@testable import LoginDemoCore
import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// The demo's key help: the bar on the bottom row and the help overlay, through the Pilot.
@MainActor
@Suite("Login screen key help")
final class LoginScreenKeyHelpTests {
    let scheduler = TestScheduler()
    let viewModel: LoginViewModel
    let screen: LoginScreen
    let pilot: Pilot

    init() throws {
        viewModel = LoginViewModel(scheduler: scheduler)
        screen = LoginScreen(viewModel: viewModel)
        pilot = try Pilot(root: screen.root, size: Size(width: 80, height: 24), scheduler: scheduler)
        screen.attach(to: pilot.app)
        pilot.app.verifiesPartialRedraws = true
        pilot.app.renderIfNeeded()
    }

    isolated deinit { viewModel.signInCommand.cancelAll() }

    @Test(
        "the bottom row lists the form's keys, Enter as what it does there (next, then sign in), F1 in a text field, and a way to quit"
    )
    func barOnBottomRow() {
        #expect(pilot.lines[23] == "Tab/Enter next · Shift-Tab back · Esc cancel · Ctrl-C quit · F1 keys")
        pilot.press(.enter)
        #expect(pilot.lines[23] == "Tab next · Shift-Tab back · Enter sign in · Esc cancel · Ctrl-C quit · F1 keys")
        pilot.press(.tab)
        #expect(pilot.lines[23] == "Space toggle · Tab next · Enter sign in · Esc cancel · Ctrl-C quit · ? more")
    }

    @Test("on the Remember me toggle the bar starts with Space toggle, and on the slider with ←/→ adjust")
    func barFollowsFocus() {
        pilot.press(.tab, .tab)
        #expect(pilot.lines[23].hasPrefix("Space toggle · Tab next"))
        pilot.press(.tab)
        #expect(pilot.lines[23].hasPrefix("←/→ adjust · Tab next"))
    }

    @Test("F1 in the username field opens the help overlay with the demo's own Ctrl-R reset, and Esc closes it")
    func overlayListsReset() {
        pilot.type("ab?")
        #expect(screen.username.text == "ab?")
        pilot.press(.function(1))
        #expect(pilot.lines.contains { $0.contains("Ctrl-R") && $0.contains("reset") })
        pilot.press(.escape)
        #expect(!pilot.screen.contains("┌─ Keys"))
        #expect(pilot.app.exit == nil)
    }

    @Test("Ctrl-R, the demo's own intent, resets the form")
    func ctrlRResets() {
        pilot.type("someone")
        pilot.press(.ctrl("r"))
        #expect(screen.username.text == "")
    }
}
