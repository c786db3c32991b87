import TetherUI

/// An in-memory terminal: a grid of cells that tests can read as plain text.
///
/// It is the embedded, deterministic stand-in for `CursesBackend`: frames are applied
/// with the same diffing, so ``cellsWritten`` counts what a real terminal would be sent.
/// Input is injected by the test (usually through ``Pilot``).
@MainActor
public final class HeadlessBackend: SuspendableBackend, ClipboardBackend {
    /// The terminal's size; change it with ``resize(to:)``.
    public private(set) var size: Size
    /// What the terminal can show.
    public var capabilities: TerminalCapabilities
    /// Events pushed by the test (``send(_:)``, the pilot); the whole grid; Ctrl-Z counted
    /// (``suspendCount``) and answered with a redraw.
    public var features: BackendFeatures {
        BackendFeatures(events: .pushed, screen: .whole, suspension: self, clipboard: self)
    }
    /// The screen as last presented.
    public private(set) var screen: Frame
    /// Where the cursor is, or `nil` when hidden.
    public private(set) var cursor: Point?
    /// Cells written by all presents so far (the sum of the changed runs' lengths).
    public private(set) var cellsWritten = 0
    /// How many frames were presented.
    public private(set) var presentCount = 0
    /// Whether ``start(_:)`` has run and ``stop()`` has not.
    public private(set) var isRunning = false
    /// How many times the app suspended (Ctrl-Z).
    public private(set) var suspendCount = 0
    /// Rows that differed from the frame presented before although the application's
    /// changed-rows hint left them out: each is a row a real terminal would not have
    /// updated (`CursesBackend` compares only the hinted rows). Always empty in a correct
    /// application; ``Pilot`` records a test issue for each one.
    public private(set) var hintViolations: [String] = []
    /// Every text copied to the clipboard (``copyToClipboard(_:)``), in order: what a
    /// terminal would have been sent as OSC 52.
    public private(set) var clipboard: [String] = []
    /// Whether the simulated terminal takes clipboard copies (`true` by default; `false`
    /// for a terminal without OSC 52).
    public var takesClipboardCopies = true
    private var handler: ((TerminalEvent) -> Void)?
    private var previous: Frame?

    /// A terminal of `size` with `colors` colours (0 for monochrome) and mouse reporting.
    public init(size: Size = Size(width: 80, height: 24), colors: Int = 256, mouse: Bool = true) {
        self.size = size
        capabilities = TerminalCapabilities(colors: colors, mouse: mouse)
        screen = Frame(size: size)
    }

    /// Whether a copy reaches the recorded clipboard: running, and ``takesClipboardCopies``.
    public var canCopyToClipboard: Bool { isRunning && takesClipboardCopies }

    /// Records `text` in ``clipboard`` when ``canCopyToClipboard``.
    public func copyToClipboard(_ text: String) {
        if canCopyToClipboard { clipboard.append(text) }
    }

    public func start(_ handler: @escaping (TerminalEvent) -> Void) throws {
        self.handler = handler
        isRunning = true
    }

    public func present(_ frame: Frame, cursor: Point?) {
        present(frame, cursor: cursor, changedRows: nil)
    }

    /// Shows `frame` like ``present(_:cursor:)``, and when the hint `changedRows` is given
    /// (and a frame of the same size was presented before, as for the real backend),
    /// checks it: a row outside it that differs is added to ``hintViolations``.
    ///
    /// Every row is compared, the hint's or not, so that a violation cannot go unseen; a row
    /// the frame still shares with the previous one (a partial redraw keeps the rows it does
    /// not draw) is equal without being read, so this costs about what comparing the
    /// hinted rows would.
    public func present(_ frame: Frame, cursor: Point?, changedRows: Range<Int>?) {
        let changes = frame.changes(from: previous)
        if let changedRows, let previous, previous.size == frame.size {
            var rows: [Int] = []
            for change in changes where !changedRows.contains(change.y) && rows.last != change.y {
                rows.append(change.y)
            }
            for row in rows {
                hintViolations.append(
                    "frame \(presentCount + 1): row \(row) changed outside the hinted rows \(changedRows)")
            }
        }
        presentCount += 1
        for change in changes { cellsWritten += change.cells.count }
        previous = frame
        screen = frame
        self.cursor = cursor
    }

    public func stop() {
        isRunning = false
        handler = nil
    }

    public func suspend() {
        suspendCount += 1
        previous = nil
        handler?(.redrawNeeded)
    }

    /// Delivers `event` to the application as if the terminal had produced it.
    public func send(_ event: TerminalEvent) { handler?(event) }

    /// Reports that the terminal window gained (`true`) or lost (`false`) focus, as a
    /// terminal with focus reports (DEC mode 1004) does.
    public func setFocused(_ focused: Bool) { handler?(.focusChanged(focused)) }

    /// Makes `background` the terminal's background and tells the application, as a
    /// terminal's answer to the start's question does; nothing when ``capabilities``
    /// already says `background`.
    public func setBackground(_ background: TerminalBackground) {
        guard background != capabilities.background else { return }
        capabilities.background = background
        handler?(.backgroundChanged)
    }

    /// Changes the terminal's size and tells the application.
    public func resize(to size: Size) {
        self.size = size
        previous = nil
        handler?(.resized(size))
    }

    /// The screen as plain text: one line per row, trailing spaces trimmed.
    public var text: String { screen.text }
}
