import CNCurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import TetherUI

/// Restores the terminal if the program calls `exit()` while a backend runs (a crash is
/// handled by ``CrashRestore``): the farewell bytes, `endwin`, then, inline, what the band
/// leaves (``InlineBand/farewell(_:)`` for the backend's `inlineExit`, kept up to date as
/// the band moves), so the cursor ends below the band as after ``CursesBackend/stop()``
/// rather than on the bottom row where `endwin` leaves it.
///
/// The hook is registered with `atexit` once per process and does nothing while no
/// backend runs. It may run on any thread, so its state is atomic.
enum ExitRestore {
    /// The running backend's terminal, -1 when none runs.
    private static let fd = Atomic<Int32>(-1)
    private static let hookInstalled = Atomic<Bool>(false)
    /// What to write on the way out: the modes off, plain attributes and a visible cursor
    /// (ncurses' `endwin` does not know what the backend set).
    private static let farewell = Mutex<[UInt8]>([])
    /// What to write after leaving curses mode: an inline band's farewell (empty full screen).
    private static let afterward = Mutex<[UInt8]>([])

    /// Arms the hook for the terminal `outFD`, to write `farewell`, leave curses mode and
    /// write `after`.
    static func register(outFD: Int32, farewell bytes: [UInt8], after: [UInt8] = []) {
        farewell.withLock { $0 = bytes }
        afterward.withLock { $0 = after }
        fd.store(outFD, ordering: .sequentiallyConsistent)
        if hookInstalled.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
            atexit { ExitRestore.restore() }
        }
    }

    /// Replaces the bytes written after leaving curses mode (an inline band moved, or what
    /// it leaves changed).
    static func update(after bytes: [UInt8]) {
        afterward.withLock { $0 = bytes }
    }

    /// Disarms the hook: the backend restores the terminal itself.
    static func unregister() {
        fd.store(-1, ordering: .sequentiallyConsistent)
    }

    /// Runs from `exit()`: writes the farewell bytes and leaves curses mode.
    private static func restore() {
        let outFD = fd.exchange(-1, ordering: .sequentiallyConsistent)
        guard outFD >= 0 else { return }
        _ = writeAll(outFD, farewell.withLock { $0 })
        if !isendwin() { _ = endwin() }
        _ = writeAll(outFD, afterward.withLock { $0 })
    }
}
