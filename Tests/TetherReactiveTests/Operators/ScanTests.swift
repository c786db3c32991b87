import Testing
import TetherReactive

@MainActor
@Suite("scan")
struct ScanTests {
    @Test("emits each intermediate result of the accumulator, starting from the seed")
    func accumulates() {
        let recorder = Recorder<Int>()
        _ = Observable.from(1...4).scan(10, +).subscribe(recorder)
        #expect(recorder.descriptions == ["next(11)", "next(13)", "next(16)", "next(20)", "completed"])
    }

    @Test("each subscription starts again from the seed")
    func seedPerSubscription() {
        let source = Observable.from([1, 2]).scan(0, +)
        let first = Recorder<Int>(), second = Recorder<Int>()
        _ = source.subscribe(first)
        _ = source.subscribe(second)
        #expect(second.values == [1, 3])
    }

    @Test("passes an error through")
    func passesError() {
        let recorder = Recorder<Int>()
        _ = Observable<Int>.error(TestError()).scan(0, +).subscribe(recorder)
        #expect(recorder.error as? TestError == TestError())
    }
}
