public import TetherUI

extension VTBackend: ClipboardBackend {
    /// `true` while the backend runs on a terminal whose profile takes OSC 52 copies
    /// (``TerminalStrings/clipboard``).
    public var canCopyToClipboard: Bool { run != nil && strings.clipboard }

    /// Writes `ESC ] 52 ; c ; base64 ESC \` for `text` at once, between frames (the
    /// cursor and pen stay where they were); nothing when ``canCopyToClipboard`` is `false`.
    public func copyToClipboard(_ text: String) {
        guard canCopyToClipboard, let run else { return }
        run.terminal.write(OperatingSystemCommands.copy(text))
    }
}
