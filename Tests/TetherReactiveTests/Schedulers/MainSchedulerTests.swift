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

    @Test("now advances with the continuous clock: by at least the time slept", .timeLimit(.minutes(1)))
    func now() async throws {
        let first = MainScheduler.instance.now
        try await Task.sleep(for: .milliseconds(20))
        let second = MainScheduler.instance.now
        #expect(first >= .zero)
        #expect(second - first >= .milliseconds(20))
    }

    @Test(
        "delayed actions run on the main queue once their delay has passed on the wall clock, shortest first",
        .timeLimit(.minutes(1)))
    func delayed() async {
        let scheduler = MainScheduler.instance
        let clock = ContinuousClock()
        let start = clock.now
        var ran: [(name: String, elapsed: Duration)] = []
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            scheduler.schedule(after: .milliseconds(40)) {
                ran.append(("long", start.duration(to: clock.now)))
                continuation.resume()
            }
            scheduler.schedule(after: .milliseconds(15)) { ran.append(("short", start.duration(to: clock.now))) }
        }
        #expect(ran.map { $0.name } == ["short", "long"])
        #expect(ran.first.map { $0.elapsed >= .milliseconds(15) } == true)
        #expect(ran.last.map { $0.elapsed >= .milliseconds(40) } == true)
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
