import TetherReactive

/// Running: start the backend, then let a driver wait for input and draw.
extension Application: RunLoopClient {
    /// Sets the terminal up, draws, and handles input until ``quit()`` or a signal; then
    /// restores the terminal and returns how the run ended.
    ///
    /// For `async` programs, where Dispatch owns the main thread: a ``PollingBackend`` is
    /// waited on by a helper thread that hands each wake-up to the main queue; other
    /// backends push their events. ``runOnMainThread()`` is faster where it can be used.
    ///
    /// - Throws: The backend's error when the terminal cannot be set up (no controlling
    ///   terminal, unknown `TERM`); nothing has been drawn then. ``AccessibleInputError``
    ///   when the accessible presentation's input ends before the form is complete. `CancellationError` when
    ///   the task running it is cancelled (a sibling in a task group threw): the terminal
    ///   is restored first.
    public func run() async throws -> Exit {
        renderer.trigger = .mainQueue
        running = true
        try start()
        defer { backend.stop() }
        let loop = backend.features.polling.map { DispatchLoop(backend: $0, client: self) }
        defer { loop?.stop() }
        renderIfNeeded()
        loop?.start()
        if let exitReason {
            if let runError { throw runError }
            return exitReason
        }
        // Without the cancellation handler a cancelled run would wait for ever, and the
        // terminal would never be given back.
        let exit: Exit? = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: nil)
                } else {
                    exitContinuation = continuation
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.cancelRun() }
        }
        guard let exit else { throw CancellationError() }
        if let runError { throw runError }
        return exit
    }

    /// Sets the terminal up, draws, and handles input until ``quit()`` or a signal, on the
    /// calling thread with Tether's own event loop; then restores the terminal and returns
    /// how the run ended.
    ///
    /// Call it from a synchronous `main` (a `ParsableCommand`, top-level code that does
    /// not `await`). One thread waits with `poll(2)` on the terminal, the signal pipe and
    /// the main dispatch queue, and draws as soon as a key has been handled, so a
    /// keystroke costs one thread wake-up. Work for the main actor (tasks,
    /// `MainScheduler` timers, `DispatchQueue.main`) runs between input batches, on this
    /// thread.
    ///
    /// - Throws: ``RunLoopError`` when the backend is not a ``PollingBackend`` or the
    ///   caller is not the main thread of a program that has kept it (an `async` main
    ///   has handed it to Dispatch; use ``run()`` there); the backend's error when the
    ///   terminal cannot be set up. Nothing has been drawn then. ``AccessibleInputError``
    ///   when the accessible presentation's input ends before the form is complete.
    public func runOnMainThread() throws -> Exit {
        guard let polling = backend.features.polling else { throw RunLoopError.backendNotPollable }
        let loop = try MainThreadLoop(backend: polling)
        renderer.trigger = .caller
        running = true
        try start()
        defer { backend.stop() }
        try loop.run(self)
        if let runError { throw runError }
        return exitReason ?? .quit
    }

    /// `true` once the run has an exit reason.
    package var isFinished: Bool { exitReason != nil }

    /// Starts the application for a driver outside it (a session host, which waits on the
    /// backend's descriptors with those of other sessions): draws asked for outside input are
    /// scheduled on the main queue, as under ``run()``; the driver hands input to the backend
    /// and calls ``renderIfNeeded()``, and `finished` runs once when the run ends.
    package func startDriven(finished: @escaping () -> Void) throws {
        renderer.trigger = .mainQueue
        running = true
        onFinish = finished
        try start()
        renderIfNeeded()
    }

    /// Starts the backend without waiting; the caller drives rendering (the test pilot).
    package func start() throws {
        guard !started else { return }
        try backend.start { [weak self] event in self?.handle(event) }
        themedBackground = backend.capabilities.background
        started = true
        focusController.focusFirstIfNeeded()
        renderer.setNeedsLayout()
        backend.features.driver?.drive(self)
    }

    /// Lays out (when needed) and draws what changed, then presents the frame. Once a
    /// running application has its exit reason it draws no more.
    package func renderIfNeeded() {
        guard exitReason == nil || !running else { return }
        withDiagnostics { renderer.render() }
    }

    /// Ends a waiting ``run()`` whose task was cancelled.
    private func cancelRun() {
        guard let continuation = exitContinuation else { return }
        exitContinuation = nil
        continuation.resume(returning: nil)
    }
}
