import Testing
import TetherReactive

@MainActor
@Suite("observe(on:)")
struct ObserveOnTests {
    @Test("delivers every event through the scheduler, in order")
    func deliversThroughScheduler() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = subject.observe(on: scheduler).subscribe(recorder)
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: .zero)
        #expect(recorder.descriptions == ["next(1)", "next(2)", "completed"])
    }

    @Test("events still waiting on the scheduler are dropped when the subscription is disposed")
    func disposeDropsPending() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let subscription = subject.observe(on: scheduler).subscribe(recorder)
        subject.onNext(1)
        subscription.dispose()
        scheduler.advance(by: .zero)
        #expect(recorder.events.isEmpty)
        #expect(!subject.hasObservers)
    }

    @Test("with the main scheduler an event is delivered inline when nothing is queued")
    func mainSchedulerInline() {
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let subscription = subject.observe(on: MainScheduler.instance).subscribe(recorder)
        subject.onNext(1)
        #expect(recorder.values == [1])
        subscription.dispose()
    }
}
