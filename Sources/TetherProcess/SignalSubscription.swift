#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One session's share of the process's signals, from the ``SignalHub``: the signals it
/// asked for, queued until the session's input pump takes them, and a pipe that wakes the
/// session's run loop when another session's wake-up collected a signal for it.
@MainActor
package final class SignalSubscription {
    /// The signals this session reacts to.
    package let signals: Set<Int32>
    private let hub: SignalHub
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private var inbox: [Int32] = []
    private var held: [Int32] = []
    private var active = false

    /// A subscription to `signals`, not yet receiving (``start()``); `nil` when its pipe
    /// cannot be made.
    package convenience init?(signals: [Int32]) {
        self.init(signals: signals, hub: .shared)
    }

    /// A subscription to `signals` through `hub` (a test's own hub).
    init?(signals: [Int32], hub: SignalHub) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        self.signals = Set(signals)
        self.hub = hub
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    isolated deinit {
        stop()
        close(wakeRead)
        close(wakeWrite)
    }

    /// The descriptors a run loop waits on for this subscription: its own pipe and the
    /// hub's (empty when stopped).
    package var descriptors: [Int32] {
        active ? [wakeRead, hub.descriptor].filter { $0 >= 0 } : []
    }

    /// Starts receiving: the hub catches `signals` from now on. `false` when it could not.
    @discardableResult
    package func start() -> Bool {
        guard !active else { return true }
        active = hub.add(self)
        return active
    }

    /// Stops receiving; the hub puts back the dispositions nobody else needs. Idempotent.
    package func stop() {
        guard active else { return }
        active = false
        hub.remove(self)
        inbox = []
    }

    /// Called by the hub: queues `signal` and wakes the session.
    func deliver(_ signal: Int32) {
        guard !inbox.contains(signal) else { return }
        inbox.append(signal)
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Whether signals were set aside by ``holdsTermination()`` and not yet drained.
    package var hasHeldSignals: Bool { !held.isEmpty }

    /// Drains what arrived; `true` when it includes a signal that ends the program (the
    /// signals stay held for the next ``drain()``).
    package func holdsTermination() -> Bool {
        held = drain()
        return held.contains { [SIGTERM, SIGHUP, SIGINT, SIGQUIT].contains($0) }
    }

    /// The signals that arrived since the last drain, each once, held ones first.
    package func drain() -> [Int32] {
        hub.collect()
        guard !inbox.isEmpty || !held.isEmpty else { return [] }
        if !inbox.isEmpty {
            // Every queued signal wrote one byte: empty the pipe so it stops waking the loop.
            var buffer = [UInt8](repeating: 0, count: 64)
            while buffer.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
        }
        var result = held
        held = []
        for signal in inbox where !result.contains(signal) { result.append(signal) }
        inbox = []
        return result
    }

    /// Drops `signal` if it arrived and was not drained yet (the `SIGCONT` that ends the
    /// program's own stop: the backend has already taken the terminal back).
    package func discard(_ signal: Int32) {
        hub.collect()
        inbox.removeAll { $0 == signal }
        held.removeAll { $0 == signal }
    }

    /// Stops the process group with `signal`'s default action; returns once continued.
    package func raiseWithDefaultAction(_ signal: Int32) {
        hub.raiseWithDefaultAction(signal)
    }
}
