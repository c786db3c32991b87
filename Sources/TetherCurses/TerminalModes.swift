/// The DEC private modes the backend sets while it runs, from one table: the bytes that
/// turn them on (at start and after a resume), and off again (at stop, suspend, and in
/// the exit hook).
///
/// Each mode is `CSI ? n h` to set and `CSI ? n l` to reset. They are turned on in table
/// order and off in the reverse order.
struct TerminalModes: Hashable, Sendable {
    /// One DEC private mode and the option it belongs to.
    struct Mode: Hashable, Sendable {
        /// The mode's number.
        let number: Int
        /// Whether it is a mouse mode (else bracketed paste).
        let isMouse: Bool
    }

    /// Every mode the backend knows, in the order they are turned on.
    static let table: [Mode] = [
        Mode(number: 2004, isMouse: false),  // bracketed paste: ESC [200~ … ESC [201~
        Mode(number: 1000, isMouse: true),  // report button presses and releases
        Mode(number: 1002, isMouse: true),  // … and motion while a button is held (drags)
        Mode(number: 1006, isMouse: true),  // SGR encoding: ESC [<b;x;yM, any column
    ]

    /// The modes in use, in table order.
    let modes: [Mode]

    /// The modes for a backend with mouse reporting and bracketed paste on or off.
    init(mouse: Bool, bracketedPaste: Bool) {
        modes = Self.table.filter { $0.isMouse ? mouse : bracketedPaste }
    }

    /// Sets the modes in use.
    var on: [UInt8] {
        modes.flatMap { Array("\u{1B}[?\($0.number)h".utf8) }
    }

    /// Resets the modes in use, last set first.
    var off: [UInt8] {
        modes.reversed().flatMap { Array("\u{1B}[?\($0.number)l".utf8) }
    }
}
