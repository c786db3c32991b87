import Testing
import TetherReactive

@MainActor
@Suite("compactMap")
struct CompactMapTests {
    @Test("transforms each value and drops the nil results")
    func dropsNils() {
        let recorder = Recorder<Int>()
        _ = Observable.from(["1", "x", "3"]).compactMap { Int($0) }.subscribe(recorder)
        #expect(recorder.descriptions == ["next(1)", "next(3)", "completed"])
    }

    @Test("passes an error through")
    func passesError() {
        let recorder = Recorder<Int>()
        _ = Observable<String>.error(TestError()).compactMap { Int($0) }.subscribe(recorder)
        #expect(recorder.error as? TestError == TestError())
    }
}
