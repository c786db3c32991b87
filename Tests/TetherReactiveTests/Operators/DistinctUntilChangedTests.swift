import Testing
import TetherReactive

@MainActor
@Suite("distinctUntilChanged")
struct DistinctUntilChangedTests {
    @Test("drops Equatable values equal to the previous one passed on")
    func equatable() {
        let recorder = Recorder<Int>()
        _ = Observable.from([1, 1, 2, 2, 1, 3, 3]).distinctUntilChanged().subscribe(recorder)
        #expect(recorder.descriptions == ["next(1)", "next(2)", "next(1)", "next(3)", "completed"])
    }

    @Test("compares by key")
    func byKey() {
        let recorder = Recorder<String>()
        _ = Observable.from(["apple", "avocado", "banana", "blueberry", "apricot"])
            .distinctUntilChanged(by: { $0.first })
            .subscribe(recorder)
        #expect(recorder.values == ["apple", "banana", "apricot"])
    }

    @Test("compares with a custom comparer against the last value passed on")
    func byComparer() {
        let recorder = Recorder<Int>()
        _ = Observable.from([10, 11, 12, 13, 20])
            .distinctUntilChanged { abs($0 - $1) < 3 }
            .subscribe(recorder)
        #expect(recorder.values == [10, 13, 20])
    }

    @Test("the first value always passes and each subscription starts afresh")
    func perSubscriptionState() {
        let source = Observable.just(1).distinctUntilChanged()
        let first = Recorder<Int>(), second = Recorder<Int>()
        _ = source.subscribe(first)
        _ = source.subscribe(second)
        #expect(first.values == [1])
        #expect(second.values == [1])
    }

    @Test("passes an error through")
    func passesError() {
        let recorder = Recorder<Int>()
        _ = Observable<Int>.error(TestError()).distinctUntilChanged().subscribe(recorder)
        #expect(recorder.error as? TestError == TestError())
    }
}
