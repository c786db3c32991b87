import Testing
import TetherReactive

@MainActor
@Suite("filter")
struct FilterTests {
    @Test("passes on only the values the predicate accepts")
    func filters() {
        let recorder = Recorder<Int>()
        _ = Observable.from(1...6).filter { $0.isMultiple(of: 2) }.subscribe(recorder)
        #expect(recorder.descriptions == ["next(2)", "next(4)", "next(6)", "completed"])
    }

    @Test("passes an error through")
    func passesError() {
        let recorder = Recorder<Int>()
        _ = Observable<Int>.error(TestError()).filter { _ in false }.subscribe(recorder)
        #expect(recorder.error as? TestError == TestError())
    }
}
