#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The write end of the interrupt pipe while a relay is installed, -1 otherwise. Read by
/// the signal handler: an atomic load is async-signal-safe.
private let interruptPipeWrite = Atomic<Int32>(-1)

/// Ctrl-C for the accessible presentation. The terminal stays in line mode there, so
/// Ctrl-C reaches the program as SIGINT rather than as a key; the relay's handler writes
/// one byte on a pipe (the self-pipe trick) and the backend, woken by it, hands the
/// application the Ctrl-C key, which quits the way it does in full screen.
///
/// The handler is installed with `SA_RESTART` by ``install()``, and SIGINT is unblocked on
/// the calling (main) thread (a child inherits its parent's mask); ``uninstall()`` puts back
/// exactly what was there before.
@MainActor
final class InterruptRelay {
    /// The read end, readable once SIGINT arrived.
    let readFD: Int32
    private let writeFD: Int32
    private var previous = sigaction()
    private var previousMask = sigset_t()
    private var installed = false

    /// Creates the pipe; nothing is installed yet.
    init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    isolated deinit {
        uninstall()
        close(readFD)
        close(writeFD)
    }

    /// Installs the SIGINT handler, remembering the previous disposition.
    func install() {
        guard !installed else { return }
        installed = true
        interruptPipeWrite.store(writeFD, ordering: .sequentiallyConsistent)
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = relayInterrupt
        #else
        action.__sigaction_u.__sa_handler = relayInterrupt
        #endif
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, &previous)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, &previousMask)
    }

    /// Puts back the disposition and the signal mask found by ``install()``. Idempotent.
    func uninstall() {
        guard installed else { return }
        installed = false
        sigaction(SIGINT, &previous, nil)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        interruptPipeWrite.store(-1, ordering: .sequentiallyConsistent)
    }

    /// Whether SIGINT arrived since the last call (reads the pipe empty).
    func drain() -> Bool {
        var arrived = false
        var buffer = [UInt8](repeating: 0, count: 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if count > 0 {
                arrived = true
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return arrived
            }
        }
    }
}

/// The signal handler: writes one byte into the pipe and nothing else.
private func relayInterrupt(_ signal: Int32) {
    let fd = interruptPipeWrite.load(ordering: .relaxed)
    guard fd >= 0 else { return }
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(fd, &byte, 1)
    errno = savedErrno
}
