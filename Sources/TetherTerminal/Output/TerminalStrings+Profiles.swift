extension TerminalStrings {
    /// xterm-256color as ncurses 6.4's terminfo describes it, built in: for a session
    /// whose terminal type the machine's terminfo does not know (a remote client's), and
    /// for tests that need no terminfo database.
    public static let xterm256Color = TerminalStrings(
        cursorAddress: "\u{1B}[%i%p1%d;%p2%dH", columnAddress: "\u{1B}[%i%p1%dG", rowAddress: "\u{1B}[%i%p1%dd",
        parmRight: "\u{1B}[%p1%dC", parmLeft: "\u{1B}[%p1%dD", parmDown: "\u{1B}[%p1%dB", parmUp: "\u{1B}[%p1%dA",
        cursorLeft: "\u{08}", carriageReturn: "\r", clearScreen: "\u{1B}[H\u{1B}[2J", clearToEndOfLine: "\u{1B}[K",
        resetAttributes: "\u{1B}(B\u{1B}[m", bold: "\u{1B}[1m", dim: "\u{1B}[2m", underline: "\u{1B}[4m",
        reverse: "\u{1B}[7m",
        setForeground: "\u{1B}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m",
        setBackground: "\u{1B}[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e48;5;%p1%d%;m",
        hideCursor: "\u{1B}[?25l", showCursor: "\u{1B}[?12l\u{1B}[?25h",
        exitAlternateScreen: "\u{1B}[?1049l\u{1B}[23;0;0t", enterAlternateScreen: "\u{1B}[?1049h\u{1B}[22;0;0t",
        colors: 256, autoMargins: true, delayedWrap: true, clipboard: true, hyperlinks: true)
}
