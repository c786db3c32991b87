import Testing
import TetherReactive

@MainActor
@Suite("map")
struct MapTests {
    @Test("transforms each value")
    func transforms() {
        let recorder = Recorder<String>()
        _ = Observable.from([1, 2]).map { "#\($0)" }.subscribe(recorder)
        #expect(recorder.descriptions == ["next(#1)", "next(#2)", "completed"])
    }

    @Test("passes an error through")
    func passesError() {
        let recorder = Recorder<Int>()
        _ = Observable<Int>.error(TestError()).map { $0 * 2 }.subscribe(recorder)
        #expect(recorder.error as? TestError == TestError())
    }

    @Test("disposing stops the transform and disposes the source subscription")
    func disposes() {
        let subject = PublishSubject<Int>()
        var calls = 0
        let subscription = subject.map { value -> Int in
            calls += 1; return value
        }.subscribe(Recorder<Int>())
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        #expect(calls == 1)
        #expect(!subject.hasObservers)
    }
}
