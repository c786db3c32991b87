import TetherReactive

/// Runs a widget tree on a terminal: sets the terminal up, routes input to the focused
/// widget, redraws what changed, and restores the terminal on every way out.
///
/// ```swift
/// let app = Application(root: Center(Panel(title: "Sign in", form)), backend: CursesBackend())
/// let exit = try app.runOnMainThread()
/// ```
///
/// Keys go through the ``keyMap`` to ``Intent``s. The focused widget gets each intent
/// first, then typed text, then its ancestors get the intents, then the application:
/// focus moves (Tab, Shift-Tab, ↑/↓, wrapping), `quit` (Ctrl-C, see
/// ``interruptBehavior``) and `suspend` (Ctrl-Z). App code joins this path through one
/// ordered list of key handlers (``addKeyHandler(_:_:)``, ``onKey(_:perform:)``); keys
/// nobody handled arrive on ``unhandledKeys``. A paste goes to the focused widget only,
/// never to key bindings. An open popup gets keys and clicks first.
///
/// Inside, the application is a façade over collaborators it owns: a focus controller, an
/// input router, a renderer, an overlay stack and the run drivers (docs/architecture.md).
@MainActor
public final class Application {
    /// What Ctrl-C does.
    public enum InterruptBehavior: Sendable {
        /// Ctrl-C quits the application (``run()`` returns ``Exit/interrupted``).
        case quit
        /// Ctrl-C is an ordinary key for the app (handle it with ``onKey(_:perform:)``).
        case deliverAsKey
    }

    /// How ``run()`` ended.
    public enum Exit: Hashable, Sendable {
        /// ``quit()`` was called.
        case quit
        /// The user pressed Ctrl-C (with ``InterruptBehavior/quit``).
        case interrupted
        /// A signal (SIGTERM, SIGHUP) or the loss of the terminal ended the run.
        case terminated(signal: Int32)
    }

    /// The widget tree.
    public let root: Widget
    /// The terminal.
    public let backend: any TerminalBackend
    /// The clock and timer source for spinners, debounce and countdowns.
    public let scheduler: any Scheduler
    private var chosenTheme: Theme
    /// The terminal background the theme in use was chosen for (from the start, then each
    /// answer), which a new background is compared with.
    var themedBackground: TerminalBackground = .unknown

    let overlays = OverlayStack()
    let focusController: FocusController
    let router: InputRouter
    let renderer: Renderer
    var exitReason: Exit?
    /// The terminal's focus as last reported (``isTerminalFocused``); completes at ``finish(_:)``.
    let terminalFocusSubject = BehaviorSubject(value: true)
    /// The accessible presentation's conversation while it drives the application.
    weak var conversation: AccessibleDialog?
    /// Why the run failed (the accessible presentation's input ended early); thrown by the
    /// run methods once the terminal is restored.
    package private(set) var runError: (any Error)?
    var started = false
    /// `true` from the start of ``run()`` or ``runOnMainThread()``: nothing is drawn after
    /// the exit reason is known (the pilot, which drives the application itself, still draws).
    var running = false
    /// Ends a waiting ``run()``; set while it waits.
    var exitContinuation: CheckedContinuation<Exit?, Never>?
    /// How many new long graphemes, colours and links this application may still add to the
    /// process-wide tables (a session of a server cannot fill them for the others).
    var internQuota = InternQuota()
    /// Tells a driver outside the application (a session host) that the run ended.
    var onFinish: (() -> Void)?
    /// ``scheduler`` with this application's ``diagnostics`` in scope for each action: what
    /// its widgets' timers report (a spinner, a debounced check) is this application's.
    private(set) lazy var widgetScheduler: any Scheduler = DiagnosticsScopedScheduler(base: scheduler) {
        [weak self] body in
        guard let self else { return body() }
        withDiagnostics(body)
    }

    /// An application showing `root` on `backend`.
    ///
    /// - Parameters:
    ///   - root: The widget tree to show; the application lays it out at the terminal's size.
    ///   - backend: The terminal: `CursesBackend` (TetherCurses), an ``AccessibleBackend``,
    ///     or `HeadlessBackend` (TetherTesting) in tests.
    ///   - scheduler: Time for spinners, delays and countdowns: `MainScheduler` in a real
    ///     run, a `TestScheduler` under test.
    ///   - keyMap: Which keys mean which ``Intent``s; ``KeyMap/default`` unless the app rebinds.
    ///   - theme: The colours; drawn in its variant for the terminal's background, and
    ///     without colours when the terminal has none (``theme``).
    ///   - interruptBehavior: What Ctrl-C does: quit (the default) or arrive as a key.
    ///   - mouse: Whether the terminal reports the mouse (clicks, the wheel).
    public init(
        root: Widget, backend: any TerminalBackend, scheduler: any Scheduler = MainScheduler.instance,
        keyMap: KeyMap = .default, theme: Theme = .default, interruptBehavior: InterruptBehavior = .quit,
        mouse: Bool = true
    ) {
        self.root = root
        self.backend = backend
        self.scheduler = scheduler
        chosenTheme = theme
        focusController = FocusController(root: root, overlays: overlays)
        router = InputRouter(root: root, focus: focusController, overlays: overlays, keyMap: keyMap)
        renderer = Renderer(root: root, backend: backend, overlays: overlays)
        router.interruptQuits = interruptBehavior == .quit
        router.mouseEnabled = mouse
        root.host = self
        connectCollaborators()
    }

    /// Keys to intents; change it to rebind keys.
    public var keyMap: KeyMap {
        get { router.keyMap }
        set {
            router.keyMap = newValue
            renderer.setNeedsDisplay()
        }
    }

    /// Receives the programming errors Tether recovers from (`Diagnostics`: a binding that
    /// received an error, an error nobody handled) that happen while this application
    /// handles an event or draws, so that applications sharing a process, each on its own
    /// terminal, keep their reports apart. `nil` (the default): they go to the process-wide
    /// `Diagnostics.handler`, as do reports from work the application did not start (a
    /// timer, a task). Read when each event or frame begins.
    public var diagnostics: ((String) -> Void)?

    /// Whether the user can open the help overlay, which lists every key binding with its
    /// help (the focused widget's first) in a bordered modal popup: `?` (where the focused
    /// widget does not take it as text) and F1 open it; Esc, `?`, F1 or Enter close it. A
    /// ``KeyHelpBar`` then ends with `? keys`. Off by default, so `?` and F1 stay the app's
    /// (they arrive on ``unhandledKeys``); never shown in the accessible presentation.
    public var showsKeyHelp = false {
        didSet { renderer.setNeedsDisplay() }
    }

    /// A short message from the application itself to the user, shown by a ``KeyHelpBar``
    /// in place of its keys until the next input: why the copy key (``Intent/copy``) did
    /// not copy (``passwordNotCopied``, ``clipboardUnavailable``) or that it did
    /// (``textCopied``); why Enter in a drop-down's filtered list chose nothing. `nil` when
    /// there is none.
    public internal(set) var notice: String? {
        didSet { renderer.setNeedsDisplay() }
    }

    /// The rows a key-help bar last drew and the focused widget's hints it drew them from.
    var keyHelpShown: (rows: Range<Int>, hints: [KeyHint])?

    /// What Ctrl-C does.
    public var interruptBehavior: InterruptBehavior {
        get { router.interruptQuits ? .quit : .deliverAsKey }
        set {
            router.interruptQuits = newValue == .quit
            renderer.setNeedsDisplay()
        }
    }

    /// Whether mouse events are acted on.
    public var mouseEnabled: Bool {
        get { router.mouseEnabled }
        set { router.mouseEnabled = newValue }
    }

    /// The theme in use: the chosen one's variant for the terminal's background
    /// (``TerminalCapabilities/background``, known once the backend started; the dark form
    /// before and when unknown), or that variant's ``Theme/withoutColors`` form on a
    /// terminal without colours. Setting it chooses the theme; the next frame uses it.
    public var theme: Theme {
        get { theme(for: backend.capabilities) }
        set {
            chosenTheme = newValue
            renderer.setNeedsDisplay()
        }
    }

    /// The chosen theme's variant for a terminal with `capabilities`, in its colourless form
    /// without colours.
    func theme(for capabilities: TerminalCapabilities) -> Theme {
        let variant = chosenTheme.variant(for: capabilities.background)
        return capabilities.colors == 0 ? variant.withoutColors : variant
    }

    // MARK: Ending

    /// Ends the run, which then restores the terminal and returns ``Exit/quit``.
    public func quit() { finish(.quit) }

    /// How the run ended, once it has.
    public var exit: Exit? { exitReason }

    /// Ends the run with `error`, which the run methods throw after restoring the terminal.
    func fail(_ error: any Error) {
        guard exitReason == nil else { return }
        runError = error
        finish(.quit)
    }

    package func finish(_ reason: Exit) {
        guard exitReason == nil else { return }
        leaveFinalFrame()
        saveWaitingDrafts(in: root)
        exitReason = reason
        terminalFocusSubject.onCompleted()
        if let onFinish {
            self.onFinish = nil
            onFinish()
        }
        if let continuation = exitContinuation {
            exitContinuation = nil
            continuation.resume(returning: reason)
        }
    }
}
