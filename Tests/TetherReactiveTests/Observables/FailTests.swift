import Testing
import TetherReactive

@MainActor
@Suite("Observable.error")
struct FailTests {
    @Test("fails at once with the given error")
    func fails() {
        let recorder = Recorder<Int>()
        _ = Observable<Int>.error(TestError(code: 5)).subscribe(recorder)
        #expect(recorder.events.count == 1)
        #expect(recorder.error as? TestError == TestError(code: 5))
    }
}
