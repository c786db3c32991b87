internal import CTetherDispatch

/// How many new entries one application may add to the process-wide intern tables (graphemes
/// longer than 15 bytes, true colours, link addresses), which never shrink: without it, one
/// session of a server, fed distinct long graphemes by its client, could fill the grapheme
/// table for every session (past its 65,536 entries a new one draws as U+FFFD). Entries other
/// applications added cost nothing; past the quota, a new one draws as the table's full case
/// does. The application's quota is in force while it handles an event or draws, on the thread
/// that does it (``Application`` sets ``current``, a thread-local); other threads and work
/// outside an application have none.
///
/// `@unchecked Sendable`: ``remaining`` is changed only on the thread whose ``current`` it is,
/// the main actor's (an application's work), with the object alive for that scope.
final class InternQuota: @unchecked Sendable {
    /// An application's quota: 1,024 new entries (64 sessions together reach a table's
    /// 65,536); an application's own text rarely needs more than a few dozen.
    static let perApplication = 1024

    /// The quota in force on the calling thread, or `nil` (each thread has its own).
    static var current: InternQuota? {
        get { tether_current_intern_quota().map { Unmanaged<InternQuota>.fromOpaque($0).takeUnretainedValue() } }
        set { tether_set_current_intern_quota(newValue.map { Unmanaged.passUnretained($0).toOpaque() }) }
    }

    /// The new entries still allowed.
    private(set) var remaining: Int

    init(limit: Int = perApplication) {
        remaining = limit
    }

    /// Takes one new entry from the quota in force, if any: `false` when it is spent (the
    /// value is then not added).
    static func take() -> Bool {
        guard let quota = current else { return true }
        guard quota.remaining > 0 else { return false }
        quota.remaining -= 1
        return true
    }
}
