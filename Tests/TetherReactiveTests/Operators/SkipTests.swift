import Testing
import TetherReactive

@MainActor
@Suite("skip")
struct SkipTests {
    @Test("drops the first count values, then passes the rest")
    func skips() {
        let recorder = Recorder<Int>()
        _ = Observable.from(1...4).skip(2).subscribe(recorder)
        #expect(recorder.descriptions == ["next(3)", "next(4)", "completed"])
    }

    @Test("skip(0) passes every value")
    func skipZero() {
        let recorder = Recorder<Int>()
        _ = Observable.from(1...2).skip(0).subscribe(recorder)
        #expect(recorder.values == [1, 2])
    }

    @Test("a terminal event passes even while values are still being skipped")
    func terminalWhileSkipping() {
        let recorder = Recorder<Int>()
        _ = Observable.just(1).skip(5).subscribe(recorder)
        #expect(recorder.descriptions == ["completed"])
    }
}
