import Testing
import TetherReactive

@MainActor
@Suite("take")
struct TakeTests {
    @Test("passes the first count values, then completes")
    func takesFirst() {
        let recorder = Recorder<Int>()
        _ = Observable.from(1...5).take(2).subscribe(recorder)
        #expect(recorder.descriptions == ["next(1)", "next(2)", "completed"])
    }

    @Test("take(0) completes at once without subscribing the source")
    func takeZero() {
        var subscribed = false
        let source = Observable<Int>.create { _ in
            subscribed = true
            return Disposables.create()
        }
        let recorder = Recorder<Int>()
        _ = source.take(0).subscribe(recorder)
        #expect(recorder.descriptions == ["completed"])
        #expect(!subscribed)
    }

    @Test("disposes the source once the count is reached")
    func disposesUpstream() {
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = subject.take(2).subscribe(recorder)
        subject.onNext(1)
        #expect(subject.hasObservers)
        subject.onNext(2)
        #expect(!subject.hasObservers)
        #expect(recorder.descriptions == ["next(1)", "next(2)", "completed"])
    }

    @Test("disposes a synchronous source that reaches the count while it is being subscribed")
    func disposesSynchronousUpstream() {
        var disposed = false
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            return Disposables.create { disposed = true }
        }
        let recorder = Recorder<Int>()
        _ = source.take(1).subscribe(recorder)
        #expect(recorder.descriptions == ["next(1)", "completed"])
        #expect(disposed)
    }

    @Test("forwards a completion or error that comes before the count")
    func earlyTerminal() {
        let completed = Recorder<Int>(), failed = Recorder<Int>()
        _ = Observable.just(1).take(3).subscribe(completed)
        _ = Observable<Int>.error(TestError()).take(3).subscribe(failed)
        #expect(completed.descriptions == ["next(1)", "completed"])
        #expect(failed.error as? TestError == TestError())
    }
}

@MainActor
@Suite("take(until:)")
struct TakeUntilTests {
    @Test("passes values until the trigger emits, then completes and disposes both")
    func untilTriggerEmits() {
        let source = PublishSubject<Int>(), trigger = PublishSubject<Void>()
        let recorder = Recorder<Int>()
        _ = source.take(until: trigger).subscribe(recorder)
        source.onNext(1)
        trigger.onNext(())
        source.onNext(2)
        #expect(recorder.descriptions == ["next(1)", "completed"])
        #expect(!source.hasObservers)
        #expect(!trigger.hasObservers)
    }

    @Test("completes when the trigger completes")
    func untilTriggerCompletes() {
        let source = PublishSubject<Int>(), trigger = PublishSubject<Void>()
        let recorder = Recorder<Int>()
        _ = source.take(until: trigger).subscribe(recorder)
        trigger.onCompleted()
        #expect(recorder.descriptions == ["completed"])
        #expect(!source.hasObservers)
    }

    @Test("forwards the trigger's error")
    func triggerError() {
        let source = PublishSubject<Int>(), trigger = PublishSubject<Void>()
        let recorder = Recorder<Int>()
        _ = source.take(until: trigger).subscribe(recorder)
        trigger.onError(TestError(code: 3))
        #expect(recorder.error as? TestError == TestError(code: 3))
        #expect(!source.hasObservers)
    }

    @Test("a trigger that fires while subscribing completes at once without subscribing the source")
    func synchronousTrigger() {
        let source = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = source.take(until: Observable.just(())).subscribe(recorder)
        #expect(recorder.descriptions == ["completed"])
        #expect(!source.hasObservers)
    }

    @Test("the source's completion disposes the trigger subscription")
    func sourceCompletionDisposesTrigger() {
        let source = PublishSubject<Int>(), trigger = PublishSubject<Void>()
        let recorder = Recorder<Int>()
        _ = source.take(until: trigger).subscribe(recorder)
        source.onCompleted()
        #expect(recorder.descriptions == ["completed"])
        #expect(!trigger.hasObservers)
    }
}
