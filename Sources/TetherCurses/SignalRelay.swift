#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The write end of the signal pipe while a relay is installed, -1 otherwise. Read by
/// the signal handler: an atomic load is async-signal-safe.
private let signalPipeWrite = Atomic<Int32>(-1)

/// Set by the signal handler after it wrote to the pipe; cleared by ``SignalRelay/drain()``
/// before it reads. Lets a drain with no signal pending skip the `read` (a keystroke's
/// wake-up then costs one system call less). Lock-free, so async-signal-safe.
private let signalPending = Atomic<Bool>(false)

/// The signal handler: writes the signal number into the pipe, then marks it pending.
/// The order matters: a byte in the pipe is always followed by the mark, so a drain that
/// finds no mark either has nothing to read or will be woken (the pipe is readable) and
/// find the mark on its next turn.
private func relaySignal(_ signal: Int32) {
    let fd = signalPipeWrite.load(ordering: .relaxed)
    guard fd >= 0 else { return }
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(fd, &byte, 1)
    signalPending.store(true, ordering: .sequentiallyConsistent)
    errno = savedErrno
}

/// Turns asynchronous signals into bytes on a pipe that the main queue reads (the
/// self-pipe trick).
///
/// Why not `DispatchSource.makeSignalSource`: on Linux libdispatch replaces the
/// disposition with its own handler and leaves it installed after the source is
/// cancelled, so the signal is swallowed afterwards and the previous disposition is
/// lost. With our own `sigaction` we install `SA_RESTART` handlers (so ncurses' writes
/// are not interrupted) and put back exactly what was there before.
///
/// Installing a handler (rather than `SIG_DFL`) before `newterm` also stops ncurses
/// from installing its own SIGINT/SIGTERM/SIGTSTP/SIGWINCH handlers: it only catches
/// signals whose disposition is `SIG_DFL`.
@MainActor
final class SignalRelay {
    /// The signals relayed.
    let signals: [Int32]
    /// The read end, readable when a signal arrived.
    let readFD: Int32
    private let writeFD: Int32
    /// The dispositions found by ``install()``. An array, not a dictionary: a dictionary of
    /// `Int32` keys costs the Swift runtime a scan of every protocol conformance in the
    /// program the first time it is made (start-up, issue 16).
    private var saved: [(signal: Int32, action: sigaction)] = []
    private var savedMask = sigset_t()
    private var installed = false

    /// Creates the pipe; nothing is installed yet.
    init?(signals: [Int32]) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        self.signals = signals
        readFD = fds[0]
        writeFD = fds[1]
    }

    /// Installs the handlers, remembering the previous dispositions, and unblocks the
    /// signals on the calling (main) thread: a process started from a thread that
    /// blocks them (libdispatch worker threads block most signals, and a child inherits
    /// the mask) would otherwise never see a resize.
    func install() {
        guard !installed else { return }
        installed = true
        signalPipeWrite.store(writeFD, ordering: .sequentiallyConsistent)
        for signal in signals {
            var old = sigaction()
            if Self.setHandler(signal, old: &old) { saved.append((signal, old)) }
        }
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, &savedMask)
    }

    /// Puts back the dispositions found by ``install()``.
    func uninstall() {
        guard installed else { return }
        installed = false
        for (signal, old) in saved {
            var previous = old
            sigaction(signal, &previous, nil)
        }
        saved = []
        pthread_sigmask(SIG_SETMASK, &savedMask, nil)
        signalPipeWrite.store(-1, ordering: .sequentiallyConsistent)
    }

    /// Signals read by ``holdsTermination()`` and not yet handed out by ``drain()``.
    private var held: [Int32] = []

    /// Whether signals are held for the next ``drain()`` (its caller should not wait).
    var hasHeldSignals: Bool { !held.isEmpty }

    /// Whether a signal that ends the program (SIGTERM, SIGHUP, SIGINT, SIGQUIT) has
    /// arrived: reads the pipe and holds what it read for the next ``drain()``, so that a
    /// write blocked on a terminal that does not read can give up without losing a signal.
    func holdsTermination() -> Bool {
        held = drain()
        return held.contains { [SIGTERM, SIGHUP, SIGINT, SIGQUIT].contains($0) }
    }

    /// Signals received since the last call, oldest first, each once (with those
    /// ``holdsTermination()`` read first). Reads the pipe only when the handler has marked a
    /// signal pending since the last drain.
    func drain() -> [Int32] {
        guard signalPending.exchange(false, ordering: .sequentiallyConsistent) else {
            defer { held = [] }
            return held
        }
        var result: [Int32] = held
        held = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if count > 0 {
                for byte in buffer[0..<count] where !result.contains(Int32(byte)) {
                    result.append(Int32(byte))
                }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return result
    }

    /// Sends `signal` to the process group with its default action (to stop the whole
    /// job on SIGTSTP), then puts the relay handler back once the process continues.
    func raiseWithDefaultAction(_ signal: Int32) {
        var ours = sigaction()
        var dfl = sigaction()
        dfl.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&dfl.sa_mask)
        sigaction(signal, &dfl, &ours)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        var oldMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &set, &oldMask)
        kill(0, signal)
        pthread_sigmask(SIG_SETMASK, &oldMask, nil)
        sigaction(signal, &ours, nil)
    }

    /// Closes the pipe (after ``uninstall()``, once nothing reads it any more).
    nonisolated func closePipe() {
        _ = Glibc.close(readFD)
        _ = Glibc.close(writeFD)
    }

    private static func setHandler(_ signal: Int32, old: inout sigaction) -> Bool {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = relaySignal
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        return sigaction(signal, &action, &old) == 0
    }
}
