public import TetherUI

extension SessionHost {
    /// One session of a ``SessionHost``: an application on its own terminal (or, for a
    /// client without one, its own line-by-line conversation), with its own environment,
    /// size, output queue and limits. Made by
    /// ``SessionHost/start(io:strings:options:presentation:application:)`` or
    /// ``SessionHost/startConversation(io:unhiddenTypingNote:application:)``; ends when its
    /// application quits, its client hangs up, stalls or idles, or the host ends it
    /// (``SessionHost/onEnded`` says which).
    @MainActor
    public final class Session {
        /// The session's number, unique in its host, counting from 1.
        public let id: Int
        /// The descriptors and environment it was started on.
        public let io: TerminalIO
        /// The backend its application must run on: a ``VTBackend`` on its terminal, or an
        /// `AccessibleBackend` for a conversation (``SessionHost/startConversation(io:unhiddenTypingNote:application:)``).
        public let backend: any PollingBackend
        /// Its terminal's backend; `nil` for a conversation.
        let terminal: VTBackend?
        /// Its conversation's backend; `nil` for a terminal session.
        let conversation: AccessibleBackend?
        /// Its application (`nil` once the session ended and let it go).
        public private(set) var application: Application?
        /// When it started.
        public let started: ContinuousClock.Instant
        /// Why it ended, once the host knows (it may still be writing its last bytes).
        public internal(set) var endReason: SessionHost.EndReason?
        /// What its application's run failed with, once it ended.
        var error: (any Error)?

        let output: OutputQueue
        /// When input last came from the client.
        var lastInput: ContinuousClock.Instant
        /// When the session's pending timer (an escape delay, a band's settle) is due.
        var timerDue: ContinuousClock.Instant?
        /// The nearest of its deadlines: its timer, its output's stall limit, its closing.
        var nextDue: ContinuousClock.Instant?
        /// The descriptors watched for it: for input, and for room for output (-1: none).
        var watched: (read: [Int32], write: Int32) = ([], -1)
        /// Once ended: the time after which its unsent bytes are dropped.
        var closingDeadline: ContinuousClock.Instant?
        /// Tells the host's waiter that something changed outside a wake-up.
        var onChange: (() -> Void)?
        /// What the session keeps alive until it ends (``keep(_:)``).
        private var kept: [AnyObject] = []

        init(id: Int, io: TerminalIO, backend: any PollingBackend, output: OutputQueue) {
            self.id = id
            self.io = io
            self.backend = backend
            terminal = backend as? VTBackend
            conversation = backend as? AccessibleBackend
            self.output = output
            started = .now
            lastInput = .now
        }

        func attach(_ application: Application) { self.application = application }

        func detach() {
            application = nil
            kept = []
        }

        /// Keeps `object` (the session's view model, or the screen object that holds its
        /// bindings) alive until the session ends; then it is let go with the application.
        public func keep(_ object: AnyObject) { kept.append(object) }

        /// Tells the session its client's terminal changed size (an SSH window-change
        /// request; a pseudo-terminal's new size): it lays out and draws again at the size
        /// ``TerminalIO/size`` now reports (inline, once the size holds still).
        public func resized() {
            terminal?.terminalResized()
            application?.renderIfNeeded()
            onChange?()
        }

        /// Whether its application still runs.
        public var isRunning: Bool { endReason == nil }
    }
}
