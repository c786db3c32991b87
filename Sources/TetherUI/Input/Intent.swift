/// A named thing a key can do. Widgets act on intents, never on raw keys, so an app can
/// rebind any of them in its ``KeyMap``.
///
/// The built-in intents are cases, so a widget's `switch` over them stays a jump table. An
/// app or a third-party widget adds its own with ``custom(_:)``, best as a static constant:
///
/// ```swift
/// extension Intent {
///     static let refresh = Intent.custom("refresh")
/// }
/// ```
public enum Intent: Hashable, Sendable {
    // Caret movement in text fields.
    case moveLeft, moveRight, moveWordLeft, moveWordRight, moveToStart, moveToEnd
    // Deletion in text fields.
    case deleteBackward, deleteForward, deleteWordBackward, deleteWordForward, deleteToStart, deleteToEnd
    // Focus.
    case focusNext, focusPrevious, focusUp, focusDown
    /// Press a button, flip a toggle; in a text field, go on to the next field (or submit from the last).
    case activate
    /// Flip a toggle, press a button, choose a picker's highlighted option (Space).
    case toggle
    // Sliders.
    case increment, decrement, incrementLarge, decrementLarge, toMinimum, toMaximum
    // Lists: a vertical picker's or check list's highlight, a dropdown's popup, a text
    // field's suggestions (↑/↓, which a horizontal choice leaves to focus).
    case selectPrevious, selectNext, selectPreviousPage, selectNextPage, selectFirst, selectLast
    /// The previous option of a choice drawn in place (←): a ``Picker`` chooses it, a
    /// ``CheckList`` moves its highlight to it.
    case previousOption
    /// The next option of a choice drawn in place (→): a ``Picker`` chooses it, a
    /// ``CheckList`` moves its highlight to it.
    case nextOption
    /// Open a dropdown's list (Alt-↓).
    case openPopup
    /// Check every option of a check list, or uncheck them all when all are checked (`a`,
    /// bound in the check list's own ``Widget/keyBindings``, not in the application's map).
    case toggleAll
    /// Cancel what is running, or leave the form (Esc).
    case cancel
    /// Quit the application (Ctrl-C, when configured to quit).
    case quit
    /// Suspend the application to the shell (Ctrl-Z).
    case suspend
    /// Undo the last edit of a text field or area (Ctrl-_, which most terminals also send for Ctrl-/).
    case undo
    /// Redo the last undone edit (Ctrl-^, which most terminals also send for Ctrl-6).
    case redo
    // Text areas: by visual line (↑/↓, keeping the column), by page, to either end of the text.
    case moveLineUp, moveLineDown, movePageUp, movePageDown, moveToTextStart, moveToTextEnd
    /// Insert a line break in a text area (Enter, Alt-Enter, Ctrl-J; Ctrl-J and Alt-Enter still
    /// do when an app rebinds Enter, and Ctrl-J activates elsewhere, as readline's newline).
    case insertLineBreak
    /// Show every key binding with its help (`?` where it is not typed as text, and F1), when
    /// the application shows key help (``Application/showsKeyHelp``).
    case showHelp
    /// Draw the whole screen again (Ctrl-L), after another program wrote over it.
    case repaint
    /// Copy the focused text field's or text area's text to the system clipboard (Alt-W, as
    /// Emacs copies), where the terminal takes it (OSC 52); a ``SecureField`` refuses, and
    /// the application's ``Application/notice`` says why.
    case copy
    /// An intent of an app or a widget outside this module, named by a string that is only
    /// compared: `Intent.custom("refresh")`.
    case custom(String)
}
