import Testing
import TetherReactive

@MainActor
@Suite("combineLatest")
struct CombineLatestTests {
    @Test("emits only once both sources have emitted, then on every value from either")
    func emissionRule() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let a = PublishSubject<Int>(), b = PublishSubject<String>()
        let recorder = Recorder<String>()
        Observable.combineLatest(a, b) { "\($0)\($1)" }.subscribe(recorder).disposed(by: bag)
        a.onNext(1)
        a.onNext(2)
        #expect(recorder.events.isEmpty)
        b.onNext("x")
        a.onNext(3)
        b.onNext("y")
        #expect(recorder.values == ["2x", "3x", "3y"])
    }

    @Test("the tuple form combines into tuples")
    func tuple() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let recorder = Recorder<(Int, String)>()
        Observable<(Int, String)>.combineLatest(BehaviorRelay(value: 1), BehaviorRelay(value: "a")).subscribe(
            recorder
        ).disposed(by: bag)
        #expect(recorder.values.map { "\($0.0)\($0.1)" } == ["1a"])
    }

    @Test("completes only when both sources have completed")
    func completesWhenBothComplete() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = Observable.combineLatest(a, b, resultSelector: +).subscribe(recorder)
        a.onNext(1)
        b.onNext(2)
        a.onCompleted()
        #expect(!recorder.isCompleted)
        b.onNext(3)
        b.onCompleted()
        #expect(recorder.descriptions == ["next(3)", "next(4)", "completed"])
    }

    @Test("completes at once when a source completes without ever emitting")
    func completesWhenSourceEmpty() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = Observable.combineLatest(a, b, resultSelector: +).subscribe(recorder)
        a.onNext(1)
        b.onCompleted()
        #expect(recorder.descriptions == ["completed"])
        #expect(!a.hasObservers)
    }

    @Test("fails as soon as either source fails and disposes the other")
    func failsOnError() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = Observable.combineLatest(a, b, resultSelector: +).subscribe(recorder)
        b.onError(TestError(code: 2))
        a.onNext(1)
        #expect(recorder.events.count == 1)
        #expect(recorder.error as? TestError == TestError(code: 2))
        #expect(!a.hasObservers)
    }

    @Test("three sources combine once all have emitted")
    func three() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let a = BehaviorRelay(value: 1), b = BehaviorRelay(value: 2), c = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        Observable.combineLatest(a, b, c) { $0 * 100 + $1 * 10 + $2 }.subscribe(recorder).disposed(by: bag)
        #expect(recorder.events.isEmpty)
        c.onNext(3)
        a.accept(4)
        #expect(recorder.values == [123, 423])
    }

    @Test("three sources complete at once when one completes without emitting")
    func threeCompletion() {
        let a = PublishSubject<Int>(), b = BehaviorRelay(value: 2), c = BehaviorRelay(value: 3)
        let recorder = Recorder<(Int, Int, Int)>()
        _ = Observable<(Int, Int, Int)>.combineLatest(a, b, c).subscribe(recorder)
        a.onCompleted()
        #expect(recorder.isCompleted)
        #expect(recorder.values.isEmpty)
    }

    @Test("four sources combine once all have emitted, in argument order")
    func four() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let a = PublishSubject<Int>()
        let recorder = Recorder<(Int, Int, Int, Int)>()
        Observable<(Int, Int, Int, Int)>.combineLatest(
            a, BehaviorRelay(value: 2), BehaviorRelay(value: 3), BehaviorRelay(value: 4)
        )
        .subscribe(recorder).disposed(by: bag)
        a.onNext(1)
        #expect(recorder.values.map { [$0.0, $0.1, $0.2, $0.3] } == [[1, 2, 3, 4]])
    }

    @Test("four sources fail when any fails")
    func fourError() {
        let d = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = Observable.combineLatest(Observable.just(1), Observable.just(2), Observable.just(3), d) {
            $0 + $1 + $2 + $3
        }
        .subscribe(recorder)
        d.onError(TestError())
        #expect(recorder.error as? TestError == TestError())
    }

    @Test("an array of sources combines into arrays in the sources' order")
    func array() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let sources = [PublishSubject<Int>(), PublishSubject<Int>(), PublishSubject<Int>()]
        let recorder = Recorder<[Int]>()
        Observable<[Int]>.combineLatest(sources).subscribe(recorder).disposed(by: bag)
        sources[2].onNext(3)
        sources[0].onNext(1)
        #expect(recorder.events.isEmpty)
        sources[1].onNext(2)
        sources[0].onNext(4)
        #expect(recorder.values == [[1, 2, 3], [4, 2, 3]])
    }

    @Test("an empty array of sources completes at once")
    func emptyArray() {
        let recorder = Recorder<[Int]>()
        _ = Observable<[Int]>.combineLatest([Observable<Int>]()).subscribe(recorder)
        #expect(recorder.descriptions == ["completed"])
    }

    @Test("an array completes when all sources have completed")
    func arrayCompletion() {
        let sources = [PublishSubject<Int>(), PublishSubject<Int>()]
        let all = Recorder<[Int]>()
        _ = Observable<[Int]>.combineLatest(sources).subscribe(all)
        sources[0].onNext(1)
        sources[1].onNext(2)
        sources[0].onCompleted()
        #expect(!all.isCompleted)
        sources[1].onCompleted()
        #expect(all.isCompleted)
    }

    @Test("an array completes at once when a source completes without ever emitting")
    func arrayCompletesWhenASourceCompletesEmpty() {
        let sources = [PublishSubject<Int>(), PublishSubject<Int>(), PublishSubject<Int>()]
        let recorder = Recorder<[Int]>()
        _ = Observable<[Int]>.combineLatest(sources).subscribe(recorder)
        sources[0].onNext(1)
        sources[1].onCompleted()
        sources[2].onNext(3)
        #expect(recorder.descriptions == ["completed"])
    }

    @Test("an array fails when any source fails and disposes the rest")
    func arrayError() {
        let sources = [PublishSubject<Int>(), PublishSubject<Int>()]
        let recorder = Recorder<[Int]>()
        _ = Observable<[Int]>.combineLatest(sources).subscribe(recorder)
        sources[1].onError(TestError())
        #expect(recorder.error as? TestError == TestError())
        #expect(!sources[0].hasObservers)
    }

    @Test("disposing disposes every source subscription")
    func disposesSources() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let subscription = Observable.combineLatest(a, b, resultSelector: +).subscribe(Recorder<Int>())
        subscription.dispose()
        #expect(!a.hasObservers && !b.hasObservers)
    }
}
