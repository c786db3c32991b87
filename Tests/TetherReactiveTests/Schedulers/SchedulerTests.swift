import Testing
import TetherReactive

@MainActor
@Suite("Periodic scheduling, interval and timer")
struct SchedulerTests {
    @Test("schedulePeriodic runs every period, first after one period")
    func periodic() {
        let scheduler = TestScheduler()
        let log = Log()
        let timer = scheduler.schedulePeriodic(every: .seconds(2)) { log("\(scheduler.now)") }
        scheduler.advance(by: .seconds(1))
        #expect(log.entries.isEmpty)
        scheduler.advance(by: .seconds(5))
        #expect(log.entries == ["2.0 seconds", "4.0 seconds", "6.0 seconds"])
        timer.dispose()
    }

    @Test("disposing a periodic schedule stops it, even from inside its action")
    func periodicDispose() {
        let scheduler = TestScheduler()
        var ticks = 0
        var timer: (any Disposable)?
        timer = scheduler.schedulePeriodic(every: .seconds(1)) {
            ticks += 1
            if ticks == 2 { timer?.dispose() }
        }
        scheduler.advance(by: .seconds(10))
        #expect(ticks == 2)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("a periodic timer does not keep its scheduler alive")
    func periodicHoldsSchedulerWeakly() {
        var scheduler: TestScheduler? = TestScheduler()
        let released = Weak(scheduler)
        let timer = scheduler?.schedulePeriodic(every: .seconds(1)) {}
        scheduler = nil
        #expect(released.object == nil)
        timer?.dispose()
    }

    @Test("interval emits 0, 1, 2… every period, starting one period after subscription")
    func interval() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        let subscription = Observable.interval(.seconds(1), scheduler: scheduler).subscribe(recorder)
        scheduler.advance(by: .milliseconds(999))
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: .milliseconds(2_001))
        #expect(recorder.values == [0, 1, 2])
        subscription.dispose()
        scheduler.advance(by: .seconds(5))
        #expect(recorder.values == [0, 1, 2])
        #expect(scheduler.pendingCount == 0)
    }

    @Test("each interval subscription counts from 0")
    func intervalPerSubscription() {
        let scheduler = TestScheduler()
        let source = Observable.interval(.seconds(1), scheduler: scheduler)
        let first = Recorder<Int>()
        let a = source.subscribe(first)
        scheduler.advance(by: .seconds(2))
        let second = Recorder<Int>()
        let b = source.subscribe(second)
        scheduler.advance(by: .seconds(1))
        #expect(first.values == [0, 1, 2])
        #expect(second.values == [0])
        a.dispose()
        b.dispose()
    }

    @Test("timer emits 0 once after its delay, then completes")
    func timer() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        _ = Observable.timer(.seconds(3), scheduler: scheduler).subscribe(recorder)
        scheduler.advance(by: .seconds(2))
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.descriptions == ["next(0)", "completed"])
    }

    @Test("a timer disposed before its delay emits nothing")
    func timerDisposed() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        let subscription = Observable.timer(.seconds(3), scheduler: scheduler).subscribe(recorder)
        subscription.dispose()
        scheduler.advance(by: .seconds(5))
        #expect(recorder.events.isEmpty)
    }
}
