/// A terminal's capability profile: the terminfo strings ``ScreenWriter`` draws with and
/// the few numbers and flags it needs, read once into values (TetherCurses reads them
/// from the terminfo database for a session's `TERM`; ``xterm256Color`` is built in), so
/// the writer is pure, testable, and free of any process-wide terminal state.
///
/// Parameterised strings (cursor addressing, colours) keep their terminfo form and are
/// expanded in Swift by ``TerminfoFormat``.
public struct TerminalStrings: Sendable, Hashable {
    /// Absolute cursor address (`cup`), row then column, 0-based. Required.
    public var cursorAddress: String
    /// Column address on the current row (`hpa`).
    public var columnAddress: String?
    /// Row address in the current column (`vpa`).
    public var rowAddress: String?
    /// Move right/left/down/up by n cells (`cuf`, `cub`, `cud`, `cuu`).
    public var parmRight: String?
    public var parmLeft: String?
    public var parmDown: String?
    public var parmUp: String?
    /// Move left one cell (`cub1`, usually backspace).
    public var cursorLeft: String?
    /// Carriage return (`cr`).
    public var carriageReturn: String?
    /// Clear the screen and home the cursor (`clear`).
    public var clearScreen: String?
    /// Clear from the cursor to the end of its row (`el`).
    public var clearToEndOfLine: String?
    /// Turn every attribute and colour off (`sgr0`).
    public var resetAttributes: String?
    public var bold: String?
    public var dim: String?
    public var underline: String?
    public var reverse: String?
    /// Foreground/background colour n (`setaf`/`setab`, else `setf`/`setb`).
    public var setForeground: String?
    public var setBackground: String?
    /// Hide and show the cursor (`civis`, `cnorm`).
    public var hideCursor: String?
    public var showCursor: String?
    /// Leave the alternate screen (`rmcup`); written only when the process crashes
    /// (`endwin` writes it otherwise).
    public var exitAlternateScreen: String? = nil
    /// Enter the alternate screen (`smcup`); written at start by a full-screen session.
    public var enterAlternateScreen: String? = nil
    /// How many colours the terminal shows (`colors`; 0 when it has none).
    public var colors: Int = 0
    /// Whether terminfo says the terminal has synchronized output (the `Sync` extension).
    public var synchronizedOutput = false
    /// Whether terminfo says the terminal shows true colour (the `RGB` or `Tc` extension
    /// flag); a session also takes `COLORTERM=truecolor` or `24bit` for it.
    public var trueColor = false
    /// Whether the terminal takes OSC 52 clipboard copies (terminfo's `Ms` extension).
    public var clipboard = false
    /// Whether the terminal shows OSC 8 hyperlinks, or at least ignores them cleanly: every
    /// type but the consoles and hardware-era types (``supportsHyperlinks(term:)``).
    public var hyperlinks = false
    /// Writing the last column wraps (`am`), and the wrap waits for the next character
    /// (`xenl`): without `xenl`, writing the bottom-right cell would scroll the screen.
    public var autoMargins: Bool
    public var delayedWrap: Bool

    /// A profile with `cursorAddress` (`cup`, required) and whichever other capabilities
    /// the terminal has; absent ones are `nil` and the writer does without them.
    public init(
        cursorAddress: String, columnAddress: String? = nil, rowAddress: String? = nil, parmRight: String? = nil,
        parmLeft: String? = nil, parmDown: String? = nil, parmUp: String? = nil, cursorLeft: String? = nil,
        carriageReturn: String? = nil, clearScreen: String? = nil, clearToEndOfLine: String? = nil,
        resetAttributes: String? = nil, bold: String? = nil, dim: String? = nil, underline: String? = nil,
        reverse: String? = nil, setForeground: String? = nil, setBackground: String? = nil,
        hideCursor: String? = nil, showCursor: String? = nil, exitAlternateScreen: String? = nil,
        enterAlternateScreen: String? = nil, colors: Int = 0, autoMargins: Bool, delayedWrap: Bool,
        synchronizedOutput: Bool = false, trueColor: Bool = false, clipboard: Bool = false, hyperlinks: Bool = false
    ) {
        self.cursorAddress = cursorAddress
        self.columnAddress = columnAddress
        self.rowAddress = rowAddress
        self.parmRight = parmRight
        self.parmLeft = parmLeft
        self.parmDown = parmDown
        self.parmUp = parmUp
        self.cursorLeft = cursorLeft
        self.carriageReturn = carriageReturn
        self.clearScreen = clearScreen
        self.clearToEndOfLine = clearToEndOfLine
        self.resetAttributes = resetAttributes
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.setForeground = setForeground
        self.setBackground = setBackground
        self.hideCursor = hideCursor
        self.showCursor = showCursor
        self.exitAlternateScreen = exitAlternateScreen
        self.enterAlternateScreen = enterAlternateScreen
        self.colors = colors
        self.autoMargins = autoMargins
        self.delayedWrap = delayedWrap
        self.synchronizedOutput = synchronizedOutput
        self.trueColor = trueColor
        self.clipboard = clipboard
        self.hyperlinks = hyperlinks
    }

    /// Whether terminal type `term` gets OSC 8 hyperlinks: not the Linux and BSD consoles,
    /// the DEC VT types, `ansi`, `dumb` or GNU `screen` (which print or mangle an OSC they do
    /// not know); every other type does (xterm, tmux, kitty, ...: a terminal without links
    /// ignores the command, as the convention asks).
    public static func supportsHyperlinks(term: String) -> Bool {
        let base = term.split(separator: "-").first.map(String.init) ?? term
        let excluded = ["linux", "dumb", "ansi", "cons25", "screen", "sun", "pcansi", "wsvt25"]
        return !excluded.contains(base) && !base.hasPrefix("vt")
    }

    /// `format` expanded with one parameter, as bytes, padding removed.
    public static func expand(_ format: String, _ a: Int) -> [UInt8] {
        withoutPadding(TerminfoFormat(format).expand([a]))
    }

    /// `format` expanded with two parameters, as bytes, padding removed.
    public static func expand(_ format: String, _ a: Int, _ b: Int) -> [UInt8] {
        withoutPadding(TerminfoFormat(format).expand([a, b]))
    }

    /// A fixed string as bytes with terminfo padding (`$<5>`) removed: padding is for
    /// hardware terminals and is never sent by a pty-era writer.
    public static func plain(_ string: String?) -> [UInt8] {
        guard let string else { return [] }
        return withoutPadding(Array(string.utf8))
    }

    /// Expanded bytes with terminfo padding removed.
    static func plain(bytes: [UInt8]) -> [UInt8] { withoutPadding(bytes) }

    private static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "$")) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
                let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">"))
            {
                index = close + 1
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}
