import Testing
import TetherReactive

@MainActor
@Suite("ControlEvent")
struct ControlEventTests {
    @Test("forwards its source's values and completion")
    func forwards() {
        let source = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = ControlEvent(events: source).subscribe(recorder)
        source.onNext(1)
        source.onCompleted()
        #expect(recorder.descriptions == ["next(1)", "completed"])
    }

    @Test("never errors: its source's error is reported and turned into completion")
    func neverErrors() {
        let source = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let spy = DiagnosticsSpy()
        spy.capture {
            _ = ControlEvent(events: source).subscribe(recorder)
            source.onError(TestError())
        }
        #expect(recorder.descriptions == ["completed"])
        #expect(spy.reports.count == 1)
        #expect(spy.bindingErrors.isEmpty)
    }

    @Test("disposing its subscription disposes the source subscription")
    func disposes() {
        let source = PublishSubject<Int>()
        let subscription = ControlEvent(events: source).subscribe(Recorder<Int>())
        subscription.dispose()
        #expect(!source.hasObservers)
    }
}
