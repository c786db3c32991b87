/// Key help: what a focused widget and the application say about their keys.
extension Widget {
    /// The entries of ``keyHints``: each hint's keys from the widget's own ``keyBindings``,
    /// else from `map`; its help, else the help of its first intent that has some.
    func hintHelp(in map: KeyMap) -> [KeyHelp] {
        let own = keyBindings
        var entries: [KeyHelp] = []
        for hint in keyHints {
            var keys: [KeyEvent] = []
            for intent in hint.intents {
                if let key = own?.primaryKey(for: intent) ?? map.primaryKey(for: intent), !keys.contains(key) {
                    keys.append(key)
                }
            }
            let described = hint.intents.lazy.compactMap { own?.help(for: $0) ?? map.help(for: $0) }.first
            guard !keys.isEmpty, let text = hint.help ?? described else { continue }
            if let same = entries.firstIndex(where: { $0.help == text }) {
                entries[same].keys += keys.filter { !entries[same].keys.contains($0) }
            } else {
                entries.append(KeyHelp(keys: keys, help: text))
            }
        }
        return entries
    }

    /// What `intent` does where this widget has focus, as the nearest widget (itself or an
    /// ancestor) whose own ``keyBindings`` describe it says: a dialog's Esc is its safe
    /// answer (`resume`, `keep editing`), not "cancel". `nil`: none says.
    func enclosingHelp(for intent: Intent) -> String? {
        var node: Widget? = self
        while let widget = node {
            if let help = widget.keyBindings?.help(for: intent) { return help }
            node = widget.parent
        }
        return nil
    }

    /// What Enter does where this widget has focus, as the nearest widget whose own
    /// ``keyBindings`` describe it says (the key list: `close`), or the nearest form: `moveOn`
    /// when it moves to the next field, or the help of the button it presses (`sign in`,
    /// `next`); `nil` where none says.
    func enclosingActivateHelp(moveOn: String) -> String? {
        var node: Widget? = self
        while let widget = node {
            if let help = widget.keyBindings?.help(for: .activate) { return help }
            if let form = widget as? Form, let help = form.activateHelp(from: self, moveOn: moveOn) { return help }
            node = widget.parent
        }
        return nil
    }
}

/// The key help of one moment: the focused widget's entries, then the application's.
@MainActor
struct KeyHelpContent {
    /// One entry and how much it matters: a bar too narrow drops the lowest first.
    struct Item {
        var entry: KeyHelp
        var priority: Int
    }

    /// The focused widget's entries, then the application-wide ones, in showing order.
    var items: [Item] = []

    /// The help for `focused` (if any) under `map`: the widget's hints, then Tab, Shift-Tab,
    /// Enter (what it does there: named after the button it presses, or beside Tab as
    /// `Tab/Enter next` where it moves on), Esc and, when `quits`, Ctrl-C. When
    /// nothing on screen can take focus (`focusable` false: a message, a summary), Tab,
    /// Shift-Tab and Enter would do nothing and are left out. Enter and Esc are named only
    /// where they act: a widget or form says what they do, or `applicationActs` (an app's
    /// action for the key or intent, Esc over a popup).
    init(
        focused: Widget?, map: KeyMap, quits: Bool, focusable: Bool = true,
        applicationActs: (KeyEvent, Intent) -> Bool
    ) {
        let own = focused?.hintHelp(in: map) ?? []
        items = own.map { Item(entry: $0, priority: 3) }
        let shownKeys = Set(own.flatMap(\.keys))
        let moveOn = map.help(for: .focusNext) ?? "next"
        var app: [(Intent, String?, Int)] =
            focused != nil || focusable
            ? [
                (.focusNext, nil, 3), (.focusPrevious, nil, 1),
                (.activate, focused?.enclosingActivateHelp(moveOn: moveOn), 2),
            ] : []
        app.append((.cancel, focused?.enclosingHelp(for: .cancel), 3))
        if quits { app.append((.quit, nil, 4)) }
        for (intent, help, priority) in app {
            guard let key = map.primaryKey(for: intent), !shownKeys.contains(key),
                let text = help ?? Self.generalHelp(for: intent, key: key, map: map, acts: applicationActs)
            else { continue }
            if let same = items.firstIndex(where: { $0.entry.help == text }) {
                items[same].entry.keys.append(key)
            } else {
                items.append(Item(entry: KeyHelp(keys: [key], help: text), priority: priority))
            }
        }
    }

    /// The map's help for `intent` on `key` where no widget says what it does: Enter and Esc
    /// only when the application `acts` on them (else they do nothing there).
    private static func generalHelp(
        for intent: Intent, key: KeyEvent, map: KeyMap, acts: (KeyEvent, Intent) -> Bool
    ) -> String? {
        guard intent != .activate && intent != .cancel || acts(key, intent) else { return nil }
        return map.help(for: intent)
    }

    /// Every entry for the help overlay: the focused widget's hints and own bindings, then
    /// every binding of `map` that has help, each key once; Enter's and Esc's general
    /// entries only where they act, as on the bar.
    static func overlayEntries(
        focused: Widget?, map: KeyMap, quits: Bool, applicationActs: (KeyEvent, Intent) -> Bool
    ) -> [KeyHelp] {
        var entries = focused?.hintHelp(in: map) ?? []
        for entry in focused?.keyBindings?.helpEntries ?? [] where !entries.contains(where: { $0.keys == entry.keys }) {
            entries.append(entry)
        }
        var app = map.helpEntries
        if !quits, let quit = map.help(for: .quit) { app.removeAll { $0.help == quit } }
        if focused?.takesTypedText == true, let keys = map.help(for: .showHelp) {
            // `?` types a question mark here: only the other keys open the list.
            for index in app.indices where app[index].help == keys { app[index].keys.removeAll(where: \.typesText) }
            app.removeAll { $0.keys.isEmpty }
        }
        for intent in [Intent.activate, .cancel] {
            guard let index = app.firstIndex(where: { $0.help == map.help(for: intent) }) else { continue }
            let said =
                intent == .activate
                ? focused?.enclosingActivateHelp(moveOn: map.help(for: .focusNext) ?? "next")
                : focused?.enclosingHelp(for: .cancel)
            if let said {
                app[index].help = said
            } else if let key = map.primaryKey(for: intent), !applicationActs(key, intent) {
                app.remove(at: index)
            }
        }
        // Each key once: the first entry that names it says what it does here (the focused
        // widget's own entries come first: Enter "open list" on a dropdown, not "next" too).
        var shown = Set(entries.flatMap(\.keys))
        for var entry in app {
            entry.keys.removeAll { shown.contains($0) }
            guard !entry.keys.isEmpty else { continue }
            shown.formUnion(entry.keys)
            entries.append(entry)
        }
        return entries
    }
}
