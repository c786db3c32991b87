@testable import LoginDemoCore
import TetherReactive
import TetherTesting
import TetherUI

/// The login demo on a headless terminal and a virtual clock, with the steps of a session.
@MainActor
final class Demo {
    static let delay: Duration = .milliseconds(800)

    let scheduler: TestScheduler
    let viewModel: LoginViewModel
    let screen: LoginScreen
    let pilot: Pilot

    init(
        accounts: AccountStore = AccountStore(), size: Size = Size(width: 80, height: 24),
        scheduler: TestScheduler = TestScheduler()
    ) throws {
        self.scheduler = scheduler
        viewModel = LoginViewModel(accounts: accounts, scheduler: scheduler, delay: Demo.delay)
        screen = LoginScreen(viewModel: viewModel)
        pilot = try Pilot(root: screen.root, size: size, scheduler: scheduler)
        screen.attach(to: pilot.app)
    }

    /// A sign-in still sleeping on the virtual clock holds the view model (as any running
    /// request does): cancel it, so that a test leaves nothing alive (LeakSanitizer).
    isolated deinit {
        viewModel.signInCommand.cancelAll()
    }

    /// Types the username, Tab, then the password, one key at a time, calling `observe`
    /// after each key.
    func fill(username: String, password: String, observe: () -> Void = {}) {
        for character in username {
            pilot.type(String(character))
            observe()
        }
        pilot.press(.tab)
        observe()
        for character in password {
            pilot.type(String(character))
            observe()
        }
    }

    /// Enter from the password field: the sign-in starts and its task runs up to the delay.
    func submit() async {
        pilot.press(.enter)
        await pilot.settle()
    }

    /// Lets the simulated network delay pass, in spinner-sized steps, calling `observe`
    /// after each.
    func finishSignIn(observe: () -> Void = {}) async {
        for _ in 0..<10 {
            pilot.advance(by: .milliseconds(80))
            observe()
        }
        await pilot.settle()
        observe()
    }

    /// A wrong password, submitted and failed (the password field has focus afterwards).
    func failOnce(username: String = "ada", password: String = "wrong-password") async {
        if screen.username.text.isEmpty {
            fill(username: username, password: password)
        } else {
            pilot.type(password)
        }
        await submit()
        await finishSignIn()
    }

    /// Every widget in the tree now.
    var widgets: [Widget] {
        var found: [Widget] = []
        func walk(_ widget: Widget) {
            found.append(widget)
            widget.children.forEach(walk)
        }
        walk(pilot.app.root)
        return found
    }
}

/// The demo's screens, as the "Sizes" tests visit them.
enum DemoScreen: String, CaseIterable, Sendable {
    case form, signingIn, failure, lockout, success

    /// The demo showing this screen, with text typed and the caret moved where it applies.
    @MainActor
    func make() async throws -> Demo {
        let demo = try Demo()
        switch self {
        case .form:
            demo.fill(username: "ada lovelace", password: "analytical")
            demo.pilot.press(.left, times: 3)
        case .signingIn:
            demo.fill(username: "demo", password: "tether-demo")
            await demo.submit()
            demo.pilot.advance(by: .milliseconds(240))
        case .failure:
            await demo.failOnce()
            demo.pilot.type("engine")
            demo.pilot.press(.left)
        case .lockout:
            for _ in 0..<LoginViewModel.maxFailures { await demo.failOnce() }
            demo.pilot.advance(by: .seconds(3))
        case .success:
            demo.fill(username: "demo", password: "tether-demo")
            await demo.submit()
            await demo.finishSignIn()
        }
        return demo
    }
}

/// What must survive a resize: the screen, the fields' text and carets, and the focus.
@MainActor
struct DemoState: Equatable {
    var screen: String
    var username: String
    var usernameCaret: Int
    var password: String
    var passwordCaret: Int
    var focused: ObjectIdentifier?
    var cursor: Point?

    init(_ demo: Demo) {
        screen = demo.pilot.screen
        username = demo.screen.username.text
        usernameCaret = demo.screen.username.caret
        password = demo.screen.password.text
        passwordCaret = demo.screen.password.caret
        focused = demo.pilot.focusedWidget.map(ObjectIdentifier.init)
        cursor = demo.pilot.cursor
    }
}

extension Frame {
    /// What is wrong with the grid, or `nil`: each wide grapheme is followed by its
    /// continuation cell and each continuation cell follows a wide grapheme.
    var gridProblem: String? {
        for y in 0..<size.height {
            for x in 0..<size.width {
                let cell = self[x, y]
                if cell.width == 2, x + 1 >= size.width || !self[x + 1, y].isContinuation {
                    return "the wide grapheme \(cell.grapheme) at (\(x), \(y)) has no continuation cell"
                }
                if cell.isContinuation, x == 0 || self[x - 1, y].width != 2 {
                    return "a continuation cell at (\(x), \(y)) follows no wide grapheme"
                }
            }
        }
        return nil
    }

    /// `true` when some cell shows something other than a blank.
    var showsSomething: Bool { cells.contains { $0.grapheme != " " && !$0.isContinuation } }
}
