@testable import LoginDemoCore
import TetherReactive
import TetherTesting
import TetherUI

/// The login demo on a headless terminal, with a reference editor per text field, driven
/// one ``FuzzStep`` at a time.
///
/// The account store has no accounts and the simulated network delay is longer than any
/// fuzz run advances the clock, so a sign-in never ends by itself: while it runs the fields
/// are disabled (and cannot hold focus); Esc or Ctrl-R cancels it. Reset (Ctrl-R, or the
/// Reset button pressed by Enter, Space or a left click) empties both fields.
@MainActor
final class LoginFuzzHarness {
    let scheduler = TestScheduler()
    let viewModel: LoginViewModel
    let screen: LoginScreen
    let pilot: Pilot
    private(set) var username = ReferenceEditor(words: .words)
    private(set) var password = ReferenceEditor(words: .line)
    /// What the steps ran into, for the printed figures.
    var coverage = FuzzCoverage()
    /// How many times Esc asked "Discard changes?": answered Keep editing and Discard in turn.
    private var discardQuestions = 0

    init() throws {
        viewModel = LoginViewModel(
            accounts: AccountStore(accounts: [:]), scheduler: scheduler,
            delay: .seconds(1_000_000_000))
        screen = LoginScreen(viewModel: viewModel)
        pilot = try Pilot(root: screen.root, size: Size(width: 80, height: 24), scheduler: scheduler)
        screen.attach(to: pilot.app)
        // The help overlay (F1, ?) is modal and swallows what the reference model expects to
        // happen; its own tests cover it (KeyHelpOverlayTests, LoginScreenKeyHelpTests).
        pilot.app.showsKeyHelp = false
        pilot.app.verifiesPartialRedraws = true
    }

    /// Ends a sign-in left running, so its task finishes.
    func tearDown() async {
        viewModel.cancelSignIn()
        await pilot.settle(rounds: 2)
    }

    // MARK: Steps

    /// Performs `step` on the form and the same step on the reference editors. Returns a
    /// problem the step itself revealed (a click that put the caret elsewhere), if any.
    ///
    /// Once the run has ended (Ctrl-C), the application handles no more input: keys, pastes
    /// and mouse events still reach it, and the references stay as they are.
    func perform(_ step: FuzzStep) async -> String? {
        let focused = pilot.focusedWidget
        coverage.record(focused: focused, in: screen, signingIn: viewModel.signIn.executing, tooSmall: showsTooSmall)
        if pilot.app.exit != nil, sendAfterQuit(step) { return nil }
        switch step {
        case .key(let key):
            pilot.press(key)
            if key == .escape, let now = pilot.focusedWidget, !screen.root.isAncestor(of: now) {
                // Focus went into a dialog: "Discard changes?" (drawn or not, when too small).
                answerDiscard()
            } else if key == .ctrl("r") || (focused === screen.resetButton && (key == .enter || key == .space)) {
                resetReferences()
            } else if focused === screen.username {
                Self.apply(key, to: &username)
            } else if focused === screen.password {
                Self.apply(key, to: &password)
            }
        case .paste(let text):
            pilot.paste(text)
            if focused === screen.username { username.paste(text) }
            if focused === screen.password { password.paste(text) }
        case .click(let target, let column, let button):
            return press(button, at: point(in: target, column: column), focusedBefore: focused)
        case .clickAt(let point):
            return press(.left, at: point, focusedBefore: focused)
        case .drag(let target, let from, let to):
            let start = point(in: target, column: from)
            let end = Point(x: widget(target).frame.minX + to, y: start.y)
            let hit = focusTarget(at: start), ignored = showsTooSmall
            pilot.drag(from: start, to: end)
            followFocusEntry(from: focused)
            if !ignored { afterLeftPress(on: hit) }
            return nil
        case .wheel(let target, let up):
            pilot.scroll(at: point(in: target, column: 0), steps: up ? 1 : -1)
        case .resize(let size):
            pilot.resize(to: size)
        case .write(let write):
            switch write {
            case .username(let text):
                viewModel.username.accept(text)
                username.write(text)
            case .password(let text):
                viewModel.password.accept(text)
                password.write(text)
            case .remember(let on): viewModel.rememberMe.accept(on)
            case .minutes(let minutes): viewModel.sessionMinutes.accept(minutes)
            }
        case .advance(let milliseconds):
            pilot.advance(by: .milliseconds(milliseconds))
        case .settle:
            await pilot.settle(rounds: 3)
        }
        followFocusEntry(from: focused)
        return nil
    }

    /// Answers the "Discard changes?" that Esc asked over typed text: Keep editing (Esc, which
    /// gives focus back where it was, the caret kept) and Discard (the run ends) in turn.
    private func answerDiscard() {
        discardQuestions += 1
        if discardQuestions.isMultiple(of: 2) {
            pilot.press(.escape)
        } else {
            pilot.press(.tab, .enter)
        }
    }

    /// Focus arriving at a text field from elsewhere (Tab, Enter, a focus request) puts its
    /// caret after the text.
    private func followFocusEntry(from previous: Widget?) {
        let focused = pilot.focusedWidget
        guard focused !== previous else { return }
        if focused === screen.username { username.end() }
        if focused === screen.password { password.end() }
    }

    /// Sends an input step (a key, a paste, a mouse event) to an application whose run has
    /// ended, leaving the references alone; returns whether `step` was one.
    private func sendAfterQuit(_ step: FuzzStep) -> Bool {
        switch step {
        case .key(let key): pilot.press(key)
        case .paste(let text): pilot.paste(text)
        case .click(let target, let column, _): pilot.click(at: point(in: target, column: column))
        case .clickAt(let point): pilot.click(at: point)
        case .drag(let target, let from, let to):
            pilot.drag(from: point(in: target, column: from), to: point(in: target, column: to))
        case .wheel(let target, let up): pilot.scroll(at: point(in: target, column: 0), steps: up ? 1 : -1)
        case .resize, .write, .advance, .settle: return false
        }
        coverage.afterQuit += 1
        return true
    }

    private func resetReferences() {
        coverage.resets += 1
        username.write("")
        password.write("")
    }

    /// What the documented keys do to a focused text field.
    static func apply(_ key: KeyEvent, to editor: inout ReferenceEditor) {
        switch key {
        case .left, .ctrl("b"): editor.left()
        case .right, .ctrl("f"): editor.right()
        case .home, .ctrl("a"): editor.home()
        case .end, .ctrl("e"): editor.end()
        case .alt("b"), KeyEvent(.left, modifiers: .ctrl): editor.wordLeft()
        case .alt("f"), KeyEvent(.right, modifiers: .ctrl): editor.wordRight()
        case .backspace: editor.backspace()
        case .delete, .ctrl("d"): editor.deleteForward()
        case .ctrl("w"), KeyEvent(.backspace, modifiers: .alt): editor.deleteWordLeft()
        case .alt("d"): editor.deleteWordRight()
        case .ctrl("u"): editor.deleteToStart()
        case .ctrl("k"): editor.deleteToEnd()
        default:
            if case .character(let character) = key.key, key.modifiers.subtracting(.shift).isEmpty {
                editor.type(character)
            }
        }
    }

    // MARK: Mouse

    private func widget(_ target: FuzzTarget) -> Widget {
        switch target {
        case .username: screen.username
        case .password: screen.password
        case .remember: screen.remember
        case .session: screen.sessionLength
        case .signIn: screen.signInButton
        case .reset: screen.resetButton
        }
    }

    /// A cell `column` cells into the target's first row, inside its frame when it has one.
    private func point(in target: FuzzTarget, column: Int) -> Point {
        let frame = widget(target).frame
        return Point(x: frame.minX + min(column, max(0, frame.width - 1)), y: frame.minY)
    }

    /// Below the root's minimum size the screen says "terminal too small" and the mouse does
    /// nothing: no widget is on screen.
    private var showsTooSmall: Bool {
        let size = pilot.backend.size, minimum = pilot.app.root.minimumSize
        return size.width < minimum.width || size.height < minimum.height
    }

    /// The widget a press at `point` focuses: the one under it, or its nearest ancestor that
    /// takes focus.
    private func focusTarget(at point: Point) -> Widget? {
        var node = pilot.app.root.hitTest(point)
        while let candidate = node, !candidate.acceptsFocus { node = candidate.parent }
        return node
    }

    private func press(_ button: MouseButton, at point: Point, focusedBefore: Widget?) -> String? {
        let hit = focusTarget(at: point), ignored = showsTooSmall
        let frameBefore = hit?.frame
        pilot.send(.input(.mouse(MouseEvent(.press(button), at: point))))
        pilot.send(.input(.mouse(MouseEvent(.release, at: point))))
        followFocusEntry(from: focusedBefore)
        guard button == .left, !ignored else { return nil }
        afterLeftPress(on: hit)
        // Focus moving can show a validation row and move the form: check only in place.
        guard let field = hit as? TextField, field.frame == frameBefore else { return nil }
        return checkCaretPlaced(in: field, by: point)
    }

    private func afterLeftPress(on hit: Widget?) {
        if hit === screen.resetButton { resetReferences() }
        if hit === screen.username { username.placeCaret(screen.username.caret) }
        if hit === screen.password { password.placeCaret(screen.password.caret) }
    }

    /// A click puts the caret before the grapheme under the pointer, or at the end of the
    /// text when the pointer is past it: the terminal cursor is at or left of the pointer,
    /// and the grapheme after the caret covers the pointer's column.
    private func checkCaretPlaced(in field: TextField, by point: Point) -> String? {
        guard let cursor = pilot.cursor, field.frame.contains(cursor) else { return nil }
        let graphemes = Array(field.text)
        guard field.caret <= graphemes.count else { return nil }  // reported by check()
        if cursor.x > point.x { return "a click at column \(point.x) put the cursor right of it, at \(cursor.x)" }
        if field.caret < graphemes.count {
            let width = field is SecureField ? 1 : graphemes[field.caret].terminalWidth
            if cursor.x + width <= point.x {
                return "a click at column \(point.x) put the caret (\(field.caret)) before a grapheme ending left of it"
            }
        }
        return nil
    }

    // MARK: Invariants

    /// What is wrong after a step, or `nil`: the widgets and the view model agree, the text
    /// fields hold what the reference editors predict, carets lie inside their text, and a
    /// focused widget can take focus, and every partial redraw matched drawing everything.
    func check() -> String? {
        if pilot.app.partialRedrawMismatches > 0 {
            return "a partial redraw (only the changed widgets' rows) differs from drawing everything"
        }
        if let violation = pilot.backend.hintViolations.first { return violation }
        let user = screen.username, secret = screen.password
        if user.text != viewModel.username.value {
            return "username field \(user.text.debugDescription) ≠ model \(viewModel.username.value.debugDescription)"
        }
        if secret.text != viewModel.password.value {
            return "password field \(secret.text.debugDescription) ≠ model \(viewModel.password.value.debugDescription)"
        }
        if screen.remember.isOn != viewModel.rememberMe.value {
            return "toggle \(screen.remember.isOn) ≠ model \(viewModel.rememberMe.value)"
        }
        if screen.sessionLength.value != viewModel.sessionMinutes.value {
            return "slider \(screen.sessionLength.value) ≠ model \(viewModel.sessionMinutes.value)"
        }
        for (name, field, reference) in [("username", user as TextField, username), ("password", secret, password)] {
            if field.text != reference.text || field.caret != reference.caret {
                return
                    "\(name) field holds \(field.text.debugDescription) caret \(field.caret), the reference \(reference)"
            }
            if field.caret < 0 || field.caret > field.text.count {
                return "\(name) caret \(field.caret) outside its text of \(field.text.count) graphemes"
            }
        }
        if let focused = pilot.focusedWidget, !focused.acceptsFocus {
            return "\(focused) has focus but cannot take it"
        }
        return nil
    }
}

/// How often the fuzz steps met each state of the form.
struct FuzzCoverage {
    var steps = 0, inUsername = 0, inPassword = 0, inOther = 0, noFocus = 0, signingIn = 0, tooSmall = 0, resets = 0
    /// Input steps sent after Ctrl-C ended the run (handled by nothing).
    var afterQuit = 0

    @MainActor
    mutating func record(focused: Widget?, in screen: LoginScreen, signingIn executing: Bool, tooSmall small: Bool) {
        steps += 1
        if focused == nil {
            noFocus += 1
        } else if focused === screen.username {
            inUsername += 1
        } else if focused === screen.password {
            inPassword += 1
        } else {
            inOther += 1
        }
        if executing { signingIn += 1 }
        if small { tooSmall += 1 }
    }

    static func + (lhs: FuzzCoverage, rhs: FuzzCoverage) -> FuzzCoverage {
        FuzzCoverage(
            steps: lhs.steps + rhs.steps, inUsername: lhs.inUsername + rhs.inUsername,
            inPassword: lhs.inPassword + rhs.inPassword, inOther: lhs.inOther + rhs.inOther,
            noFocus: lhs.noFocus + rhs.noFocus, signingIn: lhs.signingIn + rhs.signingIn,
            tooSmall: lhs.tooSmall + rhs.tooSmall, resets: lhs.resets + rhs.resets,
            afterQuit: lhs.afterQuit + rhs.afterQuit)
    }

    var summary: String {
        func share(_ count: Int) -> String { "\(count * 100 / max(1, steps))%" }
        return
            "focus in username \(share(inUsername)), password \(share(inPassword)), other widgets \(share(inOther)), "
            + "none \(share(noFocus)); signing in \(share(signingIn)); too small \(share(tooSmall)); \(resets) resets; "
            + "\(afterQuit) input steps after Ctrl-C ended the run"
    }
}
