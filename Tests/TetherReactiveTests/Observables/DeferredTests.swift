import Testing
import TetherReactive

@MainActor
@Suite("Observable.deferred")
struct DeferredTests {
    @Test("calls the factory once per subscription, not when created")
    func factoryPerSubscription() {
        var calls = 0
        let source = Observable<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        #expect(calls == 0)
        let first = Recorder<Int>(), second = Recorder<Int>()
        _ = source.subscribe(first)
        _ = source.subscribe(second)
        #expect(calls == 2)
        #expect(first.descriptions == ["next(1)", "completed"])
        #expect(second.descriptions == ["next(2)", "completed"])
    }

    @Test("disposing the subscription disposes the subscription to the factory's observable")
    func disposesInner() {
        let subject = PublishSubject<Int>()
        let subscription = Observable.deferred { subject.asObservable() }.subscribe(Recorder<Int>())
        #expect(subject.hasObservers)
        subscription.dispose()
        #expect(!subject.hasObservers)
    }
}
