/// Maps keys to ``Intent``s, each binding with the help text it shows in a ``KeyHelpBar``
/// and the help overlay. Start from ``default`` and rebind what your app needs.
///
/// ```swift
/// var keys = KeyMap.default
/// keys.bind(.ctrl("j"), to: .focusNext)
/// keys.unbind(.ctrl("d"))
/// keys.bind(.ctrl("r"), to: .custom("refresh"), help: "refresh")
/// ```
///
/// A key may map to several intents; the focused widget gets the first it handles, in
/// the order bound (Left is both `moveLeft` for a text field and `decrement` for a slider).
/// Help belongs to an intent: every key bound to it shows with that text.
public struct KeyMap: Hashable, Sendable {
    private var table: [KeyEvent: [Intent]] = [:]
    /// The keys of each intent, in binding order (the first is the one help shows).
    private var keysByIntent: [Intent: [KeyEvent]] = [:]
    private var helpTexts: [Intent: String] = [:]
    /// The intents with help, in the order their help was first given.
    private var helpOrder: [Intent] = []
    /// The characters bound without modifiers (`?`), so that typing any other character
    /// answers without hashing it: a `Character`'s hash runs SipHash over its bytes, and
    /// text is most of what is typed.
    private var plainCharacters: [Character] = []

    /// An empty key map.
    public init() {}

    /// An empty key map with room for `capacity` keys and intents.
    init(capacity: Int) {
        table.reserveCapacity(capacity)
        keysByIntent.reserveCapacity(capacity)
        helpTexts.reserveCapacity(capacity)
    }

    /// The intents bound to `key`, in binding order.
    public func intents(for key: KeyEvent) -> [Intent] {
        if let character = key.plainCharacter, !plainCharacters.contains(character) { return [] }
        return table[key] ?? []
    }

    /// The keys bound to `intent`, sorted by name.
    public func keys(for intent: Intent) -> [KeyEvent] {
        (keysByIntent[intent] ?? []).sorted { $0.description < $1.description }
    }

    /// The key that help shows for `intent`: the first bound to it, or `nil`.
    public func primaryKey(for intent: Intent) -> KeyEvent? { keysByIntent[intent]?.first }

    /// The key help shows for `intent` where the focused widget takes typed text
    /// (`typingText`): the first bound to it that does not type a character there (F1 for
    /// the key list, as `?` types a question mark), or `nil`.
    func primaryKey(for intent: Intent, typingText: Bool) -> KeyEvent? {
        guard typingText else { return primaryKey(for: intent) }
        return keysByIntent[intent]?.first { !$0.typesText }
    }

    /// The help text of `intent` (`"next"` for ``Intent/focusNext`` in ``default``), or `nil`.
    public func help(for intent: Intent) -> String? { helpTexts[intent] }

    /// Binds `key` to `intent`, after any intents it already has. A `help` text (a few
    /// lowercase words: `"refresh"`, `"sign in"`) describes the intent from now on, for
    /// every key bound to it.
    public mutating func bind(_ key: KeyEvent, to intent: Intent, help: String? = nil) {
        if let help { setHelp(help, for: intent) }
        if table[key, default: []].contains(intent) { return }
        table[key, default: []].append(intent)
        keysByIntent[intent, default: []].append(key)
        if let character = key.plainCharacter, !plainCharacters.contains(character) {
            plainCharacters.append(character)
        }
    }

    /// Describes `intent` with `help` (shown with its keys), or with nothing when `nil`.
    public mutating func setHelp(_ help: String?, for intent: Intent) {
        if let help {
            if helpTexts.updateValue(help, forKey: intent) == nil { helpOrder.append(intent) }
        } else if helpTexts.removeValue(forKey: intent) != nil {
            helpOrder.removeAll { $0 == intent }
        }
    }

    /// Binds `key` to exactly `intents`, replacing what it had.
    public mutating func rebind(_ key: KeyEvent, to intents: Intent...) {
        unbind(key)
        for intent in intents { bind(key, to: intent) }
    }

    /// Removes every binding of `key`.
    public mutating func unbind(_ key: KeyEvent) {
        guard let intents = table.removeValue(forKey: key) else { return }
        if let character = key.plainCharacter { plainCharacters.removeAll { $0 == character } }
        for intent in intents {
            keysByIntent[intent]?.removeAll { $0 == key }
            if keysByIntent[intent]?.isEmpty == true { keysByIntent[intent] = nil }
        }
    }

    /// Every intent that has help and a key, in the order its help was given, with all its
    /// keys in binding order (`?/F1 keys`), grouped by help text (`←/→ choose`): what the
    /// help overlay lists.
    public var helpEntries: [KeyHelp] {
        var entries: [KeyHelp] = []
        for intent in helpOrder {
            guard let text = helpTexts[intent], let keys = keysByIntent[intent], !keys.isEmpty else { continue }
            if let same = entries.firstIndex(where: { $0.help == text }) {
                entries[same].keys += keys.filter { !entries[same].keys.contains($0) }
            } else {
                entries.append(KeyHelp(keys: keys, help: text))
            }
        }
        return entries
    }

    /// The keys of most terminal editors (readline/Emacs style), as listed in the
    /// widgets and keys reference, with help for the keys a user needs first.
    public static let `default`: KeyMap = {
        // Sized once: growing the tables rehashes every key (a `Character` hash each).
        var map = KeyMap(capacity: 64)
        let bindings: [(KeyEvent, [Intent])] = [
            (.tab, [.focusNext]), (.backTab, [.focusPrevious]),
            (.enter, [.insertLineBreak, .activate]), (.escape, [.cancel]), (.ctrl("c"), [.quit]),
            (.space, [.toggle]),
            (.left, [.moveLeft, .decrement, .previousOption]), (.ctrl("b"), [.moveLeft]),
            (.right, [.moveRight, .increment, .nextOption]), (.ctrl("f"), [.moveRight]),
            (.up, [.moveLineUp, .focusUp, .selectPrevious]), (.down, [.moveLineDown, .focusDown, .selectNext]),
            (.alt("b"), [.moveWordLeft]), (KeyEvent(.left, modifiers: .ctrl), [.moveWordLeft]),
            (.alt("f"), [.moveWordRight]), (KeyEvent(.right, modifiers: .ctrl), [.moveWordRight]),
            (.home, [.moveToStart, .toMinimum, .selectFirst]), (.ctrl("a"), [.moveToStart]),
            (.end, [.moveToEnd, .toMaximum, .selectLast]), (.ctrl("e"), [.moveToEnd]),
            (.backspace, [.deleteBackward]), (.delete, [.deleteForward]), (.ctrl("d"), [.deleteForward]),
            (.ctrl("w"), [.deleteWordBackward]), (KeyEvent(.backspace, modifiers: .alt), [.deleteWordBackward]),
            (.alt("d"), [.deleteWordForward]),
            (.ctrl("u"), [.deleteToStart]), (.ctrl("k"), [.deleteToEnd]),
            (KeyEvent(.home, modifiers: .ctrl), [.moveToTextStart]),
            (KeyEvent(.end, modifiers: .ctrl), [.moveToTextEnd]),
            (KeyEvent(.enter, modifiers: .alt), [.insertLineBreak]), (.ctrl("j"), [.insertLineBreak, .activate]),
            // Distinct only where the terminal reports them (kitty keyboard protocol,
            // modifyOtherKeys): Shift-Enter a new line in a text area, Ctrl-Enter confirms anywhere.
            (KeyEvent(.enter, modifiers: .shift), [.insertLineBreak]),
            (KeyEvent(.enter, modifiers: .ctrl), [.activate]),
            (.ctrl("l"), [.repaint]),
            (KeyEvent(.down, modifiers: .alt), [.openPopup]),
            (.pageUp, [.movePageUp, .incrementLarge, .selectPreviousPage]),
            (.pageDown, [.movePageDown, .decrementLarge, .selectNextPage]),
            (.ctrl("z"), [.suspend]), (.ctrl("_"), [.undo]), (.ctrl("^"), [.redo]),
            (.character("?"), [.showHelp]), (.function(1), [.showHelp]), (.alt("w"), [.copy]),
        ]
        for (key, intents) in bindings {
            for intent in intents { map.bind(key, to: intent) }
        }
        let help: [(Intent, String)] = [
            (.focusNext, "next"), (.focusPrevious, "back"), (.activate, "confirm"), (.cancel, "cancel"),
            (.quit, "quit"), (.toggle, "toggle/choose"), (.previousOption, "choose"), (.nextOption, "choose"),
            (.focusUp, "move"), (.focusDown, "move"), (.openPopup, "open list"), (.undo, "undo"), (.redo, "redo"),
            (.suspend, "suspend"), (.repaint, "redraw"), (.copy, "copy"),
            (.showHelp, "keys"),
        ]
        for (intent, text) in help { map.setHelp(text, for: intent) }
        return map
    }()
}

extension KeyEvent {
    /// The character of a key pressed without modifiers, or `nil`.
    /// Whether the key types a character into a widget that takes text (no modifier but
    /// Shift).
    var typesText: Bool {
        guard case .character = key else { return false }
        return modifiers.subtracting(.shift).isEmpty
    }

    fileprivate var plainCharacter: Character? {
        guard modifiers.isEmpty, case .character(let character) = key else { return nil }
        return character
    }
}
