import Testing
import TetherReactive

@MainActor
@Suite("debounce")
struct DebounceTests {
    @Test("emits a value only after the due time passes without another value")
    func emitsAfterQuietPeriod() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        subject.debounce(.seconds(1), scheduler: scheduler).subscribe(recorder).disposed(by: bag)
        subject.onNext(1)
        scheduler.advance(by: .milliseconds(500))
        subject.onNext(2)
        scheduler.advance(by: .milliseconds(999))
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == [2])
        #expect(scheduler.now == .milliseconds(1_500))
    }

    @Test("values separated by more than the due time are all emitted")
    func separatedValues() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        subject.debounce(.seconds(1), scheduler: scheduler).subscribe(recorder).disposed(by: bag)
        subject.onNext(1)
        scheduler.advance(by: .seconds(2))
        subject.onNext(2)
        scheduler.advance(by: .seconds(2))
        #expect(recorder.values == [1, 2])
    }

    @Test("completion emits the pending value first, then completes")
    func completionFlushes() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = subject.debounce(.seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.onNext(1)
        subject.onCompleted()
        #expect(recorder.descriptions == ["next(1)", "completed"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test("an error is forwarded at once and the pending value dropped")
    func errorDropsPending() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = subject.debounce(.seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.onNext(1)
        subject.onError(TestError())
        scheduler.advance(by: .seconds(2))
        #expect(recorder.events.count == 1)
        #expect(recorder.error as? TestError == TestError())
    }

    @Test("disposing cancels the pending timer")
    func disposeCancels() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let subscription = subject.debounce(.seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.onNext(1)
        subscription.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(2))
        #expect(recorder.events.isEmpty)
    }
}
