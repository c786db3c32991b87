extension Scheduler {
    /// Suspends the calling task until `duration` has passed on this scheduler.
    ///
    /// On a ``TestScheduler`` the task resumes when the test advances virtual time past the
    /// deadline (and lets the task run, for instance with `await Task.yield()`).
    ///
    /// - Throws: `CancellationError` when the task is cancelled before the time is up;
    ///   the timer is cancelled with it.
    public func sleep(for duration: Duration) async throws {
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                guard !Task.isCancelled else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                sleeper.continuation = continuation
                sleeper.timer = schedule(after: duration) { sleeper.resume(with: .success(())) }
            }
        } onCancel: {
            let handle = SleeperHandle(sleeper)
            Task { @MainActor in handle.sleeper.resume(with: .failure(CancellationError())) }
        }
    }
}

@MainActor
private final class Sleeper {
    var continuation: CheckedContinuation<Void, any Error>?
    var timer: (any Disposable)?

    func resume(with result: Result<Void, any Error>) {
        timer?.dispose()
        timer = nil
        guard let continuation else { return }
        self.continuation = nil
        continuation.resume(with: result)
    }
}

/// Carries a ``Sleeper`` into the `@Sendable` cancellation handler.
///
/// `@unchecked Sendable`: the sleeper is only touched inside `Task { @MainActor in … }`.
private final class SleeperHandle: @unchecked Sendable {
    let sleeper: Sleeper
    init(_ sleeper: Sleeper) { self.sleeper = sleeper }
}
