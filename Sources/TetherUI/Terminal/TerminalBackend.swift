/// A terminal that Tether can draw on and read input from.
///
/// Two implementations ship: `CursesBackend` (module TetherCurses) for a real terminal
/// through ncurses, and `HeadlessBackend` (module TetherTesting), an in-memory grid for
/// tests. An ``Application`` owns one backend for the whole run.
@MainActor
public protocol TerminalBackend: AnyObject {
    /// The terminal's current size in cells.
    var size: Size { get }
    /// What the terminal can show.
    var capabilities: TerminalCapabilities { get }
    /// What the backend offers beyond drawing: how its events arrive, where its frames go,
    /// whether Ctrl-Z suspends. The application reads it instead of casting the backend.
    var features: BackendFeatures { get }
    /// Prepares the terminal (for a real one: alternate screen, raw input, mouse) and
    /// starts delivering events to `handler` on the main actor, until ``stop()``. A
    /// ``PollingBackend`` delivers them only from ``PollingBackend/processPendingInput()``;
    /// a push backend (the headless test terminal) whenever its owner sends one.
    func start(_ handler: @escaping (TerminalEvent) -> Void) throws
    /// Shows `frame`, writing only what differs from the frame presented before, and
    /// places the terminal cursor at `cursor`, or hides it when `cursor` is `nil`.
    func present(_ frame: Frame, cursor: Point?)
    /// Shows `frame` like ``present(_:cursor:)``, knowing that only `changedRows` can
    /// differ from the frame presented before (`nil`: any row may), so only those rows
    /// need comparing. The default implementation compares every row.
    func present(_ frame: Frame, cursor: Point?, changedRows: Range<Int>?)
    /// Restores the terminal to its state before ``start(_:)``. Idempotent.
    func stop()
    /// Forgets what the terminal shows, so that the next ``present(_:cursor:)`` draws every
    /// cell (Ctrl-L: another program wrote over the screen). The default does nothing.
    func forgetScreen()
}

extension TerminalBackend {
    /// Nothing to forget: a backend that keeps no copy of the screen.
    public func forgetScreen() {}

    /// Compares every row: calls ``present(_:cursor:)``.
    public func present(_ frame: Frame, cursor: Point?, changedRows: Range<Int>?) {
        present(frame, cursor: cursor)
    }
}

/// What a backend tells the application, besides drawing.
public enum TerminalEvent: Hashable, Sendable {
    /// The user did something.
    case input(InputEvent)
    /// The terminal changed size; the application lays out and redraws.
    case resized(Size)
    /// The screen content was lost (resumed after Ctrl-Z, say): redraw everything.
    case redrawNeeded
    /// The terminal said what its background is, after the start, and it is not what
    /// ``TerminalCapabilities/background`` said before (which now holds the new one). The
    /// screen still shows the last frame: the application draws again only when its theme's
    /// variant for the new background differs from the one it drew with.
    case backgroundChanged
    /// The process was asked to end (SIGTERM, SIGHUP; Ctrl-C when it quits): the
    /// application stops and restores the terminal.
    case terminate(signal: Int32)
    /// The terminal window gained (`true`) or lost (`false`) focus: a focus report (DEC
    /// mode 1004), from a terminal that sends them.
    case focusChanged(Bool)
}

/// What a terminal can display.
public struct TerminalCapabilities: Hashable, Sendable {
    /// How many colours: 0 for a monochrome terminal (or `NO_COLOR`), 8, 16 or 256.
    public var colors: Int
    /// Whether mouse reporting is on.
    public var mouse: Bool
    /// Whether the terminal's background is light or dark, as the backend found out when
    /// it started (``TerminalBackground/unknown`` before, or when nothing said). The
    /// application draws with the matching variant of its theme (``Theme/variant(for:)``).
    public var background: TerminalBackground

    /// Capabilities.
    public init(colors: Int, mouse: Bool, background: TerminalBackground = .unknown) {
        self.colors = colors
        self.mouse = mouse
        self.background = background
    }
}

/// The lightness of a terminal's default background, which decides the theme variant.
public enum TerminalBackground: Hashable, Sendable {
    /// Dark (black, dark grey, a dark colour): light text on it.
    case dark
    /// Light (white, light grey, a pale colour): dark text on it.
    case light
    /// Nobody said: the terminal did not answer the query and the environment has no hint.
    /// Themes draw their dark variant.
    case unknown
}

/// A real terminal, driven by a loop that waits on its descriptors: the one contract every
/// real backend implements (`CursesBackend` does).
///
/// ``TerminalBackend/start(_:)`` takes the terminal over but reads nothing by itself:
/// events reach the handler only from ``processPendingInput()``, on the main actor. Two
/// drivers call it: ``Application/runOnMainThread()`` waits with `poll(2)` on the main
/// thread and draws right after (one thread wake-up per key), and ``Application/run()``
/// waits on a helper thread and hands each wake-up to the main dispatch queue (for
/// `async` programs, where Dispatch owns the main thread). Either way the backend sees
/// the same calls in the same order.
@MainActor
public protocol PollingBackend: TerminalBackend {
    /// The descriptors to wait on for reading while the backend runs (the terminal, a
    /// signal pipe). Empty after ``TerminalBackend/stop()``. Read again after every
    /// ``processPendingInput()``: the set shrinks when the terminal hangs up.
    var pollDescriptors: [Int32] { get }
    /// How long the loop may wait with no input before calling ``processPendingInput()``
    /// anyway (a lone Escape waiting for the rest of its sequence), or `nil` for no limit.
    var pollTimeout: Duration? { get }
    /// Reads whatever input and signals are ready, and whatever has timed out, and
    /// delivers the events. Never blocks waiting for input.
    func processPendingInput()
}

/// A backend that can suspend the program to the shell (Ctrl-Z) and restore it on `fg`.
@MainActor
public protocol SuspendableBackend: TerminalBackend {
    /// Restores the terminal, stops the process until it is continued, then takes the
    /// terminal back and reports `.redrawNeeded`.
    func suspend()
}
