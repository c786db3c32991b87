import Testing
import TetherReactive

@MainActor
@Suite("merge")
struct MergeTests {
    @Test("emits every value from all sources as it arrives")
    func interleaves() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        Observable.merge([a, b]).subscribe(recorder).disposed(by: bag)
        a.onNext(1)
        b.onNext(2)
        a.onNext(3)
        #expect(recorder.values == [1, 2, 3])
    }

    @Test("completes when all sources have completed")
    func completesWhenAllComplete() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = Observable.merge(a.asObservable(), b.asObservable()).subscribe(recorder)
        a.onCompleted()
        #expect(!recorder.isCompleted)
        b.onNext(1)
        b.onCompleted()
        #expect(recorder.descriptions == ["next(1)", "completed"])
    }

    @Test("fails as soon as one source fails and disposes the others")
    func failsOnError() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = Observable.merge([a, b]).subscribe(recorder)
        a.onError(TestError())
        b.onNext(1)
        #expect(recorder.events.count == 1)
        #expect(!b.hasObservers)
    }

    @Test("a source that fails while being subscribed leaves the remaining sources unsubscribed")
    func stopsSubscribingAtTheFirstFailure() {
        var subscriptions = 0
        let counted = Observable<Int>.create { _ in
            subscriptions += 1
            return Disposables.create()
        }
        let recorder = Recorder<Int>()
        _ = Observable.merge([counted, Observable<Int>.error(TestError()), counted]).subscribe(recorder)
        #expect(subscriptions == 1)
        #expect(recorder.error as? TestError == TestError())
    }

    @Test("merging no sources completes at once")
    func emptyMerge() {
        let recorder = Recorder<Int>()
        _ = Observable<Int>.merge([Observable<Int>]()).subscribe(recorder)
        #expect(recorder.descriptions == ["completed"])
    }
}
