import Testing
import TetherReactive

@MainActor
@Suite("ControlProperty")
struct ControlPropertyTests {
    @Test("its values start with the current value, read fresh at each subscription")
    func currentValueAtSubscribe() {
        let control = FakeControl("a")
        let property = control.property
        control.value = "b"
        let recorder = Recorder<String>()
        _ = property.subscribe(recorder)
        #expect(recorder.values == ["b"])
    }

    @Test("after the current value, its values are the user's edits")
    func reportsEdits() {
        let control = FakeControl("a")
        let recorder = Recorder<String>()
        _ = control.property.subscribe(recorder)
        control.userEdit("b")
        control.userEdit("c")
        #expect(recorder.values == ["a", "b", "c"])
    }

    @Test("a programmatic set through the sink is never reported as a value")
    func programmaticSetNotReported() {
        let control = FakeControl("a")
        let property = control.property
        let recorder = Recorder<String>()
        _ = property.subscribe(recorder)
        property.onNext("set")
        #expect(control.value == "set")
        #expect(recorder.values == ["a"])
    }

    @Test("the equality guard skips the setter for a value equal to the current one")
    func equalityGuard() {
        let control = FakeControl("a")
        let property = control.property
        property.onNext("a")
        property.onNext("b")
        property.onNext("b")
        #expect(control.setterCalls == ["b"])
    }

    @Test("without an equality guard every value is written")
    func noGuard() {
        let control = FakeControl("a")
        let property = control.property(isEqual: nil)
        property.onNext("a")
        property.onNext("a")
        #expect(control.setterCalls == ["a", "a"])
    }

    @Test("an erroring edits source completes the values instead of failing, and is reported")
    func neverErrors() {
        let edits = PublishSubject<Int>()
        let property = ControlProperty(getter: { 0 }, setter: { _ in }, edits: edits)
        let recorder = Recorder<Int>()
        let spy = DiagnosticsSpy()
        spy.capture {
            _ = property.subscribe(recorder)
            edits.onError(TestError())
        }
        #expect(recorder.descriptions == ["next(0)", "completed"])
        #expect(spy.reports.count == 1)
    }

    @Test("its values complete when the control object goes away")
    func completesWhenControlGoes() {
        var control: FakeControl<String>? = FakeControl("a")
        let weakControl = Weak(control)
        let property = control!.property
        let recorder = Recorder<String>()
        _ = property.subscribe(recorder)
        control = nil
        #expect(weakControl.object == nil)
        #expect(recorder.descriptions == ["next(a)", "completed"])
    }

    @Test("subscribing after the control object went away completes at once; writes are ignored")
    func afterControlGone() {
        var control: FakeControl<String>? = FakeControl("a")
        let property = control!.property
        control = nil
        let recorder = Recorder<String>()
        _ = property.subscribe(recorder)
        property.onNext("b")
        #expect(recorder.descriptions == ["completed"])
    }

    @Test("the property holds its control weakly")
    func holdsControlWeakly() {
        var control: FakeControl<Int>? = FakeControl(1)
        let weakControl = Weak(control)
        let property = control!.property
        control = nil
        #expect(weakControl.object == nil)
        _ = property
    }

    @Test("the sink rejects errors through the binding error handler and ignores completion")
    func sinkRejectsErrors() {
        let control = FakeControl(1)
        let property = control.property
        let spy = DiagnosticsSpy()
        spy.capture {
            property.onError(TestError())
            property.onCompleted()
        }
        #expect(spy.bindingErrors.count == 1)
        property.onNext(2)
        #expect(control.setterCalls == [2])
    }

    @Test("changed drops the initial value and reports only edits")
    func changed() {
        let control = FakeControl("a")
        let recorder = Recorder<String>()
        _ = control.property.changed.subscribe(recorder)
        #expect(recorder.events.isEmpty)
        control.userEdit("b")
        #expect(recorder.values == ["b"])
    }

    @Test("built from closures alone, it reads the getter and writes through the setter")
    func closureInit() {
        var stored = 1
        var writes: [Int] = []
        let edits = PublishSubject<Int>()
        let property = ControlProperty(
            getter: { stored },
            setter: {
                stored = $0; writes.append($0)
            }, edits: edits)
        let recorder = Recorder<Int>()
        _ = property.subscribe(recorder)
        property.onNext(1)
        property.onNext(2)
        edits.onNext(3)
        #expect(writes == [2])
        #expect(recorder.values == [1, 3])
    }

    @Test("built from closures over an optional value, a nil current value is reported rather than completing")
    func closureInitOptional() {
        let edits = PublishSubject<String?>()
        let property = ControlProperty<String?>(getter: { nil }, setter: { _ in }, edits: edits)
        let recorder = Recorder<String?>()
        _ = property.subscribe(recorder)
        edits.onNext("x")
        #expect(recorder.descriptions == ["next(nil)", "next(Optional(\"x\"))"])
    }

    @Test("built from parts, it uses the given values and sink")
    func partsInit() {
        let sink = Recorder<Int>()
        let property = ControlProperty(values: .just(1), valueSink: sink.asObserver())
        let recorder = Recorder<Int>()
        _ = property.subscribe(recorder)
        property.onNext(2)
        #expect(recorder.descriptions == ["next(1)", "completed"])
        #expect(sink.values == [2])
    }

    @Test("orEmpty reads nil as the empty string and writes strings through")
    func orEmpty() {
        let control = FakeControl<String?>(nil)
        let property = control.property.orEmpty
        let recorder = Recorder<String>()
        _ = property.subscribe(recorder)
        control.userEdit("x")
        control.userEdit(nil)
        property.onNext("typed")
        #expect(recorder.values == ["", "x", ""])
        #expect(control.setterCalls == ["typed"])
    }
}
