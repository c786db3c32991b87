#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Values stored once each, named by a small index, for as long as the process runs: the
/// true colours and link addresses styles refer to in two bytes, and the graphemes too long
/// to keep inline in a cell (grow-only, up to a capacity, and up to an application's
/// ``InternQuota`` of new entries while it draws).
///
/// `@unchecked Sendable`: every access to `values` and `indices` holds `lock`, a pthread
/// mutex (rather than `Mutex`, whose lock ThreadSanitizer cannot see).
final class InternTable<Value: Hashable & Sendable>: @unchecked Sendable {
    /// The most values the table holds.
    let capacity: Int
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var values: [Value] = []
    private var indices: [Value: Int] = [:]

    /// An empty table of at most `capacity` values.
    init(capacity: Int) {
        self.capacity = capacity
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    /// The index of `value`, added when new; `nil` when the table is full.
    func index(of value: Value) -> Int? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let known = indices[value] { return known }
        guard values.count < capacity, InternQuota.take() else { return nil }
        values.append(value)
        indices[value] = values.count - 1
        return values.count - 1
    }

    /// The value at `index` (one ``index(of:)`` returned).
    func value(at index: Int) -> Value {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return values[index]
    }
}
