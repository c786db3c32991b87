import Testing
import TetherReactive

@MainActor
@Suite("Scheduler.sleep(for:)")
struct SchedulerSleepTests {
    @MainActor final class State {
        var woke = false
        var threw: (any Error)?
    }

    @Test("a sleeping task resumes once virtual time passes the deadline, not before")
    func resumesAtDeadline() async {
        let scheduler = TestScheduler()
        let state = State()
        let sleeper = Task { @MainActor in
            try await scheduler.sleep(for: .seconds(2))
            state.woke = true
        }
        #expect(await eventually { scheduler.pendingCount == 1 })
        scheduler.advance(by: .seconds(1))
        for _ in 0..<100 { await Task.yield() }
        #expect(!state.woke)
        scheduler.advance(by: .seconds(1))
        #expect(await eventually { state.woke })
        _ = try? await sleeper.value
    }

    @Test("cancelling a sleeping task throws CancellationError and cancels its timer")
    func cancellation() async {
        let scheduler = TestScheduler()
        let state = State()
        let sleeper = Task { @MainActor in
            do {
                try await scheduler.sleep(for: .seconds(5))
                state.woke = true
            } catch {
                state.threw = error
            }
        }
        #expect(await eventually { scheduler.pendingCount == 1 })
        sleeper.cancel()
        await sleeper.value
        #expect(state.threw is CancellationError)
        #expect(!state.woke)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("a task cancelled before it sleeps throws at once without scheduling a timer")
    func alreadyCancelled() async {
        let scheduler = TestScheduler()
        let state = State()
        let sleeper = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await scheduler.sleep(for: .seconds(5))
                state.woke = true
            } catch {
                state.threw = error
            }
        }
        await sleeper.value
        #expect(state.threw is CancellationError)
        #expect(scheduler.pendingCount == 0)
    }
}
