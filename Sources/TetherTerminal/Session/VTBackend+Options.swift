extension VTBackend {
    /// How the backend sets the terminal up.
    public struct Options: Hashable, Sendable {
        /// Report mouse presses, drags and the wheel (xterm SGR mouse mode). While on,
        /// the terminal's own text selection usually needs Shift held.
        public var mouse: Bool
        /// Report pasted text as `InputEvent/paste(_:)` (bracketed paste mode).
        public var bracketedPaste: Bool
        /// Use colours when the terminal has them; `false` forces monochrome (as does a
        /// non-empty `NO_COLOR` environment variable).
        public var colors: Bool
        /// How long a lone Escape byte waits for the rest of an escape sequence before
        /// it counts as the Escape key, in milliseconds.
        public var escapeDelayMilliseconds: Int
        /// Ask the terminal whether it speaks the kitty keyboard protocol (`ESC [ ? u`) and,
        /// once it answers, turn on the protocol's "disambiguate escape codes" level until
        /// the backend stops or suspends: the Escape key then arrives as `ESC [27u` and is
        /// delivered at once instead of after the escape delay, and Ctrl and Alt with a key
        /// arrive unambiguously (Ctrl-I is no longer Tab, Shift-Enter is not Enter). The start
        /// never waits for the answer. For terminals without the protocol (xterm), xterm's
        /// `modifyOtherKeys` is set to 1 as well, so modified keys with no legacy encoding
        /// (Shift-Enter, Ctrl-Enter) still arrive distinct; terminals that know neither ignore
        /// both.
        public var kittyKeyboard: Bool
        /// Ask the terminal to report when its window gains or loses focus (DEC mode 1004),
        /// delivered as `TerminalEvent/focusChanged(_:)`; a terminal without focus reports
        /// ignores the request and never reports.
        public var focusEvents: Bool
        /// Inline: how long the terminal's size must hold still before the band is found and
        /// drawn again, in milliseconds (decision 0111). A terminal that gets narrower pushes
        /// the band's rows into its scrollback, so each frame drawn while a window is being
        /// resized would be left there; tmux reports a new size at most every 250 ms.
        public var resizeSettleMilliseconds: Int

        /// Options; by default mouse, bracketed paste, colours, the kitty keyboard protocol
        /// (where the terminal answers) and focus reports on, 25 ms escape delay, 300 ms
        /// resize settle.
        public init(
            mouse: Bool = true, bracketedPaste: Bool = true, colors: Bool = true,
            escapeDelayMilliseconds: Int = 25, kittyKeyboard: Bool = true, focusEvents: Bool = true,
            resizeSettleMilliseconds: Int = 300
        ) {
            self.resizeSettleMilliseconds = resizeSettleMilliseconds
            self.focusEvents = focusEvents
            self.mouse = mouse
            self.bracketedPaste = bracketedPaste
            self.colors = colors
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.kittyKeyboard = kittyKeyboard
        }
    }
}
