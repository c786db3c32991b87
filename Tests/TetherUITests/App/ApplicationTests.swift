import Testing
import TetherReactive
import TetherTesting

@testable import TetherUI

/// A form with a text field "Name" (row 0, from column 6) and a toggle (row 1, from column 6).
@MainActor
private struct App {
    let field = TextField()
    let toggle = Toggle("Remember")
    let pilot: Pilot

    init(
        size: Size = Size(width: 30, height: 4), colors: Int = 256, keyMap: KeyMap = .default,
        interruptBehavior: Application.InterruptBehavior = .quit, mouse: Bool = true,
        configure: (Application) -> Void = { _ in }
    ) throws {
        let form = Form()
        form.addField("Name", field)
        form.addRow(toggle)
        pilot = try Pilot(
            root: form, size: size, colors: colors, keyMap: keyMap,
            interruptBehavior: interruptBehavior, mouse: mouse, configure: configure)
    }
}

@MainActor
@Suite("Application")
struct ApplicationTests {
    // MARK: Mouse

    @Test("a mouse press focuses the widget under the pointer and acts on it")
    func mousePressFocusesAndActs() throws {
        let app = try App()
        app.pilot.click(on: app.toggle)
        #expect(app.pilot.focusedWidget === app.toggle)
        #expect(app.pilot.lines[1] == "      [x] Remember")
    }

    @Test("with mouse: false, clicks are ignored")
    func mouseDisabled() throws {
        let app = try App(mouse: false)
        app.pilot.click(on: app.toggle)
        #expect(app.pilot.focusedWidget === app.field)
        #expect(app.pilot.lines[1] == "      [ ] Remember")
    }

    @Test("a press on a label focuses nothing new")
    func pressOnLabel() throws {
        let app = try App()
        app.pilot.press(.tab)
        app.pilot.click(at: Point(x: 1, y: 0))
        #expect(app.pilot.focusedWidget === app.toggle)
    }

    @Test("a drag keeps going to the widget it started on, even outside it")
    func dragCapture() throws {
        let slider = Slider(value: 0, in: 0...19)
        let form = Form()
        form.addRow(slider)
        form.addRow(TextField())
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 3))
        pilot.drag(from: Point(x: 1, y: 0), to: Point(x: 29, y: 1))
        #expect(slider.value == 19)
    }

    // MARK: Ctrl-C and quitting

    @Test("Ctrl-C ends the run with Exit.interrupted")
    func ctrlCQuits() throws {
        let app = try App()
        #expect(app.pilot.app.exit == nil)
        app.pilot.press(.ctrl("c"))
        #expect(app.pilot.app.exit == .interrupted)
    }

    @Test("after Ctrl-C ends the run, a Ctrl-Z or typing that came with it is not handled")
    func nothingHandledAfterQuit() throws {
        let app = try App()
        app.pilot.type("hi")
        app.pilot.press(.ctrl("c"))
        app.pilot.press(.ctrl("z"))
        app.pilot.type("x")
        #expect(app.pilot.app.exit == .interrupted)
        #expect(app.pilot.backend.suspendCount == 0)
        #expect(app.pilot.lines[0] == "Name  hi")
    }

    @Test("with .deliverAsKey, Ctrl-C reaches the app's onKey handler and does not quit")
    func ctrlCDeliveredAsKey() throws {
        var copies = 0
        let app = try App(interruptBehavior: .deliverAsKey) { app in
            app.onKey(.ctrl("c")) { copies += 1 }
        }
        app.pilot.press(.ctrl("c"))
        #expect(copies == 1)
        #expect(app.pilot.app.exit == nil)
    }

    @Test("quit() ends the run with Exit.quit")
    func quitCall() throws {
        let app = try App()
        app.pilot.app.quit()
        #expect(app.pilot.app.exit == .quit)
    }

    @Test("a terminate event ends the run with Exit.terminated and its signal")
    func terminate() throws {
        let app = try App()
        app.pilot.send(.terminate(signal: 15))
        #expect(app.pilot.app.exit == .terminated(signal: 15))
    }

    @Test("run() returns how the run ended and stops the backend")
    func runReturnsExit() async throws {
        let form = Form()
        form.addField("Name", TextField())
        let backend = HeadlessBackend(size: Size(width: 20, height: 2))
        let app = Application(root: form, backend: backend, scheduler: TestScheduler())
        let run = Task { try await app.run() }
        while !backend.isRunning { await Task.yield() }
        backend.send(.input(.key(.ctrl("c"))))
        let exit = try await run.value
        #expect(exit == .interrupted)
        #expect(!backend.isRunning)
    }

    // MARK: Shortcuts and unhandled keys

    @Test("an onKey shortcut runs when its key is pressed")
    func onKeyShortcut() throws {
        var helps = 0
        let app = try App { app in app.onKey(.function(1)) { helps += 1 } }
        app.pilot.press(.function(1))
        #expect(helps == 1)
    }

    @Test("a key the focused widget handles does not run the shortcut")
    func widgetBeforeShortcut() throws {
        var shortcuts = 0
        let app = try App { app in app.onKey(.character("q")) { shortcuts += 1 } }
        app.pilot.type("q")
        #expect(shortcuts == 0)
        #expect(app.pilot.lines[0] == "Name  q")
    }

    @Test("a shortcut runs before the application's own intent for that key")
    func shortcutBeforeFocusMove() throws {
        var tabs = 0
        let app = try App { app in app.onKey(.tab) { tabs += 1 } }
        app.pilot.press(.tab)
        #expect(tabs == 1)
        #expect(app.pilot.focusedWidget === app.field)
    }

    @Test("keys nobody handles arrive on unhandledKeys")
    func unhandledKeys() throws {
        let app = try App()
        var unhandled: [KeyEvent] = []
        let subscription = app.pilot.app.unhandledKeys.subscribe(onNext: { unhandled.append($0) })
        defer { subscription.dispose() }
        app.pilot.type("a")
        app.pilot.press(.function(5), .tab)
        #expect(unhandled == [.function(5)])
    }

    @Test("a key handler before widgets sees keys first and consumes those it returns true for")
    func keyHandlerBeforeWidgets() throws {
        var seen: [KeyEvent] = []
        let app = try App { app in
            app.addKeyHandler(.beforeWidgets) { key in
                seen.append(key)
                return key == .character("x")
            }
        }
        app.pilot.type("axb")
        #expect(seen == [.character("a"), .character("x"), .character("b")])
        #expect(app.pilot.lines[0] == "Name  ab")
    }

    // MARK: Key map

    @Test("a key bound to focusNext in the key map moves focus")
    func bindKey() throws {
        var keys = KeyMap.default
        keys.bind(.ctrl("j"), to: .focusNext)
        let app = try App(keyMap: keys)
        app.pilot.press(.ctrl("j"))
        #expect(app.pilot.focusedWidget === app.toggle)
    }

    @Test("an unbound key no longer performs its intent")
    func unbindKey() throws {
        var keys = KeyMap.default
        keys.unbind(.ctrl("d"))
        let app = try App(keyMap: keys)
        app.pilot.type("abc")
        app.pilot.press(.home, .ctrl("d"))
        #expect(app.pilot.lines[0] == "Name  abc")
    }

    @Test("rebinding a key replaces what it did")
    func rebindKey() throws {
        var keys = KeyMap.default
        keys.rebind(.ctrl("u"), to: .moveToEnd)
        let app = try App(keyMap: keys)
        app.pilot.type("abc")
        app.pilot.press(.home, .ctrl("u"))
        app.pilot.type("!")
        #expect(app.pilot.lines[0] == "Name  abc!")
    }

    // MARK: Resize

    @Test("a resize lays the screen out again and keeps focus, text and caret")
    func resizeKeepsState() throws {
        let field = TextField()
        let form = Form()
        form.addField("Name", field)
        form.addRow(Toggle("Remember"))
        let pilot = try Pilot(root: Center(form), size: Size(width: 40, height: 6))
        pilot.type("hello")
        pilot.press(.left, .left)
        let before = try #require(pilot.cursor)
        let row = pilot.lines.firstIndex { $0.contains("Name") }
        pilot.resize(to: Size(width: 60, height: 10))
        let after = try #require(pilot.cursor)
        #expect(pilot.focusedWidget === field)
        #expect(pilot.lines.contains { $0.hasSuffix("Name  hello") })
        #expect(pilot.lines.firstIndex { $0.contains("Name") } != row)
        #expect(after.x - field.frame.minX == 3)
        #expect(after != before)
        pilot.type("X")
        #expect(pilot.lines.contains { $0.hasSuffix("Name  helXlo") })
    }

    @Test("below the root's minimum size the screen says the terminal is too small")
    func tooSmall() throws {
        let form = Form()
        form.addField("A", TextField())
        form.addField("B", TextField())
        form.addField("C", TextField())
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 2))
        #expect(Self.text(of: pilot) == "terminal too small: make it at least 3 rows tall (it has 2)")
        pilot.resize(to: Size(width: 40, height: 3))
        #expect(!pilot.screen.contains("too small"))
        #expect(pilot.lines[2] == "C")
    }

    @Test("a terminal too narrow is told the columns it needs and has")
    func tooNarrow() throws {
        let pilot = try Pilot(root: MinimumSized(Size(width: 60, height: 5)), size: Size(width: 50, height: 20))
        #expect(Self.text(of: pilot) == "terminal too small: make it at least 60 columns wide (it has 50)")
    }

    @Test("a terminal too narrow and too short is told both sizes it needs and its own")
    func tooNarrowAndShort() throws {
        let pilot = try Pilot(root: MinimumSized(Size(width: 60, height: 30)), size: Size(width: 50, height: 20))
        #expect(
            Self.text(of: pilot)
                == "terminal too small: make it at least 60 columns wide and 30 rows tall (it is 50×20)")
    }

    /// The screen's words: its non-empty lines, trimmed, joined by spaces.
    static func text(of pilot: Pilot) -> String {
        pilot.lines.map { String($0.drop { $0 == " " }) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    // MARK: Drawing

    @Test("on a monochrome terminal no cell uses a colour")
    func monochrome() throws {
        let app = try App(colors: 0)
        app.pilot.type("x")
        let cells = app.pilot.backend.screen.cells
        #expect(cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
        #expect(app.pilot.backend.screen[0, 0].style.attributes.contains(.bold))
    }

    @Test("with colours the focused field's label takes the accent style and its text the focused-field style")
    func coloured() throws {
        let app = try App()
        app.pilot.type("x")
        #expect(app.pilot.backend.screen[0, 0].style == Theme.default.accent)
        #expect(app.pilot.backend.screen[6, 0].style == Theme.default.focusedField)
    }

    @Test("typing one character writes only a few cells, not the whole screen")
    func diffedFrames() throws {
        let app = try App(size: Size(width: 80, height: 24))
        app.pilot.type("a")
        let before = app.pilot.cellsWritten
        app.pilot.type("b")
        #expect(app.pilot.cellsWritten - before >= 1)
        #expect(app.pilot.cellsWritten - before <= 4)
    }

    @Test("typing redraws only the rows of the widgets that changed, and the frame equals drawing everything")
    func partialRedraw() throws {
        let app = try App(size: Size(width: 80, height: 24))
        app.pilot.app.verifiesPartialRedraws = true
        let before = app.pilot.app.partialRedrawCount
        app.pilot.type("ab")
        app.toggle.rx.isOn.onNext(true)  // a model write to a widget on another row
        app.pilot.advance(by: .zero)
        #expect(app.pilot.app.partialRedrawCount - before == 3)
        #expect(app.pilot.app.partialRedrawMismatches == 0)
        #expect(app.pilot.backend.hintViolations.isEmpty)
        #expect(app.pilot.lines.prefix(2) == ["Name  ab", "      [x] Remember"])
    }

    @Test("a focus change redraws everything")
    func focusChangeRedrawsAll() throws {
        let app = try App(size: Size(width: 80, height: 24))
        let before = app.pilot.app.partialRedrawCount
        app.pilot.press(.tab)
        #expect(app.pilot.app.partialRedrawCount == before)
        #expect(app.pilot.focusedWidget === app.toggle)
    }

    @Test("Ctrl-Z suspends through the backend and the screen is drawn again afterwards")
    func suspend() throws {
        let app = try App()
        app.pilot.type("hi")
        app.pilot.press(.ctrl("z"))
        #expect(app.pilot.backend.suspendCount == 1)
        #expect(app.pilot.lines[0] == "Name  hi")
    }

    @Test(
        "no widget reads the draw context's time: every kind, a busy button's spinner too, draws the same frame at any time"
    )
    func drawingIgnoresTheContextTime() throws {
        let busy = Button("Sign in")
        let dropdown = Dropdown(options: ["red", "green", "blue"], selection: "green")
        let disabled = Toggle("Disabled")
        disabled.isEnabled = false
        let form = Form()
        form.addField("Name", TextField(text: "typed")).error = "Required"
        form.addField("Password", SecureField(text: "secret"))
        form.addField("Notes", TextArea(text: "one\ntwo", minRows: 2, maxRows: 2))
        form.addField("Volume", Slider(value: 30, in: 0...100, step: 5))
        form.addField("Size", Picker(options: ["S", "M", "L"], selection: "M", axis: .horizontal))
        form.addField("Extras", CheckList(options: ["cheese", "ham"], selection: ["ham"], axis: .horizontal))
        form.addRow(Toggle("Remember", isOn: true))
        form.addRow(disabled)
        form.addRow(Label("A note", role: .accent))
        form.addButtons([busy, Button("Cancel")], default: busy)
        form.addField("Colour", dropdown)  // last: its open list covers the rows below it
        let pilot = try Pilot(root: Panel(title: "Everything", form), size: Size(width: 60, height: 24))
        busy.isBusy = true
        pilot.advance(by: .milliseconds(250))  // three spinner ticks: what the spinner shows comes from them
        dropdown.open()  // a popup, drawn by the renderer after the tree
        let screen = pilot.screen
        for shown in ["Required", "[⠸ Sign in]", "blue", "Remember", "A note"] {
            #expect(screen.contains(shown), "\(shown) not on screen:\n\(screen)")
        }

        // The clock stands still; only the time the renderer hands the widgets changes.
        let context = pilot.app.renderer.context
        var frames: [Frame] = []
        var cursors: [Point?] = []
        let times: [Duration] = [
            .zero, .milliseconds(37), .milliseconds(80), .seconds(1), .seconds(61), .seconds(31_536_000),
        ]
        for time in times {
            pilot.app.renderer.context = { DrawContext(theme: context().theme, time: time) }
            pilot.send(.redrawNeeded)  // everything drawn again
            frames.append(pilot.backend.screen)
            cursors.append(pilot.backend.cursor)
        }
        for (time, frame) in zip(times, frames) {
            #expect(frame == frames[0], "drawn at \(time):\n\(frame.text)\nat 0:\n\(frames[0].text)")
        }
        #expect(cursors.allSatisfy { $0 == cursors[0] })
    }

    @Test("changing the theme redraws with the new styles")
    func themeChange() throws {
        let app = try App()
        app.pilot.app.theme = .ocean
        app.pilot.advance(by: .zero)
        #expect(app.pilot.backend.screen[0, 0].style == Theme.ocean.accent)
    }
}

/// A widget that needs at least `minimum` cells.
@MainActor
private final class MinimumSized: Widget {
    let minimum: Size
    init(_ minimum: Size) {
        self.minimum = minimum
        super.init()
    }
    override var minimumSize: Size { minimum }
}
