/// A backend that can put text on the system clipboard: a terminal that takes OSC 52
/// (`VTBackend`, `CursesBackend`), or the headless test terminal, which records each copy.
///
/// The application's copy key (``Intent/copy``, Alt-W) asks it for the focused text
/// field's or text area's text; a ``SecureField`` is never copied.
@MainActor
public protocol ClipboardBackend: TerminalBackend {
    /// Whether a copy reaches the clipboard now: the backend runs and its terminal takes
    /// clipboard copies (terminfo's `Ms`; in tmux, with `set-clipboard on`).
    var canCopyToClipboard: Bool { get }
    /// Puts `text` on the system clipboard, at once (a terminal gets `ESC ] 52 ; c ;`
    /// base64 `ESC \`); does nothing when ``canCopyToClipboard`` is `false`.
    func copyToClipboard(_ text: String)
}
