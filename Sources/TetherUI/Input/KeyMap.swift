/// A named thing a key can do. Widgets act on intents, never on raw keys, so an app can
/// rebind any of them in its ``KeyMap``.
public enum Intent: Hashable, Sendable, CaseIterable {
    // Caret movement in text fields.
    case moveLeft, moveRight, moveWordLeft, moveWordRight, moveToStart, moveToEnd
    // Deletion in text fields.
    case deleteBackward, deleteForward, deleteWordBackward, deleteWordForward, deleteToStart, deleteToEnd
    // Focus.
    case focusNext, focusPrevious, focusUp, focusDown
    /// Press a button, flip a toggle; in a text field, go on to the next field (or submit from the last).
    case activate
    /// Flip a toggle, press a button (Space).
    case toggle
    // Sliders.
    case increment, decrement, incrementLarge, decrementLarge, toMinimum, toMaximum
    // Lists: pickers, check lists, a dropdown's popup, a text field's suggestions.
    case selectPrevious, selectNext, selectPreviousPage, selectNextPage, selectFirst, selectLast
    /// Open a dropdown's list (Alt-↓).
    case openPopup
    /// Check every option of a check list, or uncheck them all when all are checked (`a`).
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
}

/// Maps keys to ``Intent``s. Start from ``default`` and rebind what your app needs.
///
/// ```swift
/// var keys = KeyMap.default
/// keys.bind(.ctrl("j"), to: .focusNext)
/// keys.unbind(.ctrl("d"))
/// ```
///
/// A key may map to several intents; the focused widget gets the first it handles, in
/// the order bound (Left is both `moveLeft` for a text field and `decrement` for a slider).
public struct KeyMap: Hashable, Sendable {
    private var table: [KeyEvent: [Intent]] = [:]

    /// An empty key map.
    public init() {}

    /// The intents bound to `key`, in binding order.
    public func intents(for key: KeyEvent) -> [Intent] { table[key] ?? [] }

    /// The keys bound to `intent`.
    public func keys(for intent: Intent) -> [KeyEvent] {
        table.filter { $0.value.contains(intent) }.map(\.key).sorted { $0.description < $1.description }
    }

    /// Binds `key` to `intent`, after any intents it already has.
    public mutating func bind(_ key: KeyEvent, to intent: Intent) {
        if table[key, default: []].contains(intent) { return }
        table[key, default: []].append(intent)
    }

    /// Binds `key` to exactly `intents`, replacing what it had.
    public mutating func rebind(_ key: KeyEvent, to intents: Intent...) { table[key] = intents }

    /// Removes every binding of `key`.
    public mutating func unbind(_ key: KeyEvent) { table[key] = nil }

    /// The keys of most terminal editors (readline/Emacs style), as listed in the
    /// widgets and keys reference.
    public static let `default`: KeyMap = {
        var map = KeyMap()
        let bindings: [(KeyEvent, [Intent])] = [
            (.left, [.moveLeft, .decrement, .selectPrevious]), (.ctrl("b"), [.moveLeft]),
            (.right, [.moveRight, .increment, .selectNext]), (.ctrl("f"), [.moveRight]),
            (.alt("b"), [.moveWordLeft]), (KeyEvent(.left, modifiers: .ctrl), [.moveWordLeft]),
            (.alt("f"), [.moveWordRight]), (KeyEvent(.right, modifiers: .ctrl), [.moveWordRight]),
            (.home, [.moveToStart, .toMinimum, .selectFirst]), (.ctrl("a"), [.moveToStart]),
            (.end, [.moveToEnd, .toMaximum, .selectLast]), (.ctrl("e"), [.moveToEnd]),
            (.backspace, [.deleteBackward]), (.delete, [.deleteForward]), (.ctrl("d"), [.deleteForward]),
            (.ctrl("w"), [.deleteWordBackward]), (KeyEvent(.backspace, modifiers: .alt), [.deleteWordBackward]),
            (.alt("d"), [.deleteWordForward]),
            (.ctrl("u"), [.deleteToStart]), (.ctrl("k"), [.deleteToEnd]),
            (.tab, [.focusNext]), (.backTab, [.focusPrevious]),
            (.up, [.moveLineUp, .focusUp, .selectPrevious]), (.down, [.moveLineDown, .focusDown, .selectNext]),
            (KeyEvent(.home, modifiers: .ctrl), [.moveToTextStart]),
            (KeyEvent(.end, modifiers: .ctrl), [.moveToTextEnd]),
            (KeyEvent(.enter, modifiers: .alt), [.insertLineBreak]), (.ctrl("j"), [.insertLineBreak, .activate]),
            (KeyEvent(.down, modifiers: .alt), [.openPopup]), (.character("a"), [.toggleAll]),
            (.enter, [.insertLineBreak, .activate]), (.space, [.toggle]),
            (.pageUp, [.movePageUp, .incrementLarge, .selectPreviousPage]),
            (.pageDown, [.movePageDown, .decrementLarge, .selectNextPage]),
            (.escape, [.cancel]), (.ctrl("c"), [.quit]), (.ctrl("z"), [.suspend]),
            (.ctrl("_"), [.undo]), (.ctrl("^"), [.redo]),
        ]
        for (key, intents) in bindings {
            for intent in intents { map.bind(key, to: intent) }
        }
        return map
    }()
}
