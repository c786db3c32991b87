import Testing
import TetherTesting
import TetherUI

extension Intent {
    /// An app's own intent, as the documentation shows.
    fileprivate static let refresh = Intent.custom("refresh")
}

@MainActor
@Suite("KeyMap")
struct KeyMapTests {
    @Test("an app's own intent is bound with its help and reads back by key and by intent")
    func customIntentWithHelp() {
        var keys = KeyMap.default
        keys.bind(.ctrl("r"), to: .refresh, help: "refresh")
        #expect(keys.intents(for: .ctrl("r")) == [.refresh])
        #expect(keys.help(for: .refresh) == "refresh")
        #expect(keys.helpEntries.last?.description == "Ctrl-R refresh")
    }

    @Test("the default map describes the usual keys by the names a user reads")
    func defaultHelp() {
        let described = KeyMap.default.helpEntries.map(\.description)
        #expect(
            Array(described.prefix(7)) == [
                "Tab next", "Shift-Tab back", "Enter/Ctrl-J/Ctrl-Enter confirm", "Esc cancel", "Ctrl-C quit",
                "Space toggle/choose",
                "←/→ choose",
            ])
        #expect(described.contains("?/F1 keys"))
    }

    @Test("binding a key to an intent it already has changes nothing: its keys and its help read once")
    func rebindingTheSameKeyChangesNothing() {
        var keys = KeyMap.default
        let before = keys.helpEntries.map(\.description)
        keys.bind(.tab, to: .focusNext)
        keys.bind(.tab, to: .focusNext, help: "next")
        #expect(keys.keys(for: .focusNext) == KeyMap.default.keys(for: .focusNext))
        #expect(keys.intents(for: .tab) == KeyMap.default.intents(for: .tab))
        #expect(keys.helpEntries.map(\.description) == before, "\(keys.helpEntries.map(\.description))")
        #expect(keys.helpEntries.first?.description == "Tab next")
    }

    @Test("a bare a is bound to nothing in the default map")
    func bareAIsFree() {
        #expect(KeyMap.default.intents(for: .character("a")).isEmpty)
    }

    @Test("a character bound without modifiers maps to its intents until it is unbound")
    func plainCharacterBinding() {
        var keys = KeyMap.default
        keys.bind(.character("x"), to: .refresh)
        keys.bind(.character("é"), to: .refresh)
        #expect(keys.intents(for: .character("x")) == [.refresh])
        #expect(keys.intents(for: .character("e\u{301}")) == [.refresh])
        #expect(keys.intents(for: .character("?")) == [.showHelp])
        keys.unbind(.character("x"))
        #expect(keys.intents(for: .character("x")).isEmpty)
        #expect(keys.intents(for: .character("é")) == [.refresh])
        #expect(keys.intents(for: .alt("x")).isEmpty)
    }

    @Test("unbinding a key removes it from its intents' help")
    func unbindRemovesFromHelp() {
        var keys = KeyMap.default
        keys.unbind(.function(1))
        #expect(keys.helpEntries.contains { $0.description == "? keys" })
        keys.unbind(.character("?"))
        #expect(!keys.helpEntries.contains { $0.help == "keys" })
    }

    @Test("setHelp replaces an intent's help text and nil removes it")
    func setHelpReplaces() {
        var keys = KeyMap.default
        keys.setHelp("leave", for: .cancel)
        #expect(keys.helpEntries.contains { $0.description == "Esc leave" })
        keys.setHelp(nil, for: .cancel)
        #expect(!keys.helpEntries.contains { $0.keys == [.escape] })
    }

    @Test("rebinding a key replaces its intents and moves its help with them")
    func rebindMovesHelp() {
        var keys = KeyMap.default
        keys.rebind(.tab, to: .focusPrevious)
        #expect(keys.intents(for: .tab) == [.focusPrevious])
        #expect(keys.primaryKey(for: .focusNext) == nil)
        #expect(!keys.helpEntries.contains { $0.help == "next" })
    }

    @Test("help names read as a user reads keys")
    func helpNames() {
        #expect(KeyEvent.backTab.helpName == "Shift-Tab")
        #expect(KeyEvent.space.helpName == "Space")
        #expect(KeyEvent.ctrl("c").helpName == "Ctrl-C")
        #expect(KeyEvent.escape.helpName == "Esc")
        #expect(KeyEvent.function(1).helpName == "F1")
        #expect(KeyEvent(.down, modifiers: .alt).helpName == "Alt-↓")
    }
}
