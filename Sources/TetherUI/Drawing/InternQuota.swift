internal import CTetherDispatch

/// How many new entries one application may add to the process-wide intern tables (graphemes
/// longer than 15 bytes, true colours, link addresses), which never shrink: without it, one
/// session of a server, fed distinct long graphemes by its client, could fill the grapheme
/// table for every session (past its 65,536 entries a new one draws as U+FFFD). Entries other
/// applications added cost nothing; past the quota, a new one draws as the table's full case
/// does. The application's quota is in force while it handles an event or draws, on the thread
/// that does it (``withQuota(_:)``, a thread-local); other threads and work outside an
/// application have none.
///
/// `@unchecked Sendable`: the count is changed only on the thread whose quota in force it is,
/// inside ``withQuota(_:)``, while the object is alive.
final class InternQuota: @unchecked Sendable {
    /// An application's quota: 1,024 new entries (64 sessions together reach a table's
    /// 65,536); an application's own text rarely needs more than a few dozen.
    static let perApplication = 1024

    private let count: UnsafeMutablePointer<Int>

    init(limit: Int = perApplication) {
        count = .allocate(capacity: 1)
        count.initialize(to: limit)
    }

    deinit {
        count.deallocate()
    }

    /// The new entries still allowed.
    var remaining: Int { count.pointee }

    /// Runs `body` with this quota in force on the calling thread.
    func withQuota<Result>(_ body: () -> Result) -> Result {
        let outer = tether_swap_intern_quota(count)
        defer { _ = tether_swap_intern_quota(outer) }
        return body()
    }

    /// Takes one new entry from the quota in force on the calling thread, if any: `false`
    /// when it is spent (the value is then not added).
    static func take() -> Bool { tether_take_intern_quota() != 0 }
}
