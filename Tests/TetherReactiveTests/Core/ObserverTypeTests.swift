import Testing
import TetherReactive

@MainActor
@Suite("ObserverType")
struct ObserverTypeTests {
    @Test("onNext, onError and onCompleted deliver the matching events")
    func conveniences() {
        let recorder = Recorder<Int>()
        recorder.onNext(1)
        recorder.onCompleted()
        recorder.onError(TestError())
        #expect(recorder.descriptions == ["next(1)", "completed", "error(TestError(code: 1))"])
    }

    @Test("asObserver forwards every event to the original observer")
    func asObserver() {
        let recorder = Recorder<Int>()
        let erased = recorder.asObserver()
        erased.onNext(5)
        erased.onCompleted()
        #expect(recorder.descriptions == ["next(5)", "completed"])
    }
}
