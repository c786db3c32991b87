import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// `run()` inside structured concurrency: when its task is cancelled (a sibling task in
/// a group threw), it must give the terminal back instead of waiting for ever. The time
/// limit turns such a hang into a failure.
@MainActor
@Suite("Application.run() and cancellation", .timeLimit(.minutes(1)))
struct ApplicationCancellationTests {
    private struct SiblingFailure: Error {}

    private func makeApp() -> (Application, HeadlessBackend) {
        let form = Form()
        form.addField("Name", TextField())
        let backend = HeadlessBackend(size: Size(width: 20, height: 2))
        return (Application(root: form, backend: backend, scheduler: TestScheduler()), backend)
    }

    @Test("cancelling the task running run() stops the backend and throws CancellationError")
    func cancelStopsBackend() async throws {
        let (app, backend) = makeApp()
        let run = Task { try await app.run() }
        while !backend.isRunning { await Task.yield() }
        run.cancel()
        await #expect(throws: CancellationError.self) { try await run.value }
        #expect(!backend.isRunning)
        #expect(backend.presentCount >= 1)
    }

    @Test("an error thrown beside run() in a task group reaches the caller after the backend stopped")
    func siblingErrorEndsRun() async throws {
        let (app, backend) = makeApp()
        await #expect(throws: SiblingFailure.self) {
            try await withThrowingTaskGroup(of: Application.Exit.self) { group in
                group.addTask { try await app.run() }
                group.addTask {
                    while await !backend.isRunning { await Task.yield() }
                    throw SiblingFailure()
                }
                while try await group.next() != nil {}
            }
        }
        #expect(!backend.isRunning)
    }

    @Test("a run cancelled before it starts waiting still stops the backend")
    func cancelledBeforeWaiting() async throws {
        let (app, backend) = makeApp()
        let run = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await app.run()
        }
        await #expect(throws: CancellationError.self) { try await run.value }
        #expect(!backend.isRunning)
        #expect(backend.presentCount == 1)
    }
}
