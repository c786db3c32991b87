#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherProcess

/// The server's signals and the end of every session.
extension SessionHost {
    /// Ends every session and refuses new ones: each client's terminal is restored (modes
    /// off, the alternate screen left, its `termios` put back), `message` is written below,
    /// and ``onEnded`` reports each with ``EndReason/shutdown``. Returns once every session's
    /// last bytes were written, or at `deadline`, when what slow clients did not take is
    /// dropped. Calling it again waits for the same end.
    public func shutdown(deadline: Duration = .seconds(5), message: String? = "The server is shutting down.")
        async
    {
        if accepting {
            accepting = false
            shutdownBegan = .now
            let until = ContinuousClock.now + deadline
            for session in sessions { end(session, .shutdown, goodbye: message, closingBy: until) }
            if live.isEmpty { finishShutdown() } else { rearm() }
        }
        await waitForShutdown()
    }

    /// Returns once a shutdown (``shutdown(deadline:message:)``, or a signal that
    /// ``handleSignals(_:deadline:)`` handles) has ended every session.
    public func waitForShutdown() async {
        guard !shutDown else { return }
        await withCheckedContinuation { shutdownWaiters.append($0) }
    }

    /// Makes `signals` (by default `SIGINT`, `SIGTERM` and `SIGHUP`) shut the host down
    /// with `deadline`, as the server's own: the process-wide handlers are the signal hub's,
    /// and no hosted session reacts to any signal. Call it once, before serving.
    public func handleSignals(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP], deadline: Duration = .seconds(5)) {
        guard self.signals == nil, let subscription = SignalSubscription(signals: signals), subscription.start() else {
            return
        }
        self.signals = subscription
        signalDeadline = deadline
        for fd in subscription.descriptors { poller.watch(fd, read: true, write: false) }
        rearm()
    }

    /// A handled signal arrived: the host shuts down.
    func signalArrived() {
        guard let subscription = signals, !subscription.drain().isEmpty, accepting else { return }
        let deadline = signalDeadline
        Task { @MainActor [weak self] in await self?.shutdown(deadline: deadline) }
    }

    /// Every session ended after a shutdown: waiters go on.
    func finishShutdown() {
        guard !shutDown else { return }
        shutDown = true
        for fd in signals?.descriptors ?? [] { poller.watch(fd, read: false, write: false) }
        signals?.stop()
        signals = nil
        poller.stop()
        let waiters = shutdownWaiters
        shutdownWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
