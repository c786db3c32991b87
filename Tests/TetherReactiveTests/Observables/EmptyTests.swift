import Testing
import TetherReactive

@MainActor
@Suite("Observable.empty")
struct EmptyTests {
    @Test("completes at once without values")
    func completes() {
        let recorder = Recorder<Int>()
        _ = Observable<Int>.empty().subscribe(recorder)
        #expect(recorder.descriptions == ["completed"])
    }
}
