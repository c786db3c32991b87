import Testing
import TetherReactive

@MainActor
@Suite("Binder")
struct BinderTests {
    final class Label { var text = "" }

    @Test("applies each value to its target")
    func applies() {
        let label = Label()
        let binder = Binder<String>(label) { $0.text = $1 }
        Observable.from(["a", "b"]).bind(to: binder)
        #expect(label.text == "b")
    }

    @Test("holds its target weakly and ignores values once the target is gone")
    func weakTarget() {
        var label: Label? = Label()
        let weakLabel = Weak(label)
        var applied = 0
        let binder = Binder<String>(label!) { label, text in
            label.text = text; applied += 1
        }
        label = nil
        #expect(weakLabel.object == nil)
        binder.onNext("ignored")
        #expect(applied == 0)
    }

    @Test("ignores completion, so the target keeps its last value")
    func ignoresCompletion() {
        let label = Label()
        let binder = Binder<String>(label) { $0.text = $1 }
        binder.onNext("kept")
        binder.onCompleted()
        binder.onNext("still applied")
        #expect(label.text == "still applied")
    }

    @Test("rejects errors through the binding error handler")
    func rejectsErrors() {
        let label = Label()
        let binder = Binder<String>(label) { $0.text = $1 }
        let spy = DiagnosticsSpy()
        spy.capture { binder.onError(TestError()) }
        #expect(spy.bindingErrors.count == 1)
        #expect(label.text == "")
    }
}
