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
    /// The slots in use, by index.
    private static var claimed: Set<Int> = []

    /// The slot's index, `0..<CrashRestore.slots`.
    let index: Int
    private var outFD: Int32 = -1
    private var crashBefore: [UInt8] = []

    /// Claims a free slot; `nil` when ``CrashRestore/slots`` sessions already run.
    package init?() {
        guard let free = (0..<CrashRestore.slots).first(where: { !Self.claimed.contains($0) }) else { return nil }
        Self.claimed.insert(free)
        index = free
    }

    isolated deinit {
        release()
        Self.claimed.remove(index)
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
