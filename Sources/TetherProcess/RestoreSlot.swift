#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One session's place in the process's restore registry: what the crash handler
/// (``CrashRestore``) and the `exit()` hook (``ExitRestore``) write to that session's
/// terminal, and the terminal modes they put back. Both walk every claimed slot, so a
/// crash or an `exit()` with several sessions running restores all their terminals.
@MainActor
package final class RestoreSlot {
    /// Slots given back, to be claimed again lowest first (the crash registry's chunks are
    /// allocated in slot order: decision 0114).
    private static var free: [Int] = []
    /// How many slots were ever claimed: the next new slot's index.
    private static var highWater = 0

    /// How many slots the process can hold at once: 65,536, more than any descriptor limit
    /// lets a process serve, so the number of sessions is the server's to set.
    package static var capacity: Int { CrashRestore.chunkSize * CrashRestore.maxChunks }

    /// How many slots are claimed now.
    package static var claimedCount: Int { highWater - free.count }

    /// The slot's index.
    let index: Int
    private var outFD: Int32 = -1
    private var crashBefore: [UInt8] = []

    /// Claims a free slot (the lowest); `nil` only when ``capacity`` slots are claimed.
    package init?() {
        if let lowest = Self.free.indices.min(by: { Self.free[$0] < Self.free[$1] }) {
            index = Self.free.remove(at: lowest)
        } else if Self.highWater < Self.capacity {
            index = Self.highWater
            Self.highWater += 1
        } else {
            return nil
        }
    }

    isolated deinit {
        release()
        Self.free.append(index)
    }

    /// Arms both paths for the terminal `fd`: each writes `before` (modes off, attributes
    /// reset, cursor shown, the alternate screen left), puts `modes` back, then writes its
    /// part of what follows: `crashAfter` for a crash, `exitAfter` for `exit()`.
    package func arm(fd: Int32, before: [UInt8], modes: termios, crashAfter: [UInt8], exitAfter: [UInt8]) {
        outFD = fd
        crashBefore = before
        CrashRestore.arm(slot: index, outFD: fd, bytes: before + crashAfter, shellModes: modes)
        ExitRestore.register(slot: index, ExitRestore.Entry(fd: fd, before: before, modes: modes, after: exitAfter))
    }

    /// Replaces what follows the modes (an inline band moved, or its exit changed).
    package func update(crashAfter: [UInt8], exitAfter: [UInt8]) {
        CrashRestore.update(slot: index, bytes: crashBefore + crashAfter)
        ExitRestore.update(slot: index, after: exitAfter)
    }

    /// A crash passes this slot by while its program is stopped (the terminal is the
    /// shell's); ``resume()`` arms it again.
    package func pause() { CrashRestore.pause(slot: index) }

    /// Arms the crash path again after ``pause()``.
    package func resume() { CrashRestore.resume(slot: index, outFD: outFD) }

    /// Disarms both paths (the session restored its terminal itself). Idempotent.
    package func release() {
        guard outFD >= 0 else { return }
        outFD = -1
        CrashRestore.disarm(slot: index)
        ExitRestore.unregister(slot: index)
    }
}
