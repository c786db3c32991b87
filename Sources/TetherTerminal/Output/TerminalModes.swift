/// The DEC private modes the backend sets while it runs, from one table: the bytes that
/// turn them on (at start and after a resume), and off again (at stop, suspend, in the exit
/// hook and the crash handler).
///
/// Each mode is `CSI ? n h` to set and `CSI ? n l` to reset. They are turned on in table
/// order and off in the reverse order.
///
/// Once the terminal has answered the kitty keyboard protocol's query (``keyboardQuery``),
/// ``keyboardProtocol`` adds the protocol's "disambiguate escape codes" level: pushed
/// (`CSI > 1 u`) after the DEC modes, popped (`CSI < u`) before them. The protocol keeps
/// one stack per screen, so the pop is written while still on the screen the push was
/// (``off`` always goes before leaving the alternate screen).
///
/// With ``modifyOtherKeys`` (the fallback for terminals without the kitty protocol, such as
/// xterm), xterm's `modifyOtherKeys` resource is set to 1 (`CSI > 4 ; 1 m`) after the DEC
/// modes, so that Shift-Enter, Ctrl-Enter and other modified keys with no legacy encoding
/// arrive as `CSI 27 ; modifiers ; code ~`; it is reset (`CSI > 4 m`) before them.
public struct TerminalModes: Hashable, Sendable {
    /// One DEC private mode and the option it belongs to.
    public struct Mode: Hashable, Sendable {
        /// What a mode is for: the backend option that turns it on.
        public enum Option: Hashable, Sendable {
            /// Bracketed paste (`VTBackend.Options.bracketedPaste`).
            case bracketedPaste
            /// Mouse reporting (`VTBackend.Options.mouse`).
            case mouse
            /// Focus reports: the terminal sends `CSI I` when its window gains focus and
            /// `CSI O` when it loses it (`VTBackend.Options.focusEvents`).
            case focusEvents
        }

        /// The mode's number.
        public let number: Int
        /// The option it belongs to.
        public let option: Option
        /// Whether it is a mouse mode.
        public var isMouse: Bool { option == .mouse }
    }

    /// Every mode the backend knows, in the order they are turned on.
    public static let table: [Mode] = [
        Mode(number: 2004, option: .bracketedPaste),  // bracketed paste: ESC [200~ … ESC [201~
        Mode(number: 1000, option: .mouse),  // report button presses and releases
        Mode(number: 1002, option: .mouse),  // … and motion while a button is held (drags)
        Mode(number: 1006, option: .mouse),  // SGR encoding: ESC [<b;x;yM, any column
        Mode(number: 1004, option: .focusEvents),  // focus reports: ESC [I in, ESC [O out
    ]

    /// The modes in use, in table order.
    public let modes: [Mode]
    /// Whether the kitty keyboard protocol's "disambiguate escape codes" level is in use
    /// (set once the terminal answered ``keyboardQuery``).
    public var keyboardProtocol = false

    /// Asks the terminal for its kitty keyboard protocol flags (`CSI ? u`); a terminal that
    /// speaks the protocol answers `CSI ? flags u`, any other ignores it.
    public static let keyboardQuery: [UInt8] = Array("\u{1B}[?u".utf8)
    /// Pushes the "disambiguate escape codes" level (flag 1) on the terminal's stack.
    public static let keyboardPush: [UInt8] = Array("\u{1B}[>1u".utf8)
    /// Pops what ``keyboardPush`` pushed.
    public static let keyboardPop: [UInt8] = Array("\u{1B}[<u".utf8)
    /// Sets the flags of the entry on top of the stack to 1, without pushing.
    public static let keyboardSet: [UInt8] = Array("\u{1B}[=1u".utf8)

    /// DEC private mode 2026, synchronized output: the terminal shows what is written between
    /// `CSI ? 2026 h` and `CSI ? 2026 l` at once, never half a frame.
    public static let synchronizedOutputMode = 2026
    /// Asks whether the terminal knows synchronized output (DECRQM): one that does answers
    /// `CSI ? 2026 ; n $ y` at once; one that does not ignores it, and nothing waits for it.
    public static let synchronizedOutputQuery: [UInt8] = Array("\u{1B}[?2026$p".utf8)
    /// Begins a synchronized update.
    public static let synchronizedBegin: [UInt8] = Array("\u{1B}[?2026h".utf8)
    /// Ends a synchronized update (and, on every way out, one a crash interrupted).
    public static let synchronizedEnd: [UInt8] = Array("\u{1B}[?2026l".utf8)
    /// Whether frames are written as synchronized updates (set once the terminal answered
    /// ``synchronizedOutputQuery``, or its terminfo has `Sync`).
    public var synchronizedOutput = false

    /// Whether xterm's `modifyOtherKeys` is set to 1 while the modes are on.
    public let modifyOtherKeys: Bool
    /// Sets xterm's `modifyOtherKeys` to 1.
    public static let modifyOtherKeysOn: [UInt8] = Array("\u{1B}[>4;1m".utf8)
    /// Resets xterm's `modifyOtherKeys` to its initial value.
    public static let modifyOtherKeysOff: [UInt8] = Array("\u{1B}[>4m".utf8)

    /// The modes for a backend with mouse reporting, bracketed paste, focus reports and
    /// xterm's `modifyOtherKeys` on or off.
    public init(mouse: Bool, bracketedPaste: Bool, modifyOtherKeys: Bool = false, focusEvents: Bool = false) {
        modes = Self.table.filter { mode in
            switch mode.option {
            case .bracketedPaste: bracketedPaste
            case .mouse: mouse
            case .focusEvents: focusEvents
            }
        }
        self.modifyOtherKeys = modifyOtherKeys
    }

    /// Sets the modes in use (at start and when taking the terminal back after a suspend).
    public var on: [UInt8] {
        decModes(set: true) + (modifyOtherKeys ? Self.modifyOtherKeysOn : [])
            + (keyboardProtocol ? Self.keyboardPush : [])
    }

    /// Resets the modes in use, last set first.
    public var off: [UInt8] {
        (synchronizedOutput ? Self.synchronizedEnd : []) + (keyboardProtocol ? Self.keyboardPop : [])
            + (modifyOtherKeys ? Self.modifyOtherKeysOff : [])
            + decModes(set: false)
    }

    /// Sets the modes again after the process was stopped from outside (`SIGSTOP`, then
    /// `SIGCONT`) without giving the terminal back: the keyboard level is set on the entry
    /// pushed at start rather than pushed again, so one pop still undoes it.
    public var reassert: [UInt8] {
        decModes(set: true) + (modifyOtherKeys ? Self.modifyOtherKeysOn : [])
            + (keyboardProtocol ? Self.keyboardSet : [])
    }

    private func decModes(set: Bool) -> [UInt8] {
        let ordered = set ? modes : modes.reversed()
        return ordered.flatMap { Array("\u{1B}[?\($0.number)\(set ? "h" : "l")".utf8) }
    }
}
