extension Application {
    /// Why ``Application/runOnMainThread()`` could not run.
    public enum RunLoopError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The caller is not the process's main thread, or Dispatch owns the main queue
        /// (an `async` main): use ``Application/run()``.
        case notOnMainThread
        /// The backend is not a ``PollingBackend``: use ``Application/run()``.
        case backendNotPollable
        /// `poll(2)` failed with `errno`.
        case pollFailed(errno: Int32)

        public var description: String {
            switch self {
            case .notOnMainThread:
                "runOnMainThread() must be called on the main thread from a synchronous main; use run() from async code"
            case .backendNotPollable: "the backend cannot be polled; use run()"
            case .pollFailed(let code): "waiting for input failed (errno \(code))"
            }
        }
    }
}

/// What a run driver needs from the application it drives.
@MainActor
protocol RunLoopClient: AnyObject {
    /// `true` once the run has an exit reason: the driver stops.
    var isFinished: Bool { get }
    /// Draws what changed since the last frame.
    func renderIfNeeded()
}

/// `duration` in whole milliseconds for `poll`, rounded up so a loop never wakes before
/// the deadline; -1 (no limit) for `nil`.
package func pollMilliseconds(_ duration: Duration?) -> Int32 {
    guard let duration else { return -1 }
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 || attoseconds > 0 else { return 0 }
    let milliseconds =
        max(0, seconds) * 1000
        + (max(0, attoseconds) + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: milliseconds)
}
