import TetherUI

/// A band of rows on an in-memory terminal: the inline presentation's contract
/// (``BandBackend``) without a terminal. Input reaches the application through
/// ``press(_:)``.
@MainActor
final class HeadlessBand: BandBackend {
    private(set) var terminalSize: Size
    private(set) var size: Size
    let capabilities = TerminalCapabilities(colors: 256, mouse: true)
    private(set) var screen: Frame
    private(set) var cursor: Point?
    private var handler: ((TerminalEvent) -> Void)?

    init(terminal: Size) {
        terminalSize = terminal
        size = Size(width: terminal.width, height: 1)
        screen = Frame(size: size)
    }

    func fitBand(height: Int) {
        size = Size(width: terminalSize.width, height: min(max(1, height), terminalSize.height))
    }

    func start(_ handler: @escaping (TerminalEvent) -> Void) throws { self.handler = handler }
    func present(_ frame: Frame, cursor: Point?) {
        screen = frame
        self.cursor = cursor
    }
    func stop() { handler = nil }

    /// Sends `keys` to the application, one at a time.
    func press(_ keys: KeyEvent...) {
        for key in keys { handler?(.input(.key(key))) }
    }

    /// Makes the terminal `size` and tells the application.
    func resize(to size: Size) {
        terminalSize = size
        handler?(.resized(size))
    }

    /// The band's rows as plain text, trailing blanks trimmed.
    var lines: [String] {
        (0..<screen.size.height).map { screen.line($0) }
    }
}
