import TetherReactive

/// When an application-level key handler sees a key (see ``Application/addKeyHandler(_:_:)``).
public enum KeyHandlerPhase: Hashable, Sendable {
    /// Before the focused widget and key bindings: for modes that take the keyboard over
    /// ("press any key to continue"), and for recording keys.
    case beforeWidgets
    /// After the focused widget, its ancestors and an open popup did not handle the key,
    /// before the application's own intents (focus moves, quit, suspend): shortcuts.
    case afterWidgets
}

/// The application's one ordered list of key handlers: each phase in registration order.
@MainActor
final class KeyHandlers {
    private struct Entry {
        let id: Int
        let phase: KeyHandlerPhase
        /// The one key it acts on, when added for one (``Application/onKey(_:perform:)``).
        let key: KeyEvent?
        let handle: (KeyEvent) -> Bool
    }

    private var entries: [Entry] = []
    private var nextID = 0

    /// Adds `handle` at the end of `phase`, acting on `key` only when one is given;
    /// disposing the result removes it.
    func add(
        _ phase: KeyHandlerPhase, key: KeyEvent? = nil, _ handle: @escaping (KeyEvent) -> Bool
    ) -> any Disposable {
        let id = nextID
        nextID += 1
        entries.append(Entry(id: id, phase: phase, key: key, handle: handle))
        return Disposables.create { [weak self] in self?.entries.removeAll { $0.id == id } }
    }

    /// Whether a handler added for `key` alone acts on it (what a general handler does with
    /// a key cannot be known without offering it).
    func acts(on key: KeyEvent) -> Bool {
        entries.contains { $0.key == key }
    }

    /// Offers `key` to the handlers of `phase` in order; `true` when one consumed it.
    func handle(_ key: KeyEvent, in phase: KeyHandlerPhase) -> Bool {
        // A snapshot: a handler may add or remove handlers.
        for entry in entries where entry.phase == phase {
            if entry.handle(key) { return true }
        }
        return false
    }
}
