import Testing
import TetherReactive

@MainActor
@Suite("TestScheduler")
struct TestSchedulerTests {
    @Test("runs actions in due-time order, and in scheduling order at the same time")
    func ordering() {
        let scheduler = TestScheduler()
        let log = Log()
        scheduler.schedule(after: .seconds(2)) { log("b") }
        scheduler.schedule(after: .seconds(1)) { log("a1") }
        scheduler.schedule(after: .seconds(1)) { log("a2") }
        scheduler.schedule(after: .seconds(3)) { log("c") }
        scheduler.advance(by: .seconds(3))
        #expect(log.entries == ["a1", "a2", "b", "c"])
    }

    @Test("time stands still until advanced, and advancing runs only the actions due by then")
    func advanceRunsDueActions() {
        let scheduler = TestScheduler(start: .seconds(10))
        let log = Log()
        scheduler.schedule(after: .seconds(1)) { log("at \(scheduler.now)") }
        scheduler.schedule(after: .seconds(5)) { log("late") }
        #expect(scheduler.now == .seconds(10))
        scheduler.advance(by: .seconds(2))
        #expect(log.entries == ["at 11.0 seconds"])
        #expect(scheduler.now == .seconds(12))
        #expect(scheduler.pendingCount == 1)
    }

    @Test("schedule queues at the current time; it runs on the next advance, even by zero")
    func scheduleNow() {
        let scheduler = TestScheduler()
        var ran = false
        scheduler.schedule { ran = true }
        #expect(!ran)
        scheduler.advance(by: .zero)
        #expect(ran)
    }

    @Test("an action scheduled while advancing runs in the same advance when it is due")
    func scheduledWhileAdvancing() {
        let scheduler = TestScheduler()
        let log = Log()
        scheduler.schedule(after: .seconds(1)) {
            log("first")
            scheduler.schedule(after: .seconds(1)) { log("second at \(scheduler.now)") }
            scheduler.schedule(after: .seconds(5)) { log("too late") }
        }
        scheduler.advance(to: .seconds(3))
        #expect(log.entries == ["first", "second at 2.0 seconds"])
    }

    @Test("a disposed action never runs and is not counted as pending")
    func cancellation() {
        let scheduler = TestScheduler()
        var ran = false
        let action = scheduler.schedule(after: .seconds(1)) { ran = true }
        #expect(scheduler.pendingCount == 1)
        action.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(2))
        #expect(!ran)
    }

    @Test("disposing a scheduled action releases it at once, before any advance")
    func cancellationReleasesAction() {
        let scheduler = TestScheduler()
        var token: Token? = Token()
        let released = Weak(token)
        let action = scheduler.schedule(after: .seconds(1)) { [token] in _ = token }
        token = nil
        #expect(released.object != nil)
        action.dispose()
        #expect(released.object == nil)
        withExtendedLifetime(scheduler) {}
    }

    @Test("an action can cancel a later one due at the same time")
    func cancelDuringAdvance() {
        let scheduler = TestScheduler()
        var ran = false
        var later: (any Disposable)?
        scheduler.schedule(after: .seconds(1)) { later?.dispose() }
        later = scheduler.schedule(after: .seconds(1)) { ran = true }
        scheduler.advance(by: .seconds(1))
        #expect(!ran)
    }

    @Test("the clock never goes backwards")
    func neverBackwards() {
        let scheduler = TestScheduler(start: .seconds(5))
        scheduler.advance(to: .seconds(2))
        scheduler.advance(by: .seconds(-1))
        #expect(scheduler.now == .seconds(5))
    }

    @Test("negative delays are treated as zero")
    func negativeDelay() {
        let scheduler = TestScheduler()
        var ran = false
        scheduler.schedule(after: .seconds(-3)) { ran = true }
        scheduler.advance(by: .zero)
        #expect(ran)
    }

    @Test("run executes every action, moving the clock to each due time")
    func run() {
        let scheduler = TestScheduler()
        let log = Log()
        scheduler.schedule(after: .seconds(2)) { log("\(scheduler.now)") }
        scheduler.schedule(after: .seconds(7)) { log("\(scheduler.now)") }
        scheduler.run()
        #expect(log.entries == ["2.0 seconds", "7.0 seconds"])
        #expect(scheduler.now == .seconds(7))
        #expect(scheduler.pendingCount == 0)
    }

    @Test("run stops after its limit, so a timer that never ends cannot hang it")
    func runLimit() {
        let scheduler = TestScheduler()
        var ticks = 0
        let timer = scheduler.schedulePeriodic(every: .seconds(1)) { ticks += 1 }
        scheduler.run(limit: 5)
        #expect(ticks == 5)
        timer.dispose()
    }
}
