import Testing
import TetherReactive

@MainActor
@Suite("Observable")
struct ObservableTests {
    @Test("an observable is a recipe: nothing runs until it is subscribed, and each subscription runs it anew")
    func lazyAndPerSubscription() {
        var runs = 0
        let source = Observable<Int>.create { observer in
            runs += 1
            observer.onNext(runs)
            return Disposables.create()
        }
        #expect(runs == 0)
        let first = Recorder<Int>(), second = Recorder<Int>()
        _ = source.subscribe(first)
        _ = source.subscribe(second)
        #expect(runs == 2)
        #expect(first.values == [1])
        #expect(second.values == [2])
    }

    @Test("asObservable of an observable delivers the same events")
    func asObservable() {
        let recorder = Recorder<Int>()
        _ = Observable.just(1).asObservable().subscribe(recorder)
        #expect(recorder.descriptions == ["next(1)", "completed"])
    }

    @Test("subscribing an AnyObserver delivers every event to it")
    func subscribeAnyObserver() {
        let recorder = Recorder<Int>()
        _ = Observable.from([1, 2]).subscribe(recorder.asObserver())
        #expect(recorder.descriptions == ["next(1)", "next(2)", "completed"])
    }
}
