#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Restores every live session's terminal when the program calls `exit()` while sessions
/// run (an `atexit` hook, installed once): for each registered slot, in slot order, the
/// bytes that turn its modes off and leave its screen, the terminal modes from before
/// the session started, then what an inline band leaves below it.
///
/// Not async-signal-safe, and need not be: `atexit` hooks run in normal context. The
/// crash path is ``CrashRestore``.
enum ExitRestore {
    /// What one slot restores.
    struct Entry: Sendable {
        var fd: Int32
        var before: [UInt8]
        var modes: termios
        var after: [UInt8]
    }

    private static let entries = Mutex<[Int: Entry]>([:])
    private static let hookInstalled = Atomic<Bool>(false)

    /// Registers `slot`: at `exit()`, write `before` to `fd`, put `modes` back, then write
    /// `after`. Installs the hook the first time.
    static func register(slot: Int, _ entry: Entry) {
        entries.withLock { $0[slot] = entry }
        if hookInstalled.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
            atexit { ExitRestore.restoreAll() }
        }
    }

    /// Replaces what `slot` writes after its modes (an inline band moved, or its exit
    /// changed).
    static func update(slot: Int, after: [UInt8]) {
        entries.withLock { $0[slot]?.after = after }
    }

    /// Forgets `slot` (its session stopped and restored the terminal itself).
    static func unregister(slot: Int) {
        _ = entries.withLock { $0.removeValue(forKey: slot) }
    }

    /// Whether `slot` is registered (for tests).
    static func isRegistered(slot: Int) -> Bool {
        entries.withLock { $0[slot] != nil }
    }

    /// Does for `slot` alone what the hook does at `exit()`, and forgets it (tests: the
    /// exact exit path's output, in a process that goes on).
    static func restoreWithoutExiting(slot: Int) {
        guard let entry = entries.withLock({ $0.removeValue(forKey: slot) }) else { return }
        restore(entry)
    }

    private static func restoreAll() {
        defer { releaseStandardError() }
        let all = entries.withLock { entries in
            defer { entries = [:] }
            return entries.sorted { $0.key < $1.key }.map(\.value)
        }
        for entry in all { restore(entry) }
    }

    /// Writes `entry`'s bytes before its modes, puts the modes back, writes the rest.
    private static func restore(_ entry: Entry) {
        var entry = entry
        entry.before.withUnsafeBufferPointer {
            guard let base = $0.baseAddress else { return }
            writeAllSignalSafe(entry.fd, base, count: $0.count)
        }
        _ = tcsetattr(entry.fd, TCSANOW, &entry.modes)
        entry.after.withUnsafeBufferPointer {
            guard let base = $0.baseAddress else { return }
            writeAllSignalSafe(entry.fd, base, count: $0.count)
        }
    }
}
