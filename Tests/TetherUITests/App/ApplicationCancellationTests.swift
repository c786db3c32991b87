import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// `run()` inside structured concurrency: when its task is cancelled (a sibling task in
/// a group threw), it must give the terminal back instead of waiting for ever.
@MainActor
@Suite("Application.run() and cancellation")
struct ApplicationCancellationTests {
    private struct SiblingFailure: Error {}

    private func makeApp() -> (Application, HeadlessBackend) {
        let form = Form()
        form.addField("Name", TextField())
        let backend = HeadlessBackend(size: Size(width: 20, height: 2))
        return (Application(root: form, backend: backend, scheduler: TestScheduler()), backend)
    }

    /// The result of `task` once it ends, or `nil` when it has not ended within 5 minutes
    /// (a cancelled `run()` that waits for ever): the test then fails instead of hanging.
    /// Unloaded it ends within milliseconds; the deadline is long because every main-actor
    /// test shares the main thread, which a fuzzing suite under a sanitizer can hold for
    /// tens of seconds.
    private func outcome<Success: Sendable>(of task: Task<Success, any Error>) async -> Result<Success, any Error>? {
        var ended = false
        Task { @MainActor in
            _ = await task.result
            ended = true
        }
        let deadline = ContinuousClock.now + .seconds(300)
        while !ended && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return ended ? await task.result : nil
    }

    /// Whether `result` is a failure with an error of type `E`.
    private func failed<Success, E: Error>(_ result: Result<Success, any Error>?, with _: E.Type) -> Bool {
        if case .failure(let error) = result { return error is E }
        return false
    }

    @Test("cancelling the task running run() stops the backend and throws CancellationError")
    func cancelStopsBackend() async throws {
        let (app, backend) = makeApp()
        let run = Task { try await app.run() }
        while !backend.isRunning { await Task.yield() }
        run.cancel()
        let result = await outcome(of: run)
        #expect(failed(result, with: CancellationError.self), "run() ended with \(String(describing: result))")
        #expect(!backend.isRunning)
        #expect(backend.presentCount >= 1)
    }

    @Test("an error thrown beside run() in a task group reaches the caller after the backend stopped")
    func siblingErrorEndsRun() async throws {
        let (app, backend) = makeApp()
        let group = Task {
            try await withThrowingTaskGroup(of: Application.Exit.self) { group in
                group.addTask { try await app.run() }
                group.addTask {
                    while await !backend.isRunning { await Task.yield() }
                    throw SiblingFailure()
                }
                while try await group.next() != nil {}
            }
        }
        let result = await outcome(of: group)
        #expect(failed(result, with: SiblingFailure.self), "the group ended with \(String(describing: result))")
        #expect(!backend.isRunning)
    }

    @Test("a run cancelled before it starts waiting still stops the backend")
    func cancelledBeforeWaiting() async throws {
        let (app, backend) = makeApp()
        let run = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await app.run()
        }
        let result = await outcome(of: run)
        #expect(failed(result, with: CancellationError.self), "run() ended with \(String(describing: result))")
        #expect(!backend.isRunning)
        #expect(backend.presentCount == 1)
    }
}
