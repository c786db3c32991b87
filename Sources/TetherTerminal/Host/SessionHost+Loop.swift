import TetherUI

/// The host's one wait over every session's input, output and timers, and what a wake-up
/// does with them. A wake-up touches only the sessions that had something ready or due:
/// each touched session's descriptors and deadlines are brought up to date (``sync(_:)``)
/// before the next wait, so nothing is rebuilt for the sessions that were quiet.
extension SessionHost {
    /// Brings the touched sessions' watches and deadlines up to date and arms the next wait,
    /// or ends the one under way so that the next sees what changed.
    func rearm() {
        guard !waking else { return }
        for session in touched.values { sync(session) }
        touched = [:]
        if poller.isWaiting { poller.interrupt() } else { arm() }
    }

    /// Marks `session` for ``sync(_:)`` before the next wait.
    func touch(_ session: Session) { touched[session.id] = session }

    /// Watches `session`'s input while it runs and its descriptor for room while output
    /// waits, and notes its next deadline: an escape delay or a band's settle, a stall, the
    /// end of its closing grace.
    func sync(_ session: Session) {
        let wanted = live[session.id] == nil ? [] : session.isRunning ? session.backend.pollDescriptors : []
        let writes = live[session.id] != nil && session.output.count > 0 && !session.output.failed
        let outputFD = writes ? session.output.fd : -1
        for fd in Set(session.watched.read + wanted + [session.watched.write, outputFD]) where fd >= 0 {
            let read = wanted.contains(fd)
            let write = fd == outputFD
            poller.watch(fd, read: read, write: write)
            watchers[fd] = read || write ? session : nil
        }
        session.watched = (wanted, outputFD)
        session.timerDue = session.isRunning ? session.backend.pollTimeout.map { .now + $0 } : nil
        let deadlines = [
            session.timerDue, session.output.congestedSince.map { $0 + limits.stalledOutput }, session.closingDeadline,
        ]
        session.nextDue = live[session.id] == nil ? nil : deadlines.compactMap { $0 }.min()
        timed[session.id] = session.nextDue == nil ? nil : session
    }

    /// Waits until a watched descriptor is ready or the nearest deadline (a session's, or
    /// the next idle check).
    private func arm() {
        guard !shutDown || !live.isEmpty else { return }
        var due = timed.values.compactMap(\.nextDue).min()
        if let idle = limits.idleInput, !live.isEmpty {
            let check = nextIdleCheck ?? .now + min(idle, .seconds(1))
            nextIdleCheck = check
            due = min(due ?? check, check)
        }
        let timeout = due.map { pollMilliseconds(max(.zero, $0 - .now)) } ?? -1
        poller.wait(timeout: timeout) { [weak self] ready in
            MainActor.assumeIsolated { self?.wake(ready) }
        }
    }

    /// Handles what was ready, then what is due, then arms the next wait.
    private func wake(_ ready: [HostPoller.Ready]) {
        let now = ContinuousClock.now
        waking = true
        for descriptor in ready {
            if signals?.descriptors.contains(descriptor.fd) == true {
                signalArrived()
                continue
            }
            guard let session = watchers[descriptor.fd] else { continue }
            touch(session)
            if descriptor.writable, session.watched.write == descriptor.fd { outputReady(session) }
            if descriptor.readable, session.isRunning, session.watched.read.contains(descriptor.fd) {
                session.lastInput = now
                process(session)
            }
        }
        for session in Array(timed.values) where (session.nextDue ?? now) <= now {
            touch(session)
            checkDue(session, now: now)
        }
        if let check = nextIdleCheck, check <= now {
            nextIdleCheck = nil
            endIdleSessions(now: now)
        }
        waking = false
        rearm()
    }

    /// A session's descriptor takes output again.
    private func outputReady(_ session: Session) {
        session.output.flush()
        if session.output.failed, session.isRunning {
            end(session, .hungUp, goodbye: nil)
        } else if !session.isRunning, session.output.count == 0 || session.output.failed {
            finalize(session)
        } else if session.isRunning {
            session.application?.renderIfNeeded()
        }
    }

    /// Runs `session`'s timers, and ends it when its output stalled or its closing grace
    /// passed.
    private func checkDue(_ session: Session, now: ContinuousClock.Instant) {
        guard session.isRunning else {
            if let deadline = session.closingDeadline, deadline <= now { finalize(session) }
            return
        }
        if let timer = session.timerDue, timer <= now { process(session) }
        if let since = session.output.congestedSince, since + limits.stalledOutput <= now {
            end(session, .outputStalled, goodbye: nil)
        }
    }

    /// Ends the sessions whose clients sent nothing for ``Limits/idleInput`` (checked at
    /// most once a second, over all sessions).
    private func endIdleSessions(now: ContinuousClock.Instant) {
        guard let idle = limits.idleInput else { return }
        for session in live.values where session.isRunning && session.lastInput + idle <= now {
            touch(session)
            end(session, .idle, goodbye: "Session ended after \(idle.spokenLength) without input.")
        }
    }

    /// Hands `session`'s input and timers to its backend, and draws.
    private func process(_ session: Session) {
        session.backend.processPendingInput()
        session.application?.renderIfNeeded()
    }
}

extension Duration {
    /// The duration as a person says it: `300 ms`, `45 seconds`, `10 minutes`, `1 minute`.
    var spokenLength: String {
        let (seconds, attoseconds) = components
        if seconds < 1 { return "\(attoseconds / 1_000_000_000_000_000) ms" }
        if seconds < 120 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        let minutes = seconds / 60
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }
}
