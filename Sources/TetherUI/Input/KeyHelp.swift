/// One entry of key help: keys and what they do, shown as `Tab next` or `←/→ choose` by a
/// ``KeyHelpBar`` and the help overlay.
public struct KeyHelp: Hashable, Sendable, CustomStringConvertible {
    /// The keys, shown by ``KeyEvent/helpName`` and joined with `/`.
    public var keys: [KeyEvent]
    /// What they do: a few lowercase words.
    public var help: String

    /// An entry for `keys` doing `help`.
    public init(keys: [KeyEvent], help: String) {
        self.keys = keys
        self.help = help
    }

    /// The keys as a user reads them: `Tab`, `Shift-Tab`, `←/→`, `Ctrl-C`.
    public var keyNames: String { keys.map(\.helpName).joined(separator: "/") }

    /// The keys then the help, as in `Tab next`.
    public var description: String { "\(keyNames) \(help)" }
}

/// An intent a widget wants shown in key help while it has focus: ``Widget/keyHints``.
/// Its keys are those bound to the intents, in the widget's own ``Widget/keyBindings``
/// first, then in the application's ``KeyMap``; an intent no key is bound to is not shown.
public struct KeyHint: Hashable, Sendable {
    /// The intents shown together (`[.previousOption, .nextOption]` as `←/→`).
    public var intents: [Intent]
    /// What they do for this widget (`"check"` for a check list's Space), or `nil` for the
    /// key map's help text.
    public var help: String?

    /// A hint for `intents` described by `help`.
    public init(_ intents: Intent..., help: String? = nil) {
        self.intents = intents
        self.help = help
    }
}

extension KeyEvent {
    /// The name a user reads in key help: `Tab`, `Shift-Tab`, `Enter`, `Esc`, `Space`,
    /// `Ctrl-C`, `Alt-↓`, `←`, `F1`, `a`.
    public var helpName: String {
        var parts: [String] = []
        if modifiers.contains(.ctrl) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        switch key {
        case .character(" "): parts.append("Space")
        case .character(let c): parts.append(modifiers.isEmpty ? String(c) : String(c).uppercased())
        case .up: parts.append("↑")
        case .down: parts.append("↓")
        case .left: parts.append("←")
        case .right: parts.append("→")
        default: parts.append(key.name)
        }
        return parts.joined(separator: "-")
    }
}
