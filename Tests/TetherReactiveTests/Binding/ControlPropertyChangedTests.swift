import Testing
import TetherReactive

@MainActor
@Suite("ControlProperty.changed")
struct ControlPropertyChangedTests {
    @Test("subscribing to changed does not read the control's value")
    func doesNotReadGetter() {
        var reads = 0
        let edits = PublishSubject<Int>()
        let property = ControlProperty(
            getter: {
                reads += 1; return 0
            }, setter: { _ in }, edits: edits)
        let recorder = Recorder<Int>()
        _ = property.changed.subscribe(recorder)
        edits.onNext(1)
        #expect(reads == 0)
        #expect(recorder.values == [1])
    }

    @Test("an erroring edits source completes changed instead of failing, and is reported once")
    func neverErrors() {
        let edits = PublishSubject<Int>()
        let property = ControlProperty(getter: { 0 }, setter: { _ in }, edits: edits)
        let recorder = Recorder<Int>()
        let spy = DiagnosticsSpy()
        spy.capture {
            _ = property.changed.subscribe(recorder)
            edits.onError(TestError())
        }
        #expect(recorder.descriptions == ["completed"])
        #expect(spy.reports.count == 1)
    }

    @Test("changed completes when the control object goes away")
    func completesWhenControlGoes() {
        var control: FakeControl<String>? = FakeControl("a")
        let changed = control!.property.changed
        let recorder = Recorder<String>()
        _ = changed.subscribe(recorder)
        control = nil
        #expect(recorder.descriptions == ["completed"])
    }

    @Test("subscribing to changed after the control object went away completes at once")
    func afterControlGone() {
        let edits = PublishSubject<String>()
        var control: FakeControl<String>? = FakeControl("a")
        let property = ControlProperty(
            control: control!, getter: { $0.value }, setter: { $0.programmaticSet($1) }, edits: edits)
        control = nil
        let recorder = Recorder<String>()
        _ = property.changed.subscribe(recorder)
        #expect(recorder.descriptions == ["completed"])
    }

    @Test("built from parts, changed is the values after the first")
    func partsInit() {
        let values = BehaviorRelay(value: 1)
        let property = ControlProperty(values: values.asObservable(), valueSink: AnyObserver { _ in })
        let recorder = Recorder<Int>()
        _ = property.changed.subscribe(recorder)
        values.accept(2)
        #expect(recorder.values == [2])
    }

    @Test("orEmpty's changed reports edits with nil read as the empty string")
    func orEmpty() {
        let control = FakeControl<String?>("a")
        let recorder = Recorder<String>()
        _ = control.property.orEmpty.changed.subscribe(recorder)
        control.userEdit(nil)
        control.userEdit("x")
        #expect(recorder.values == ["", "x"])
    }
}
