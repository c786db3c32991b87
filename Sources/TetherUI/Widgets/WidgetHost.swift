import TetherReactive

/// What a widget tree needs from whoever runs it (the ``Application``), and all a widget
/// may ask of it: invalidation, focus, the clock, and popups. Nothing in the library
/// casts a host to a concrete type, so any host gives widgets the same behaviour.
@MainActor
protocol WidgetHost: AnyObject {
    func setNeedsLayout()
    /// Redraws `rows` (frame rows) at the next render, keeping the others.
    func setNeedsDisplay(rows: Range<Int>)
    func structureChanged()
    func focusabilityChanged(_ widget: Widget)
    func widgetRemoved(_ widget: Widget)

    /// The widget with keyboard focus.
    var focusedWidget: Widget? { get }
    /// Moves focus to `widget` when it accepts focus.
    func requestFocus(_ widget: Widget)
    /// Moves focus to the next (`forward`) or previous widget that accepts it, wrapping.
    func moveFocus(forward: Bool)
    /// The application's key map (for key help).
    var keyMap: KeyMap { get }
    /// Whether `key`, bound to `intent`, does something once it reaches the application
    /// (an action for it, Esc over a popup): key help names Enter and Esc only where they act.
    func applicationActs(on key: KeyEvent, for intent: Intent) -> Bool
    /// A key-help bar drew `rows` from the focused widget's `hints`: when they change, those
    /// rows are drawn again.
    func keyHelpDrawn(rows: Range<Int>, hints: [KeyHint])
    /// What Ctrl-C does (key help shows `Ctrl-C quit` only while it quits).
    var interruptBehavior: Application.InterruptBehavior { get }
    /// Whether `?` and F1 open the help overlay.
    var showsKeyHelp: Bool { get }
    /// The application's short message to the user (a refused copy), or `nil`.
    var notice: String? { get }
    /// Shows `notice` as the application's message until the next input: why a key did
    /// nothing (Enter in a list with nothing to choose).
    func say(_ notice: String)
    /// The clock and timer source (spinners, debounce), running each action with the
    /// application's own diagnostics in scope.
    var widgetScheduler: any Scheduler { get }
    /// Runs `body` with the application's own diagnostics in scope (work that finishes
    /// outside an event: an asynchronous check's verdict).
    func withDiagnostics(_ body: () -> Void)

    /// Opens `popup` anchored to `anchor`, framed by `chrome` (see
    /// ``Widget/presentPopup(_:placement:bordered:onDismiss:)``). Returns whether it opened.
    @discardableResult
    func presentPopup(
        _ popup: Widget, anchoredTo anchor: Widget, placement: PopupPlacement, chrome: PopupChrome,
        onDismiss: (() -> Void)?
    ) -> Bool
    /// Closes `popup` and the popups above it.
    func dismissPopup(_ popup: Widget)
    /// Whether `popup` is open.
    func isPresenting(_ popup: Widget) -> Bool
    /// Whether the application runs as a conversation (the accessible presentation), not
    /// on a screen: popups and dialogs are not shown.
    var isConversation: Bool { get }
    /// Asks `question` as a line when the application runs as a conversation (the
    /// accessible presentation) and returns `true`; `completion` gets the answer. Returns
    /// `false` (asking nothing) when the application draws a screen.
    func askInConversation(_ question: String, defaultYes: Bool, _ completion: @escaping (Bool) -> Void) -> Bool
}

/// What a widget's host offers a widget of any module: the focused widget, focus moves and
/// the scheduler. With ``Widget/setNeedsDisplay()``, ``Widget/setNeedsLayout()`` and
/// ``Widget/focus()`` this is the whole of the host a widget author reaches; the host itself
/// (``WidgetHost``) stays inside TetherUI.
extension Widget {
    /// The widget that has keyboard focus in the running application this widget is part
    /// of, or `nil` when nothing has focus or the widget is in no running application's
    /// tree (before `start()`, after it is removed). Read it when you need it: it is not
    /// observable (use `rx.isFocused` to hear focus arrive and leave).
    public var hostFocusedWidget: Widget? { treeHost?.focusedWidget }

    /// Moves keyboard focus on from the focused widget to the next (`forward`) or previous
    /// widget that accepts focus, wrapping, as Tab or Shift-Tab would; popups keep focus
    /// inside themselves. Does nothing outside a running application. The widgets that lose
    /// and gain focus hear it at once (``focusChanged()``, `rx.isFocused`).
    public func moveHostFocus(forward: Bool) { treeHost?.moveFocus(forward: forward) }

    /// The running application's scheduler (its clock and timers: a spinner's frames, a
    /// debounce, a key pause), or `nil` outside a running application. Under a `Pilot` it
    /// is the test's virtual clock, so what a widget schedules runs when the test advances
    /// time. Ask for it when you schedule, not in `init` (a widget has no host yet there),
    /// and dispose what you schedule when the widget no longer needs it.
    public var hostScheduler: (any Scheduler)? { treeHost?.widgetScheduler }

    /// Runs `body` with the tree's application's diagnostics in scope (or just runs it).
    func withHostDiagnostics(_ body: () -> Void) {
        if let host = treeHost { host.withDiagnostics(body) } else { body() }
    }
}

/// What a widget may use while drawing.
@MainActor
public struct DrawContext {
    /// The styles to draw with.
    public var theme: Theme
    /// The scheduler's current time (for spinners and other animation).
    public var time: Duration
}
