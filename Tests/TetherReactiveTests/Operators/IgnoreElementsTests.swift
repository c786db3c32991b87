import Testing
import TetherReactive

@MainActor
@Suite("ignoreElements")
struct IgnoreElementsTests {
    @Test("drops every value and passes the completion")
    func passesCompletion() {
        let recorder = Recorder<Never>()
        _ = Observable.from(1...3).ignoreElements().subscribe(recorder)
        #expect(recorder.descriptions == ["completed"])
    }

    @Test("passes the error")
    func passesError() {
        let recorder = Recorder<Never>()
        _ = Observable<Int>.error(TestError(code: 2)).ignoreElements().subscribe(recorder)
        #expect(recorder.error as? TestError == TestError(code: 2))
    }
}
