import Testing
import TetherReactive

@MainActor
@Suite("startWith")
struct StartWithTests {
    @Test("emits the given values first, in order, then the source's events")
    func startsWith() {
        let recorder = Recorder<Int>()
        _ = Observable.just(3).startWith(1, 2).subscribe(recorder)
        #expect(recorder.descriptions == ["next(1)", "next(2)", "next(3)", "completed"])
    }
}
