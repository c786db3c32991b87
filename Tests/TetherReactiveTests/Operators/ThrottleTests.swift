import Testing
import TetherReactive

@MainActor
@Suite("throttle")
struct ThrottleTests {
    @Test("the first value passes at once; the latest of a window is emitted when the window closes")
    func latest() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        subject.throttle(.seconds(1), scheduler: scheduler).subscribe(recorder).disposed(by: bag)
        subject.onNext(1)
        #expect(recorder.values == [1])
        scheduler.advance(by: .milliseconds(300))
        subject.onNext(2)
        subject.onNext(3)
        scheduler.advance(by: .milliseconds(699))
        #expect(recorder.values == [1])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == [1, 3])
    }

    @Test("with latest, a value arriving exactly at a window's end after a pending one waits for the next window")
    func valueAtWindowEndWithPending() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        subject.throttle(.seconds(1), latest: true, scheduler: scheduler).subscribe(recorder).disposed(by: bag)
        let send = scheduler.schedule(after: .seconds(1)) { subject.onNext(3) }
        defer { send.dispose() }
        subject.onNext(1)  // passes and opens the window [0, 1 s)
        scheduler.advance(by: .milliseconds(500))
        subject.onNext(2)  // pending
        scheduler.advance(by: .milliseconds(500))
        // At 1 s: 2 is emitted (it was pending), which opens [1 s, 2 s); 3 is that window's pending value.
        #expect(recorder.values == [1, 2])
        scheduler.advance(by: .milliseconds(999))
        #expect(recorder.values == [1, 2])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == [1, 2, 3])
    }

    @Test("a value emitted at a window's close opens a new window")
    func windowReopens() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        subject.throttle(.seconds(1), scheduler: scheduler).subscribe(recorder).disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        scheduler.advance(by: .seconds(1))
        subject.onNext(3)
        scheduler.advance(by: .milliseconds(999))
        #expect(recorder.values == [1, 2])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == [1, 2, 3])
    }

    @Test(
        "a value exactly dueTime after the last emitted one passes whether its event was scheduled before or after the window's timer",
        arguments: [true, false], [true, false])
    func valueAtWindowEnd(scheduledBeforeTimer: Bool, latest: Bool) {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        subject.throttle(.seconds(1), latest: latest, scheduler: scheduler).subscribe(recorder).disposed(by: bag)
        var send: (any Disposable)?
        if scheduledBeforeTimer { send = scheduler.schedule(after: .seconds(1)) { subject.onNext(2) } }
        subject.onNext(1)  // opens the window and schedules its timer for t = 1 s
        if !scheduledBeforeTimer { send = scheduler.schedule(after: .seconds(1)) { subject.onNext(2) } }
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == [1, 2])
        // 2 opened a new window: a value inside it waits (or is dropped), one at its end passes.
        subject.onNext(3)
        scheduler.advance(by: .milliseconds(999))
        #expect(recorder.values == [1, 2])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == (latest ? [1, 2, 3] : [1, 2]))
        _ = send
    }

    @Test("after a quiet window the next value passes at once")
    func quietWindow() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        subject.throttle(.seconds(1), scheduler: scheduler).subscribe(recorder).disposed(by: bag)
        subject.onNext(1)
        scheduler.advance(by: .seconds(5))
        subject.onNext(2)
        #expect(recorder.values == [1, 2])
    }

    @Test("with latest false, values during a window are dropped")
    func notLatest() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        subject.throttle(.seconds(1), latest: false, scheduler: scheduler).subscribe(recorder).disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        scheduler.advance(by: .seconds(1))
        subject.onNext(3)
        #expect(recorder.values == [1, 3])
    }

    @Test("completion emits nothing more, even a pending value")
    func completion() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = subject.throttle(.seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        scheduler.advance(by: .seconds(2))
        #expect(recorder.descriptions == ["next(1)", "completed"])
    }

    @Test("an error is forwarded at once")
    func error() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = subject.throttle(.seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.onNext(1)
        subject.onNext(2)
        subject.onError(TestError())
        scheduler.advance(by: .seconds(2))
        #expect(recorder.descriptions == ["next(1)", "error(TestError(code: 1))"])
    }
}
