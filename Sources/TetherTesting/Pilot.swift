#if canImport(Testing)
import Testing
#endif
import TetherReactive
import TetherUI

/// Drives an app's widget tree on a ``HeadlessBackend`` as a user would, on virtual time.
///
/// ```swift
/// let pilot = try Pilot(root: form, size: Size(width: 60, height: 20))
/// pilot.type("demo")
/// pilot.press(.tab)
/// #expect(pilot.screen.contains("Username  demo"))
/// ```
///
/// Every action delivers its input, then renders, and every read (``screen``, ``lines``,
/// ``cursor``, ``focusedWidget``) renders first what changed since, so a model write made
/// by the test (a relay's `accept`) is on screen at the next read, with no call in between.
/// Reading ``backend`` directly shows the last frame presented, without rendering.
///
/// Time stands still until ``Piloting/advance(by:)``; async work (a command's `async` body)
/// runs when the test awaits ``Piloting/settle(rounds:)``; ``Piloting/runUntilIdle(limit:)``
/// runs both in turn until nothing is left. Keys, pastes and clicks are ``Piloting``'s.
@MainActor
public final class Pilot: Piloting {
    /// The application under test.
    public let app: Application
    /// The in-memory terminal.
    public let backend: HeadlessBackend
    /// The virtual clock: spinners, debounce, delays and countdowns run on it.
    public let scheduler: TestScheduler
    private var reportedHintViolations = 0

    /// Starts `root` on a headless terminal of `size`.
    ///
    /// - Parameters:
    ///   - root: The widget tree under test.
    ///   - size: The terminal's size in cells; ``resize(to:)`` changes it later.
    ///   - colors: 0 simulates a monochrome terminal (or `NO_COLOR`).
    ///   - keyMap: The application's key map, as in `Application.init`.
    ///   - theme: The application's colours.
    ///   - interruptBehavior: What Ctrl-C does, as in `Application.init`.
    ///   - mouse: Whether the application asks for mouse reports.
    ///   - scheduler: The virtual clock the test advances (``advance(by:)``).
    ///   - configure: Adjusts the application before it starts (key map, shortcuts).
    public init(
        root: Widget, size: Size = Size(width: 80, height: 24), colors: Int = 256,
        keyMap: KeyMap = .default, theme: Theme = .default,
        interruptBehavior: Application.InterruptBehavior = .quit, mouse: Bool = true,
        scheduler: TestScheduler = TestScheduler(),
        configure: (Application) -> Void = { _ in }
    ) throws {
        self.scheduler = scheduler
        backend = HeadlessBackend(size: size, colors: colors, mouse: mouse)
        app = Application(
            root: root, backend: backend, scheduler: scheduler, keyMap: keyMap, theme: theme,
            interruptBehavior: interruptBehavior, mouse: mouse)
        configure(app)
        try app.start()
        renderChanges()
    }

    // MARK: Input

    /// Presses at `start`, drags through to `end` along the row, releases at `end`.
    public func drag(from start: Point, to end: Point) {
        send(.mouse(MouseEvent(.press(.left), at: start)))
        let step = end.x >= start.x ? 1 : -1
        var x = start.x
        while x != end.x {
            x += step
            send(.mouse(MouseEvent(.drag(.left), at: Point(x: x, y: end.y))))
        }
        send(.mouse(MouseEvent(.release, at: end)))
    }

    /// Turns the mouse wheel at `point` (`steps` > 0 up, < 0 down).
    public func scroll(at point: Point, steps: Int) {
        for _ in 0..<abs(steps) { send(.mouse(MouseEvent(steps > 0 ? .wheelUp : .wheelDown, at: point))) }
    }

    /// Resizes the terminal.
    public func resize(to size: Size) {
        backend.resize(to: size)
        renderChanges()
    }

    /// Reports that the terminal window gained (`true`) or lost (`false`) focus, as a
    /// terminal with focus reports does, and renders.
    public func setTerminalFocused(_ focused: Bool) {
        backend.setFocused(focused)
        renderChanges()
    }

    /// Makes `background` the terminal's background, as the terminal's answer to the
    /// start's question does (``HeadlessBackend/setBackground(_:)``), and renders.
    public func setTerminalBackground(_ background: TerminalBackground) {
        backend.setBackground(background)
        renderChanges()
    }

    /// Sends any terminal event (a signal, say) and renders.
    public func send(_ event: TerminalEvent) {
        backend.send(event)
        renderChanges()
    }

    private func send(_ event: InputEvent) { send(.input(event)) }

    // MARK: Reading

    /// The screen as plain text: one line per row, trailing spaces trimmed. Renders first.
    public var screen: String {
        renderChanges()
        return backend.text
    }

    /// The screen's lines. Renders first.
    public var lines: [String] {
        renderChanges()
        return (0..<backend.size.height).map { backend.screen.line($0) }
    }

    /// The terminal cursor, or `nil` when hidden. Renders first.
    public var cursor: Point? {
        renderChanges()
        return backend.cursor
    }

    /// The focused widget. Renders first (a disabled or removed widget gives focus away
    /// when the tree is laid out).
    public var focusedWidget: Widget? {
        renderChanges()
        return app.focusedWidget
    }

    /// Renders what changed, then records a test issue for each row the frame changed
    /// outside the application's changed-rows hint (``HeadlessBackend/hintViolations``).
    public func renderChanges() {
        app.renderIfNeeded()
        let violations = backend.hintViolations
        guard violations.count > reportedHintViolations else { return }
        #if canImport(Testing)
        for violation in violations[reportedHintViolations...] {
            Issue.record("wrong changed-rows hint: \(violation)")
        }
        #endif
        reportedHintViolations = violations.count
    }

    /// Cells written to the terminal so far (to check that frames are diffed).
    public var cellsWritten: Int { backend.cellsWritten }
}
