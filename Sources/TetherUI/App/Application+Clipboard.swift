/// The copy key (``Intent/copy``): the focused text to the system clipboard, through a
/// ``ClipboardBackend``.
extension Application {
    /// The notice when the copy key is pressed in a ``SecureField``: a password is never copied.
    public static let passwordNotCopied = "A password is not copied"
    /// The notice when the terminal takes no clipboard copies (no OSC 52).
    public static let clipboardUnavailable = "This terminal cannot copy to the clipboard"
    /// The notice after a copy.
    public static let textCopied = "Copied to the clipboard"

    /// Copies the focused ``TextField``'s or ``TextArea``'s whole text (Tether's fields have
    /// no selection) and says so in ``notice``; a ``SecureField`` refuses. `false` when no
    /// text widget has focus (the key goes on to ``unhandledKeys``).
    func copyFocusedText() -> Bool {
        let text: String
        switch focusController.focusedWidget {
        case is SecureField:
            notice = Self.passwordNotCopied
            return true
        case let field as TextField: text = field.text
        case let area as TextArea: text = area.text
        default: return false
        }
        guard let clipboard = backend.features.clipboard, clipboard.canCopyToClipboard else {
            notice = Self.clipboardUnavailable
            return true
        }
        clipboard.copyToClipboard(text)
        notice = Self.textCopied
        return true
    }
}
