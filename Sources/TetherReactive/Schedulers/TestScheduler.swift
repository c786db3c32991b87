/// A scheduler on virtual time, for deterministic tests of time-based behaviour.
///
/// Time stands still until the test calls ``advance(by:)`` or ``advance(to:)``; then
/// every action due by the new time runs in due-time order (actions due at the same
/// time run in the order they were scheduled), including actions scheduled while
/// advancing. ``schedule(_:)`` queues the action at the current time; it runs on the
/// next advance (``advance(by:)`` with `.zero` runs just those).
@MainActor
public final class TestScheduler: Scheduler {
    private struct Entry {
        let due: Duration
        let order: Int
        let action: () -> Void
        let token: AnonymousDisposable
    }

    private var entries: [Entry] = []
    private var nextOrder = 0
    /// The current virtual time.
    public private(set) var now: Duration

    /// A scheduler whose clock reads `start`.
    public init(start: Duration = .zero) { now = start }

    /// How many scheduled actions are waiting (cancelled ones excluded).
    public var pendingCount: Int { entries.count { !$0.token.isDisposed } }

    /// Queues `action` at the current virtual time.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> any Disposable {
        schedule(after: .zero, action)
    }

    /// Queues `action` at `now + delay`. Disposing the result drops the action at once, so
    /// nothing it captures outlives the cancellation.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Disposable {
        let order = nextOrder
        let token = AnonymousDisposable { [weak self] in self?.entries.removeAll { $0.order == order } }
        entries.append(Entry(due: now + max(.zero, delay), order: order, action: action, token: token))
        nextOrder += 1
        return token
    }

    /// When the next action is due (`nil`: nothing is scheduled).
    public var nextDueTime: Duration? { nextDueIndex(by: nil).map { max(now, entries[$0].due) } }

    /// Moves the clock forward by `delta`, running every action due on the way.
    public func advance(by delta: Duration) {
        advance(to: now + max(.zero, delta))
    }

    /// Moves the clock to `time` (never backwards), running every action due on the way.
    public func advance(to time: Duration) {
        let target = max(time, now)
        while let index = nextDueIndex(by: target) {
            let entry = entries.remove(at: index)
            now = max(now, entry.due)
            if !entry.token.isDisposed { entry.action() }
        }
        now = target
    }

    /// Runs actions until none is left, moving the clock to each one's due time.
    /// Stops after `limit` actions to guard against timers that never end.
    public func run(limit: Int = 100_000) {
        var count = 0
        while count < limit, let index = nextDueIndex(by: nil) {
            let entry = entries.remove(at: index)
            now = max(now, entry.due)
            if !entry.token.isDisposed { entry.action() }
            count += 1
        }
    }

    private func nextDueIndex(by limit: Duration?) -> Int? {
        entries.removeAll { $0.token.isDisposed }
        var best: Int?
        for (index, entry) in entries.enumerated() {
            if let limit, entry.due > limit { continue }
            if let current = best {
                let other = entries[current]
                if entry.due < other.due || (entry.due == other.due && entry.order < other.order) { best = index }
            } else {
                best = index
            }
        }
        return best
    }
}
