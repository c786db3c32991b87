import Testing
import TetherReactive

@MainActor
@Suite("Observable.just")
struct JustTests {
    @Test("emits its element then completes, for every subscriber")
    func emitsThenCompletes() {
        let source = Observable.just("a")
        let first = Recorder<String>(), second = Recorder<String>()
        _ = source.subscribe(first)
        _ = source.subscribe(second)
        #expect(first.descriptions == ["next(a)", "completed"])
        #expect(second.descriptions == ["next(a)", "completed"])
    }
}
