#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherUI

extension SessionHost {
    /// A server's limits: how many sessions, how much output a client may leave unread,
    /// how long it may leave it, and how long a client may send nothing.
    public struct Limits: Hashable, Sendable {
        /// At most this many live sessions; ``SessionHost/start(io:strings:options:presentation:application:)``
        /// refuses the next one with ``SessionHost/Refusal/sessionLimit(_:)``.
        public var sessions: Int
        /// Over this many unread bytes a session's frames are held back (the client gets the
        /// newest frame once it reads again), so a slow client costs at most this much memory.
        public var outputHighWater: Int
        /// The held-back frame is drawn once the unread bytes drop to this many.
        public var outputLowWater: Int
        /// A session whose client stays over ``outputHighWater`` this long ends
        /// (``EndReason/outputStalled``).
        public var stalledOutput: Duration
        /// A session whose client sends nothing this long ends (``EndReason/idle``); `nil`:
        /// never. Only input counts: a spinner drawing does not keep a session alive.
        public var idleInput: Duration?
        /// How long an ended session's last bytes (the terminal's modes put back, the
        /// goodbye) may wait for a client that reads slowly before its end is reported.
        public var closingGrace: Duration

        /// Limits; by default 1,000 sessions, 64 KiB of unread output (16 KiB to resume),
        /// 10 s stalled, no idle limit, 2 s to close.
        public init(
            sessions: Int = 1000, outputHighWater: Int = 64 * 1024, outputLowWater: Int = 16 * 1024,
            stalledOutput: Duration = .seconds(10), idleInput: Duration? = nil, closingGrace: Duration = .seconds(2)
        ) {
            self.sessions = sessions
            self.outputHighWater = outputHighWater
            self.outputLowWater = outputLowWater
            self.stalledOutput = stalledOutput
            self.idleInput = idleInput
            self.closingGrace = closingGrace
        }
    }

    /// Why a session ended.
    public enum EndReason: Hashable, Sendable, CustomStringConvertible {
        /// The application quit (`Application.quit()`).
        case quit
        /// The person pressed Ctrl-C.
        case interrupted
        /// The client's terminal went away (end of input).
        case hungUp
        /// The client stopped reading: its output stayed over the high-water mark for
        /// ``Limits/stalledOutput``.
        case outputStalled
        /// The client sent nothing for ``Limits/idleInput``.
        case idle
        /// The host ended it (``SessionHost/end(_:)``), or the server shut down.
        case shutdown

        /// One word for a log line: `quit`, `interrupted`, `hungUp`, `outputStalled`,
        /// `idle`, `shutdown`.
        public var description: String {
            switch self {
            case .quit: "quit"
            case .interrupted: "interrupted"
            case .hungUp: "hungUp"
            case .outputStalled: "outputStalled"
            case .idle: "idle"
            case .shutdown: "shutdown"
            }
        }
    }

    /// Why the host did not start a session.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// The host already serves ``Limits/sessions`` sessions.
        case sessionLimit(Int)
        /// The host is shutting down.
        case shuttingDown

        /// A line for the client and the log.
        public var description: String {
            switch self {
            case .sessionLimit(let limit):
                "the server already serves its limit of \(limit) sessions (SessionHost.Limits.sessions): try again later"
            case .shuttingDown: "the server is shutting down: no new sessions"
            }
        }
    }

    /// What the host reports when a session ended and its terminal was given back.
    public struct Ended: Sendable {
        /// The session's number, as ``Session/id`` said.
        public var id: Int
        /// Why it ended.
        public var reason: EndReason
        /// What the application's run failed with (its `run()` would have thrown it): for a
        /// conversation whose input ended before the form was complete, the
        /// `AccessibleInputError` that says which question was left; `nil` otherwise.
        public var error: (any Error)?
        /// How long it ran.
        public var duration: Duration
        /// How many bytes it sent its client, and how many it dropped for a client that
        /// stopped reading.
        public var bytesWritten: Int
        /// How many output bytes were never sent (a stalled client's, at its end).
        public var bytesDropped: Int
    }
}

extension SessionHost.EndReason {
    /// The end that `exit` describes: a hang-up arrives as `SIGHUP` (a hosted session takes
    /// no real signals).
    init(_ exit: Application.Exit) {
        switch exit {
        case .quit: self = .quit
        case .interrupted: self = .interrupted
        case .terminated(let signal): self = signal == SIGHUP ? .hungUp : .shutdown
        }
    }
}
