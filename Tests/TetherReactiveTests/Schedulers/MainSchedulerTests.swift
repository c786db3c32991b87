import Testing
import TetherReactive

@MainActor
@Suite("MainScheduler")
struct MainSchedulerTests {
    @Test("schedule runs the action inline when nothing is queued")
    func inline() {
        var ran = false
        MainScheduler.instance.schedule { ran = true }
        #expect(ran)
    }

    @Test("an action scheduled by a running action runs after it, not inside it, in order")
    func nestedRunsAfter() {
        let log = Log()
        MainScheduler.instance.schedule {
            log("a start")
            MainScheduler.instance.schedule {
                log("b")
                MainScheduler.instance.schedule { log("d") }
            }
            MainScheduler.instance.schedule { log("c") }
            log("a end")
        }
        #expect(log.entries == ["a start", "a end", "b", "c", "d"])
    }

    @Test("a queued action disposed before it runs never runs")
    func cancelQueued() {
        var ran = false
        MainScheduler.instance.schedule {
            let queued = MainScheduler.instance.schedule { ran = true }
            queued.dispose()
        }
        #expect(!ran)
    }

    @Test("now advances with the continuous clock")
    func now() {
        let first = MainScheduler.instance.now
        let second = MainScheduler.instance.now
        #expect(second >= first)
        #expect(first >= .zero)
    }

    @Test("a delayed action runs on the main queue once its delay has passed", .timeLimit(.minutes(1)))
    func delayed() async {
        let scheduler = MainScheduler.instance
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            scheduler.schedule(after: .milliseconds(2)) { continuation.resume() }
        }
    }

    @Test("a delayed action disposed before its delay never runs", .timeLimit(.minutes(1)))
    func delayedCancelled() async {
        let scheduler = MainScheduler.instance
        var ran = false
        let cancelled = scheduler.schedule(after: .milliseconds(1)) { ran = true }
        cancelled.dispose()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            scheduler.schedule(after: .milliseconds(5)) { continuation.resume() }
        }
        #expect(!ran)
    }
}
