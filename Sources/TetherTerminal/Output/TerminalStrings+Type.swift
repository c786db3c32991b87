extension TerminalStrings {
    /// The variables a terminal sets that say it shows 256 colours or more whatever `TERM`
    /// says: `COLORTERM` (true-colour terminals), `XTERM_VERSION` (XTerm), `VTE_VERSION`
    /// (GNOME Terminal and the other VTE terminals), `KONSOLE_VERSION` (Konsole).
    public static let colourVariables = ["COLORTERM", "XTERM_VERSION", "VTE_VERSION", "KONSOLE_VERSION"]

    /// The terminal type whose description to read for `TERM=term` in `environment`:
    /// `xterm-256color` for a plain `xterm` where one of ``colourVariables`` is set (XTerm
    /// starts its shell with `TERM=xterm`, whose description says 8 colours, though it shows
    /// 256: the light theme's greys fall to the 16 standard colours there), as Fedora's
    /// 256-colour terminal profile did; `term` otherwise. `environment` is the session's,
    /// never the server's for a client.
    public static func describedType(of term: String, environment: [String: String]) -> String {
        guard term == "xterm", colourVariables.contains(where: { !(environment[$0] ?? "").isEmpty }) else {
            return term
        }
        return "xterm-256color"
    }
}
