#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherProcess
public import TetherUI

/// Many terminal sessions in one process, none able to stall another: the host a server
/// (an SSH server, a test's pseudo-terminals) starts each client's application on.
///
/// Each session is a ``VTBackend`` on the client's own ``TerminalIO`` (its descriptors,
/// environment and size) with an `Application` the caller makes for it. One waiter serves
/// every session's input, timers and output: a single `poll(2)` on all their descriptors, the
/// work on the main actor. A session's output never waits for its client: what the client
/// does not take is queued, and over ``Limits/outputHighWater`` its frames are held back and
/// only the newest is drawn once it reads again; a client that stays behind for
/// ``Limits/stalledOutput`` is ended (``EndReason/outputStalled``).
///
/// The server owns the process's signals: a hosted session takes none (Ctrl-C and Ctrl-Z
/// arrive as keys, and Ctrl-Z does not stop the process), and ``handleSignals(_:deadline:)``
/// turns `SIGINT`, `SIGTERM` and `SIGHUP` into ``shutdown(deadline:message:)``. A crash still
/// restores every client's terminal (the process's restore registry has no fixed size).
///
/// ``onEnded`` is called once per session, after its terminal was given back (modes off,
/// the alternate screen left, the shell's `termios` put back) and its last bytes were written
/// or dropped; the caller then closes the session's descriptors.
@MainActor
public final class SessionHost {
    /// The limits given at creation.
    public let limits: Limits
    /// Called once for each session that ended, with why, after its terminal was restored.
    public var onEnded: ((Ended) -> Void)?

    /// Running sessions and ended ones still writing their last bytes, by id.
    var live: [Int: Session] = [:]
    private var nextID = 1
    let poller = HostPoller()
    /// The session each watched descriptor belongs to.
    var watchers: [Int32: Session] = [:]
    /// Sessions whose watches and deadlines change before the next wait (``sync(_:)``).
    var touched: [Int: Session] = [:]
    /// Sessions with a deadline (``Session/nextDue``).
    var timed: [Int: Session] = [:]
    /// When the idle limit is next checked over every session.
    var nextIdleCheck: ContinuousClock.Instant?
    /// While a wake-up runs: changes wait for its end to re-arm.
    var waking = false
    var accepting = true
    var signals: SignalSubscription?
    var signalDeadline: Duration = .seconds(5)
    var shutdownWaiters: [CheckedContinuation<Void, Never>] = []
    var shutDown = false
    private var sweepScheduled = false
    /// When the shutdown began (``shutdown(deadline:message:)``, or a handled signal); `nil`
    /// before.
    public internal(set) var shutdownBegan: ContinuousClock.Instant?

    /// A host with `limits`; it waits for nothing until a session starts.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    isolated deinit {
        poller.stop()
        signals?.stop()
    }

    /// The running sessions, oldest first.
    public var sessions: [Session] {
        live.values.filter(\.isRunning).sorted { $0.id < $1.id }
    }

    /// How many sessions run.
    public var count: Int {
        live.values.reduce(0) { $0 + ($1.isRunning ? 1 : 0) }
    }

    /// Starts a session on `io`: makes its backend, hands the new session to `application`,
    /// which makes the session's own widget tree and view model and returns an
    /// `Application` on ``Session/backend`` (``Session/keep(_:)`` keeps the view model alive
    /// until the session ends), then takes the terminal and draws the first frame. Events
    /// reach the application while the main actor is free.
    ///
    /// - Throws: ``Refusal/sessionLimit(_:)`` at ``Limits/sessions`` running sessions,
    ///   ``Refusal/shuttingDown`` during ``shutdown(deadline:message:)``; `application`'s error;
    ///   ``TerminalError`` when the terminal cannot be taken. The terminal is untouched then.
    @discardableResult
    public func start(
        io: TerminalIO, strings: TerminalStrings, options: VTBackend.Options = VTBackend.Options(),
        presentation: VTBackend.Presentation = .fullScreen, application: (Session) throws -> Application
    ) throws -> Session {
        try admit()
        let backend = VTBackend(io: io, strings: strings, options: options, presentation: presentation)
        let output = OutputQueue(fd: io.output, highWater: limits.outputHighWater, lowWater: limits.outputLowWater)
        backend.outputQueue = output
        return try launch(Session(id: nextID, io: io, backend: backend, output: output), application)
    }

    /// Starts a session answered line by line on `io`, for a client without a terminal (`ssh
    /// -T host`, `ssh host -- ARGS`): the form's accessible presentation, its questions and
    /// messages written to `io.output` and its answers read from `io.input` (both made
    /// non-blocking; pipes or sockets, not a terminal). `application` makes the session's
    /// `Application` on ``Session/backend``, as for ``start(io:strings:options:presentation:application:)``.
    /// Output never waits: while the client leaves more than ``Limits/outputHighWater``
    /// bytes unread, no answer is taken and no input read, and ``Limits/stalledOutput``
    /// applies. The session ends when the form is done, when its input ends (``Ended/error``
    /// then holds the `AccessibleInputError` when a question was left unanswered), or for
    /// any reason a terminal session ends; no goodbye is written when it quits by itself.
    /// `unhiddenTypingNote` is said in a secret's question in place of "typing is hidden"
    /// when the client's own terminal shows what it types (an SSH client without a terminal).
    ///
    /// - Throws: as ``start(io:strings:options:presentation:application:)``.
    @discardableResult
    public func startConversation(
        io: TerminalIO, unhiddenTypingNote: String? = nil, application: (Session) throws -> Application
    ) throws -> Session {
        try admit()
        for fd in [io.input, io.output] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        let output = OutputQueue(fd: io.output, highWater: limits.outputHighWater, lowWater: limits.outputLowWater)
        output.cancelsSequences = false
        let backend = AccessibleBackend(hostedInput: io.input) { [weak output] text in
            output?.write(Array(text.utf8))
        }
        backend.isOutputBlocked = { [weak output] in output?.isCongested ?? false }
        backend.unhiddenTypingNote = unhiddenTypingNote
        let session = Session(id: nextID, io: io, backend: backend, output: output)
        backend.onInputWanted = { [weak self, weak session] in
            guard let self, let session else { return }
            touch(session)
            rearm()
        }
        output.onDrained = { [weak backend] in backend?.outputDrained() }
        return try launch(session, application)
    }

    /// Throws when a session cannot start now.
    private func admit() throws {
        guard accepting else { throw Refusal.shuttingDown }
        guard count < limits.sessions else { throw Refusal.sessionLimit(limits.sessions) }
    }

    /// Makes `session`'s application, starts it and begins serving it.
    private func launch(_ session: Session, _ application: (Session) throws -> Application) throws -> Session {
        let app = try application(session)
        precondition(app.backend === session.backend, "the application must run on the backend SessionHost made")
        session.attach(app)
        let output = session.output
        output.onBacklog = { [weak self, weak session] in
            guard let self, let session else { return }
            touch(session)
            rearm()
        }
        session.onChange = output.onBacklog
        // A write that failed (the client's side closed) ends the session, whether or not
        // bytes were waiting; after the draw under way, never inside it.
        output.onFailed = { [weak self, weak session] in
            Task { @MainActor in
                guard let self, let session, session.isRunning else { return }
                self.end(session, .hungUp, goodbye: nil)
            }
        }
        do {
            try app.startDriven { [weak self, weak session] in
                guard let self, let session else { return }
                self.finished(session)
            }
        } catch {
            session.backend.stop()
            session.detach()
            throw error
        }
        nextID += 1
        live[session.id] = session
        if session.endReason != nil { scheduleSweep() }
        touch(session)
        rearm()
        return session
    }

    /// Ends `session` (``EndReason/shutdown``): its terminal is restored and ``onEnded``
    /// follows once its last bytes are written. Nothing when it already ended.
    public func end(_ session: Session) {
        end(session, .shutdown, goodbye: nil)
    }

    // MARK: - Ending

    /// The session's application ended by itself (quit, Ctrl-C, its client hung up).
    private func finished(_ session: Session) {
        if session.endReason == nil, let exit = session.application?.exit {
            session.endReason = EndReason(exit)
            session.error = session.application?.runError
        }
        scheduleSweep()
    }

    /// Ends `session` for `reason`, restores its terminal and writes `goodbye` below.
    func end(_ session: Session, _ reason: EndReason, goodbye: String?, closingBy: ContinuousClock.Instant? = nil) {
        guard session.endReason == nil else { return }
        session.endReason = reason
        session.application?.finish(.terminated(signal: reason == .outputStalled ? SIGHUP : SIGTERM))
        close(session, goodbye: goodbye, by: closingBy)
    }

    private func scheduleSweep() {
        guard !sweepScheduled else { return }
        sweepScheduled = true
        Task { @MainActor [weak self] in self?.sweep() }
    }

    /// Closes the sessions whose application ended since the last sweep.
    func sweep() {
        sweepScheduled = false
        for session in live.values where session.endReason != nil && session.closingDeadline == nil {
            close(session, goodbye: nil, by: nil)
        }
        rearm()
    }

    /// Gives `session`'s terminal back, writes `goodbye`, lets its application go, and
    /// reports its end once its last bytes are out (or at `by`, the grace by default).
    private func close(_ session: Session, goodbye: String?, by deadline: ContinuousClock.Instant?) {
        guard session.closingDeadline == nil else { return }
        touch(session)
        session.backend.stop()
        if let goodbye, !session.output.isCongested {
            let line = session.terminal == nil ? "\n\(goodbye)\n" : "\r\n\(goodbye)\r\n"
            session.output.write(Array(line.utf8))
        }
        session.detach()
        session.closingDeadline = deadline ?? .now + limits.closingGrace
        if session.output.count == 0 || session.output.failed { finalize(session) }
    }

    /// Reports `session`'s end and forgets it; what its client never took is dropped.
    func finalize(_ session: Session) {
        guard live.removeValue(forKey: session.id) != nil else { return }
        // Unwatched now, before ``onEnded`` lets the owner close the descriptors: a new
        // session may be given the same numbers at once.
        touched[session.id] = nil
        sync(session)
        session.output.discard()
        let ended = Ended(
            id: session.id, reason: session.endReason ?? .shutdown, error: session.error,
            duration: .now - session.started,
            bytesWritten: session.output.totals.written, bytesDropped: session.output.totals.dropped)
        onEnded?(ended)
        if live.isEmpty, !accepting { finishShutdown() }
    }
}
