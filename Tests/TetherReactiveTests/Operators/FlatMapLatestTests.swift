import Testing
import TetherReactive

@MainActor
@Suite("flatMapLatest")
struct FlatMapLatestTests {
    @Test("mirrors only the most recent inner observable")
    func mirrorsLatest() {
        let outer = PublishSubject<Int>()
        let inners = [PublishSubject<String>(), PublishSubject<String>()]
        let recorder = Recorder<String>()
        let subscription = outer.flatMapLatest { inners[$0] }.subscribe(recorder)
        defer { subscription.dispose() }  // the sink and the inner subject hold each other until then
        outer.onNext(0)
        inners[0].onNext("a")
        outer.onNext(1)
        inners[0].onNext("stale")
        inners[1].onNext("b")
        #expect(recorder.values == ["a", "b"])
    }

    @Test("switching to a new inner observable disposes the previous inner subscription")
    func switchingDisposesPrevious() {
        let outer = PublishSubject<Int>()
        let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
        let subscription = outer.flatMapLatest { inners[$0] }.subscribe(Recorder<Int>())
        defer { subscription.dispose() }
        outer.onNext(0)
        #expect(inners[0].hasObservers)
        outer.onNext(1)
        #expect(!inners[0].hasObservers)
        #expect(inners[1].hasObservers)
    }

    @Test("completes when the source and the current inner observable have both completed")
    func completion() {
        let outer = PublishSubject<Int>(), inner = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = outer.flatMapLatest { _ in inner }.subscribe(recorder)
        outer.onNext(0)
        outer.onCompleted()
        #expect(!recorder.isCompleted)
        inner.onNext(1)
        inner.onCompleted()
        #expect(recorder.descriptions == ["next(1)", "completed"])
    }

    @Test("an inner observable completing does not complete the result while the source is live")
    func innerCompletionAlone() {
        let outer = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = outer.flatMapLatest { Observable.just($0) }.subscribe(recorder)
        outer.onNext(1)
        outer.onNext(2)
        #expect(recorder.descriptions == ["next(1)", "next(2)"])
        outer.onCompleted()
        #expect(recorder.isCompleted)
    }

    @Test("an inner error fails the result and disposes the source")
    func innerError() {
        let outer = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = outer.flatMapLatest { _ in Observable<Int>.error(TestError(code: 3)) }.subscribe(recorder)
        outer.onNext(1)
        #expect(recorder.error as? TestError == TestError(code: 3))
        #expect(!outer.hasObservers)
    }

    @Test("a source error fails the result and disposes the inner subscription")
    func outerError() {
        let outer = PublishSubject<Int>(), inner = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = outer.flatMapLatest { _ in inner }.subscribe(recorder)
        outer.onNext(1)
        outer.onError(TestError())
        #expect(recorder.error as? TestError == TestError())
        #expect(!inner.hasObservers)
    }
}
