import Testing
import TetherReactive
import TetherUI

/// Subscribes to `values` and records its events.
@MainActor
private final class Recorder<Value> {
    var values: [Value] = []
    var completed = false
    var subscription: (any Disposable)?

    init(_ values: some ObservableConvertible<Value>) {
        subscription = values.asObservable().subscribe(
            onNext: { [weak self] in self?.values.append($0) },
            onCompleted: { [weak self] in self?.completed = true })
    }
}

@MainActor
@Suite("Value widgets' rx properties over the widget's lifetime")
struct ValueWidgetLifetimeTests {
    @Test("rx.text completes when its field goes away, and a binding does not keep the field alive")
    func textCompletes() {
        var field: TextField? = TextField(text: "a")
        weak let weakField = field
        let relay = BehaviorRelay(value: "b")
        let binding = field!.rx.text <-> relay
        let recorder = Recorder(field!.rx.text)
        #expect(recorder.values == ["b"] && !recorder.completed)
        field = nil
        #expect(weakField == nil)
        #expect(recorder.completed)
        binding.dispose()
    }

    @Test("rx.isOn completes when its toggle goes away")
    func isOnCompletes() {
        var toggle: Toggle? = Toggle("On", isOn: true)
        let recorder = Recorder(toggle!.rx.isOn)
        toggle = nil
        #expect(recorder.values == [true] && recorder.completed)
    }

    @Test("rx.value and rx.intValue complete when their slider goes away")
    func valueCompletes() {
        var slider: Slider? = Slider(value: 3, in: 0...10)
        let values = Recorder(slider!.rx.value), ints = Recorder(slider!.rx.intValue)
        slider = nil
        #expect(values.completed && ints.completed)
        #expect(values.values == [3] && ints.values == [3])
    }

    @Test("a plain set is never reported on rx; the user's change is")
    func plainSetNotReported() {
        let toggle = Toggle("On")
        let recorder = Recorder(toggle.rx.isOn.changed)
        toggle.isOn = true
        toggle.isOn = true
        toggle.flip()
        #expect(recorder.values == [false])
    }
}
