internal import CTetherSignal
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Restores every live session's terminal when the process dies of a fatal signal:
/// `SIGSEGV`, `SIGBUS`, `SIGILL`, `SIGTRAP`, `SIGABRT`, `SIGFPE` — a Swift trap
/// (force-unwrap, index out of range, `fatalError`, `precondition`, overflow: `SIGILL` on
/// x86-64, `SIGTRAP` on arm64), a bad pointer, a stack overflow, `abort()`, or `kill`.
///
/// Each session arms a slot of its own (``RestoreSlot``); the handler walks every armed slot.
/// Everything the handler needs is computed beforehand (``arm(slot:outFD:bytes:shellModes:)``):
/// the bytes that turn the backend's modes off, reset the attributes, show the cursor and
/// leave the alternate screen — inline, instead, put the cursor on the line below the band,
/// kept up to date with ``update(slot:bytes:)`` as the band moves — and the terminal modes
/// (`termios`) from before curses started. The handler only loads atomics, `write`s those
/// bytes and calls `tcsetattr` (both async-signal-safe), then hands the signal on:
///
/// - to the disposition found when it was installed — on Linux, the Swift runtime's
///   backtracer (installed at process start for these signals unless `SWIFT_BACKTRACE`
///   disables it), or an application's own handler — with the same `siginfo` and context,
///   so the backtrace describes the crash and is printed on the normal screen;
/// - then to the default action: the disposition is set back to `SIG_DFL`; a signal sent
///   by a process (`kill`, `raise`, `abort`) is raised again, a fault returns and faults
///   again. The exit status (128 + the signal), the core dump and the backtrace are what
///   they would have been without Tether.
///
/// The handler runs on an alternate signal stack (`SA_ONSTACK`), so a stack overflow on
/// the thread that started the backend is handled too; the Swift runtime sets one up on
/// the main thread, and ``arm(slot:outFD:bytes:shellModes:)`` adds one when there is none.
/// Signals that were ignored (`SIG_IGN`) are left alone.
///
/// The bytes can change while the handler is armed, so they are never rewritten in place:
/// there are two buffers, and an atomic word names the one to write and its length. An
/// update fills the other buffer, then publishes it; it leaves the buffers alone once a
/// handler has started, so the one being written is never touched.
enum CrashRestore {
    /// The signals handled, in the order they are installed.
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// At most this many farewell bytes are kept (the real farewell is about 60, and an
    /// inline band's part about 10 more).
    static let capacity = 1024

    /// Size of the alternate signal stack added when the thread has none.
    private static let alternateStackSize = 64 * 1024

    /// Slots come in chunks of this many, allocated as sessions need them and never freed
    /// (the handler may read a chunk at any moment); there is no fixed number of sessions.
    static let chunkSize = 64

    /// How many chunks the table can name: 65,536 sessions, far beyond any descriptor limit.
    static let maxChunks = 1024

    /// Arms `slot` for the terminal `outFD`: on a fatal signal, write `bytes` there and put
    /// `shellModes` back. Installs the handlers (remembering what was there) when no slot
    /// was armed. Every armed slot is restored, in slot order.
    @MainActor
    static func arm(slot: Int, outFD: Int32, bytes: [UInt8], shellModes: termios) {
        let chunk = CrashChunk.ensure(slot: slot)
        chunk.fd(slot).pointee.store(-1, ordering: .sequentiallyConsistent)
        chunk.modes(slot).pointee = shellModes
        publish(bytes, slot: slot)
        ensureAlternateStack()
        install()
        chunk.fd(slot).pointee.store(outFD, ordering: .sequentiallyConsistent)
    }

    /// Replaces the bytes `slot` writes (an inline band moved), while armed: published
    /// atomically, never torn, never while the handler runs.
    @MainActor
    static func update(slot: Int, bytes: [UInt8]) {
        publish(bytes, slot: slot)
    }

    /// Lets a crash pass `slot` by (while its program is suspended and the terminal is the
    /// shell's): the handlers stay installed.
    static func pause(slot: Int) {
        CrashChunk.existing(slot: slot)?.fd(slot).pointee.store(-1, ordering: .sequentiallyConsistent)
    }

    /// Arms `slot` again after ``pause(slot:)``.
    static func resume(slot: Int, outFD: Int32) {
        CrashChunk.existing(slot: slot)?.fd(slot).pointee.store(outFD, ordering: .sequentiallyConsistent)
    }

    /// Disarms `slot`; when no slot is armed any more, puts back the dispositions found
    /// at install (unless someone replaced ours meanwhile).
    @MainActor
    static func disarm(slot: Int) {
        CrashChunk.existing(slot: slot)?.fd(slot).pointee.store(-1, ordering: .sequentiallyConsistent)
        armedSlots.remove(slot)
        guard armedSlots.isEmpty else { return }
        for signal in signals where installedSignals.contains(signal) {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, isOurs(current) else { continue }
            sigaction(signal, &previousActions[Int(signal)], nil)
        }
        installedSignals = []
    }

    /// Does for `slot` what the handler does on a fatal signal — writes its published bytes
    /// and puts its shell modes back — without a signal (tests: the exact crash path's
    /// output, in a process that goes on).
    static func restoreWithoutCrashing(slot: Int) { restoreTerminal(slot: slot) }

    /// Whether the crash handler is `signal`'s disposition now.
    static func isInstalled(_ signal: Int32) -> Bool {
        var current = sigaction()
        return sigaction(signal, nil, &current) == 0 && isOurs(current)
    }

    // MARK: - Publishing the bytes

    @MainActor private static var armedSlots: Set<Int> = []

    /// Copies `bytes` (at most ``capacity``) into the buffer of `slot` the handler is not
    /// reading, then publishes it; does nothing once the handler has started.
    @MainActor
    private static func publish(_ bytes: [UInt8], slot: Int) {
        armedSlots.insert(slot)
        guard !crashEntered.load(ordering: .sequentiallyConsistent) else { return }
        let chunk = CrashChunk.ensure(slot: slot)
        let index = 1 - (chunk.published(slot).pointee.load(ordering: .sequentiallyConsistent) & 1)
        let count = min(bytes.count, capacity)
        bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            chunk.buffer(slot, index).update(from: base, count: count)
        }
        chunk.published(slot).pointee.store((count << 1) | index, ordering: .sequentiallyConsistent)
    }

    // MARK: - Installing

    /// The signals whose disposition is ours since ``arm(outFD:farewell:after:shellModes:)``.
    @MainActor private static var installedSignals: Set<Int32> = []

    @MainActor
    private static func install() {
        var action = sigaction()
        tether_sigaction_set_action(&action, handleFatalSignal)
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        // Block everything else while restoring; a second fault of another kind still
        // reaches its handler (a blocked synchronous fault would kill without a trace).
        sigfillset(&action.sa_mask)
        for signal in signals { sigdelset(&action.sa_mask, signal) }
        for signal in signals where !installedSignals.contains(signal) {
            var previous = sigaction()
            guard sigaction(signal, nil, &previous) == 0, !isIgnored(previous), !isOurs(previous) else { continue }
            previousActions[Int(signal)] = previous
            if sigaction(signal, &action, nil) == 0 { installedSignals.insert(signal) }
        }
    }

    /// Gives the calling thread an alternate signal stack if it has none, so that a stack
    /// overflow can still be handled. The stack is kept for the life of the process.
    private static func ensureAlternateStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_sp == nil || current.ss_flags & Int32(SS_DISABLE) != 0 else {
            return
        }
        let memory = mmap(nil, alternateStackSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let memory, memory != UnsafeMutableRawPointer(bitPattern: -1) else { return }  // MAP_FAILED
        var stack = stack_t()  // the fields' order differs between C libraries: set by name
        stack.ss_sp = memory
        stack.ss_flags = 0
        stack.ss_size = alternateStackSize
        if sigaltstack(&stack, nil) != 0 { munmap(memory, alternateStackSize) }
    }

    private static func isOurs(_ action: sigaction) -> Bool {
        var action = action
        return action.sa_flags & SA_SIGINFO != 0
            && tether_sigaction_action_address(&action) == tether_signal_action_address(ourHandler)
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        action.sa_flags & SA_SIGINFO == 0 && handlerAddress(action) == 1  // SIG_IGN
    }
}

// MARK: - What the handler reads

// Allocated on first use (from `arm`, on the main thread, before any handler is installed)
// and never freed: the handler may run on any thread at any time, and must neither
// allocate nor take a lock.

/// Set by the first handler that restores, so that concurrent or nested crashes do not
/// write twice.
private let crashEntered = Atomic<Bool>(false)
/// The disposition each signal had before ours, indexed by signal number.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    pointer.initialize(repeating: sigaction(), count: 65)
    return pointer
}()

private let ourHandler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void =
    handleFatalSignal

/// The raw value of `action`'s one-argument handler (0: `SIG_DFL`, 1: `SIG_IGN`).
private func handlerAddress(_ action: sigaction) -> Int {
    var action = action
    return Int(bitPattern: tether_sigaction_handler_address(&action))
}

// MARK: - The handler (async-signal-safe: atomics, write, tcsetattr, sigaction, raise)

private func handleFatalSignal(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    let savedErrno = errno
    if !crashEntered.exchange(true, ordering: .sequentiallyConsistent) {
        crashWaitsLeft = crashWaitBudget
        CrashChunk.forEachSlot { restoreTerminal(slot: $0) }
        // The runtime's "Fatal error: …" went to the captured standard error: out it goes
        // now, on the restored screen, before the backtracer writes after it.
        releaseStandardError()
    }
    errno = savedErrno
    callPrevious(signal, info, context)

    // The default action: a fault returns and faults again; a sent signal is raised
    // again (it stays blocked until this handler returns).
    var dfl = sigaction()
    tether_sigaction_set_handler(&dfl, nil)  // SIG_DFL
    sigemptyset(&dfl.sa_mask)
    sigaction(signal, &dfl, nil)
    let sentByProcess = (info?.pointee.si_code ?? 0) <= 0  // SI_USER, SI_TKILL, SI_QUEUE…
    if sentByProcess { raise(signal) }
}

/// Writes the farewell bytes and puts the shell's terminal modes back.
private func restoreTerminal(slot: Int) {
    guard let chunk = CrashChunk.existing(slot: slot) else { return }
    let fd = chunk.fd(slot).pointee.load(ordering: .sequentiallyConsistent)
    guard fd >= 0 else { return }
    let published = chunk.published(slot).pointee.load(ordering: .sequentiallyConsistent)
    writeAllSignalSafe(fd, chunk.buffer(slot, published & 1), count: published >> 1, waits: &crashWaitsLeft)
    _ = tcsetattr(fd, TCSANOW, chunk.modes(slot))
}

/// How many tenth-of-a-second waits a crash spends in all on terminals that stopped reading
/// (a server's stalled clients must not hold the crash for minutes): two seconds.
private let crashWaitBudget = 20
/// The waits left to the handler running now.
nonisolated(unsafe) private var crashWaitsLeft = 0

/// Writes `count` bytes to `fd`, waiting (at most a tenth of a second at a time, 10 times)
/// while a non-blocking terminal is full; gives up on any other error. Async-signal-safe.
func writeAllSignalSafe(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, count: Int) {
    var waits = 10
    writeAllSignalSafe(fd, bytes, count: count, waits: &waits)
}

/// Like ``writeAllSignalSafe(_:_:count:)``, spending the waits of a shared budget.
func writeAllSignalSafe(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, count: Int, waits: inout Int) {
    var offset = 0
    while offset < count {
        let written = write(fd, bytes + offset, count - offset)
        if written > 0 {
            offset += written
        } else if written < 0 && errno == EINTR {
            continue
        } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && waits > 0 {
            waits -= 1
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, 100)
        } else {
            break
        }
    }
}

/// Calls the disposition found when ours was installed, if it was a handler.
private func callPrevious(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    guard signal > 0, signal < 65 else { return }
    let previous = previousActions + Int(signal)
    if previous.pointee.sa_flags & SA_SIGINFO != 0 {
        tether_sigaction_action(previous)?(signal, info, context)
    } else if handlerAddress(previous.pointee) > 1, let handler = tether_sigaction_handler(previous) {
        handler(signal)
    }
}
