import Observation
import TetherReactive

/// A value that is deliberately not `Equatable`.
struct Note {
    var text: String
}

/// The `@Observable` model the Observation tests bind to.
@Observable
@MainActor
final class Profile {
    var name: String { didSet { nameWrites += 1 } }
    /// Not `Equatable`: every write notifies.
    var note = Note(text: "") { didSet { noteWrites += 1 } }
    /// Trims itself in its own `didSet`, as a model that normalises input would.
    var title = "" { didSet { if title.trimmed != title { title = title.trimmed } } }
    var count = 0
    var nickname: String?
    var friend: Profile?
    /// Writes into `name` (the stored assignment, so `didSet` runs even for an equal value).
    @ObservationIgnored private(set) var nameWrites = 0
    @ObservationIgnored private(set) var noteWrites = 0
    /// Not tracked: nothing reports its changes.
    @ObservationIgnored var untracked = 0

    init(name: String = "") { self.name = name }

    /// Computed from `name`.
    var greeting: String { "Hello, \(name)" }
    /// Computed, with dependencies that change: `nickname` when set, otherwise `name`.
    var displayName: String { nickname ?? name }
}

extension String {
    var trimmed: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
