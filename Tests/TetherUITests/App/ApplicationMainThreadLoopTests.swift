import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// `runOnMainThread()` refuses, with a clear error and before touching the terminal,
/// whatever it cannot drive. (Its loop itself runs in the login demo, tested end to end
/// in tmux: keys, Escape, resize, signals, Ctrl-Z, async sign-in.)
@MainActor
@Suite("Application.runOnMainThread() preconditions")
struct ApplicationMainThreadLoopTests {
    /// A backend that can be polled and records whether anyone started it.
    private final class RecordingPollingBackend: PollingBackend {
        var size = Size(width: 20, height: 2)
        var capabilities = TerminalCapabilities(colors: 0, mouse: false)
        var features: BackendFeatures { BackendFeatures(events: .polled(self), screen: .whole, suspension: nil) }
        var started = false
        var presented = 0
        func start(_ handler: @escaping (TerminalEvent) -> Void) throws { started = true }
        func present(_ frame: Frame, cursor: Point?) { presented += 1 }
        func stop() {}
        var pollDescriptors: [Int32] { [] }
        var pollTimeout: Duration? { nil }
        func processPendingInput() {}
    }

    private func form() -> Form {
        let form = Form()
        form.addField("Name", TextField())
        return form
    }

    @Test("a backend that cannot be polled is refused with backendNotPollable, and never started")
    func refusesBackendThatCannotBePolled() {
        let backend = HeadlessBackend(size: Size(width: 20, height: 2))
        let app = Application(root: form(), backend: backend, scheduler: TestScheduler())
        #expect(throws: Application.RunLoopError.backendNotPollable) { try app.runOnMainThread() }
        #expect(!backend.isRunning)
        #expect(backend.presentCount == 0)
    }

    @Test(
        "called where Dispatch owns the main thread (an async main, as under swift test) it throws notOnMainThread and draws nothing"
    )
    func refusesWhenDispatchOwnsTheMainThread() {
        let backend = RecordingPollingBackend()
        let app = Application(root: form(), backend: backend, scheduler: TestScheduler())
        #expect(throws: Application.RunLoopError.notOnMainThread) { try app.runOnMainThread() }
        #expect(!backend.started)
        #expect(backend.presented == 0)
    }

    @Test("each refusal says what to use instead")
    func refusalsNameTheAlternative() {
        #expect(Application.RunLoopError.notOnMainThread.description.contains("use run()"))
        #expect(Application.RunLoopError.backendNotPollable.description.contains("use run()"))
    }
}
