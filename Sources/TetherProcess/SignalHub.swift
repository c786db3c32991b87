internal import CTetherSignal
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The write end of the hub's pipe, read by the signal handler; -1 when no handler is in.
private let hubPipeWrite = Atomic<Int32>(-1)

/// Whether a signal arrived since the hub last read its pipe (so that most drains skip the
/// `read(2)`).
private let hubPending = Atomic<Bool>(false)

/// The handler every signal the hub catches runs: one byte, the signal's number, into the
/// hub's pipe (async-signal-safe: an atomic load, `write(2)`, an atomic store).
private func relaySignal(_ signal: Int32) {
    let fd = hubPipeWrite.load(ordering: .relaxed)
    guard fd >= 0 else { return }
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(fd, &byte, 1)
    hubPending.store(true, ordering: .sequentiallyConsistent)
    errno = savedErrno
}

/// The process's one catcher of the signals terminal sessions react to, fanning each out
/// to every live session that asked for it.
///
/// Signal dispositions belong to the process, not to a session: two sessions that each
/// installed handlers would take them from each other. So the hub installs one handler
/// per signal while any ``SignalSubscription`` wants it (and puts the previous disposition
/// back when none does), the handler writes the signal's number into the hub's pipe, and
/// whichever session wakes first reads the pipe and hands each signal to every
/// subscription that wants it, waking the others through their own pipes.
///
/// A session on the controlling terminal wants the job-control and resize signals too
/// (`SIGWINCH`, `SIGTSTP`, `SIGCONT`); a session on another terminal (a pseudo-terminal,
/// an SSH channel) only those that end the program (`SIGTERM`, `SIGHUP`, `SIGINT`,
/// `SIGQUIT`), since the others are about the process's own terminal.
@MainActor
final class SignalHub {
    /// The one hub of the process.
    static let shared = SignalHub()

    private var readFD: Int32 = -1
    private var writeFD: Int32 = -1
    private var subscriptions: [ObjectIdentifier: Weak] = [:]
    private var installed: [Int32: sigaction] = [:]
    /// This thread's signal mask from before the hub first unblocked a signal, put back when
    /// no subscription wants any (``holdsSavedMask`` says whether it is held).
    private var savedMask = sigset_t()
    private var holdsSavedMask = false

    private struct Weak {
        weak var subscription: SignalSubscription?
    }

    /// The hub's pipe, which every subscription polls besides its own.
    var descriptor: Int32 { readFD }

    /// How many subscriptions are live (for tests).
    var subscriberCount: Int { subscriptions.values.filter { $0.subscription != nil }.count }

    /// Adds `subscription`, installing handlers for the signals it wants that no other
    /// subscription wanted. `false` when the hub's pipe could not be made.
    func add(_ subscription: SignalSubscription) -> Bool {
        if readFD < 0 {
            guard let fds = makePipe() else { return false }
            (readFD, writeFD) = fds
            hubPipeWrite.store(writeFD, ordering: .sequentiallyConsistent)
        }
        subscriptions[ObjectIdentifier(subscription)] = Weak(subscription: subscription)
        updateHandlers()
        return true
    }

    /// Removes `subscription`; the handlers of signals nobody wants any more come out, and
    /// the pipe closes with the last subscription.
    func remove(_ subscription: SignalSubscription) {
        subscriptions[ObjectIdentifier(subscription)] = nil
        updateHandlers()
        guard subscriptions.isEmpty, readFD >= 0 else { return }
        hubPipeWrite.store(-1, ordering: .sequentiallyConsistent)
        close(readFD)
        close(writeFD)
        readFD = -1
        writeFD = -1
    }

    /// Whether the hub's handler is the disposition of `signal` now (for tests).
    func catches(_ signal: Int32) -> Bool { installed[signal] != nil }

    /// Reads the signals that arrived and hands each to the subscriptions that want it.
    func collect() {
        guard readFD >= 0, hubPending.exchange(false, ordering: .sequentiallyConsistent) else { return }
        var buffer = [UInt8](repeating: 0, count: 64)
        var arrived: [Int32] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if count > 0 {
                arrived += buffer[0..<count].map { Int32($0) }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        for signal in arrived {
            for entry in subscriptions.values {
                guard let subscription = entry.subscription, subscription.signals.contains(signal) else { continue }
                subscription.deliver(signal)
            }
        }
    }

    /// Stops the process group with `signal`'s default action (job control for `SIGTSTP`),
    /// returning once the process continues; the hub's handler is back afterwards.
    func raiseWithDefaultAction(_ signal: Int32) {
        var ours = sigaction()
        var dfl = sigaction()
        tether_sigaction_set_handler(&dfl, nil)  // SIG_DFL
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

    // MARK: - Dispositions

    private func updateHandlers() {
        let wanted = Set(subscriptions.values.compactMap { $0.subscription }.flatMap(\.signals))
        for signal in wanted where installed[signal] == nil {
            var action = sigaction()
            tether_sigaction_set_handler(&action, relaySignal)
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            if sigaction(signal, &action, &old) == 0 { installed[signal] = old }
        }
        for (signal, old) in installed where !wanted.contains(signal) {
            var previous = old
            sigaction(signal, &previous, nil)
            installed[signal] = nil
        }
        // The main thread may have inherited a mask that blocks them (a parent's choice).
        var set = sigset_t()
        sigemptyset(&set)
        for signal in installed.keys { sigaddset(&set, signal) }
        // The mask is kept from the first unblocking to the last subscription's end: not
        // each time one subscription is left (its mask then is the one the hub made).
        if wanted.isEmpty {
            if holdsSavedMask { pthread_sigmask(SIG_SETMASK, &savedMask, nil) }
            holdsSavedMask = false
        } else {
            var before = sigset_t()
            pthread_sigmask(SIG_UNBLOCK, &set, &before)
            if !holdsSavedMask {
                savedMask = before
                holdsSavedMask = true
            }
        }
    }

    private func makePipe() -> (Int32, Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        return (fds[0], fds[1])
    }
}
