import TetherUI

/// A band of rows on an in-memory terminal: the inline presentation's contract
/// (`BandBackend`) without a terminal, for tests of how a tree fits a band.
///
/// The band starts one row tall; before each layout the application fits it to the rows
/// the tree needs (``fitBand(height:)``), at most the terminal's height. Input reaches the
/// application through ``press(_:)``, a new terminal size through ``resize(to:)``.
@MainActor
public final class HeadlessBand: BandBackend {
    /// The whole terminal's size; the band is at most this tall.
    public private(set) var terminalSize: Size
    /// The band's size.
    public private(set) var size: Size
    /// 256 colours and a mouse.
    public let capabilities = TerminalCapabilities(colors: 256, mouse: true)
    /// Events pushed by the test; frames in a band; Ctrl-Z reaches the widgets.
    public var features: BackendFeatures { BackendFeatures(events: .pushed, screen: .band(self), suspension: nil) }
    /// The frame presented last.
    public private(set) var screen: Frame
    /// Where the application put the cursor in the band, or `nil` when hidden.
    public private(set) var cursor: Point?
    private var handler: ((TerminalEvent) -> Void)?

    /// A band on a terminal of `terminal` cells.
    public init(terminal: Size) {
        terminalSize = terminal
        size = Size(width: terminal.width, height: 1)
        screen = Frame(size: size)
    }

    /// Sets the band's height to `height` rows, clamped to 1 and the terminal's height.
    public func fitBand(height: Int) {
        size = Size(width: terminalSize.width, height: min(max(1, height), terminalSize.height))
    }

    /// Keeps `handler` for the events the test sends.
    public func start(_ handler: @escaping (TerminalEvent) -> Void) throws { self.handler = handler }

    /// Keeps `frame` and `cursor` as what the band shows.
    public func present(_ frame: Frame, cursor: Point?) {
        screen = frame
        self.cursor = cursor
    }

    /// Forgets the handler: later events reach nobody.
    public func stop() { handler = nil }

    /// Sends any terminal event to the application.
    public func send(_ event: TerminalEvent) { handler?(event) }

    /// Sends `keys` to the application, one at a time.
    public func press(_ keys: KeyEvent...) {
        for key in keys { handler?(.input(.key(key))) }
    }

    /// Makes the terminal `size` and tells the application.
    public func resize(to size: Size) {
        terminalSize = size
        handler?(.resized(size))
    }

    /// The band's rows as plain text, trailing blanks trimmed.
    public var lines: [String] {
        (0..<screen.size.height).map { screen.line($0) }
    }
}
