import Observation
import Testing
import TetherReactive

// `<->` with a property of an `@Observable` object: one test per rule, as for the relay
// versions in Binding/TwoWayBindingTests.swift. Delivery is synchronous, so no test waits.

@MainActor
@Suite("<-> between a ControlProperty and an @Observable property")
struct ControlObservedBindingTests {
    @Test("rule 1: the model's value wins on bind and the control's initial value is never written back")
    func modelWinsOnBind() {
        let control = FakeControl("view")
        let model = Profile(name: "model")
        let binding = control.property <-> model.binding(\.name)
        #expect(control.value == "model")
        #expect(control.setterCalls == ["model"])
        #expect(model.name == "model")
        #expect(model.nameWrites == 0)
        binding.dispose()
    }

    @Test("rule 2: a user edit reaches the model once and is not sent back to the control")
    func userEditReachesModelOnce() {
        let control = FakeControl("a")
        let model = Profile(name: "a")
        let binding = control.property(isEqual: nil) <-> model.binding(\.name)
        let settersAfterBind = control.setterCalls.count
        control.userEdit("typed")
        #expect(model.name == "typed")
        #expect(model.nameWrites == 1)
        #expect(control.setterCalls.count == settersAfterBind)
        binding.dispose()
    }

    @Test("rule 3: a model write reaches the control once, synchronously, and is not reported back as an edit")
    func modelWriteReachesControlOnce() {
        let control = FakeControl("a")
        let model = Profile(name: "a")
        let binding = control.property(isEqual: nil) <-> model.binding(\.name)
        let edits = Recorder<String>()
        _ = control.property.changed.subscribe(edits)
        model.name = "from model"
        #expect(control.setterCalls == ["a", "from model"])
        #expect(model.nameWrites == 1)
        #expect(edits.events.isEmpty)
        binding.dispose()
    }

    @Test("rule 4: non-Equatable values with no equality guard and a control that reports its sets cause no loop")
    func nonEquatableNoLoop() {
        let control = FakeControl(Note(text: "view"))
        control.reportsProgrammaticSets = true
        let model = Profile()
        model.note = Note(text: "model")
        let writesBefore = model.noteWrites
        let binding = control.property(isEqual: nil) <-> model.binding(\.note)
        #expect(control.setterCalls.map(\.text) == ["model"])
        #expect(model.noteWrites == writesBefore)

        model.note = Note(text: "write")
        #expect(control.setterCalls.map(\.text) == ["model", "write"])
        #expect(model.noteWrites == writesBefore + 1)

        control.userEdit(Note(text: "edit"))
        #expect(model.note.text == "edit")
        #expect(model.noteWrites == writesBefore + 2)
        #expect(control.setterCalls.map(\.text) == ["model", "write"])
        binding.dispose()
    }

    @Test(
        "rule 5: a model that trims the value in its own didSet sends the trimmed value to the control once, afterwards"
    )
    func modelTrimsInDidSet() {
        let control = FakeControl("")
        let model = Profile()
        let binding = control.property <-> model.binding(\.title)
        control.userEdit("  Bob ")
        #expect(model.title == "Bob")
        #expect(control.setterCalls == ["Bob"])
        #expect(control.value == "Bob")
        binding.dispose()
    }

    @Test(
        "rule 5: writes an observer makes while the user's edit is delivered reach the control afterwards, in order",
        arguments: [true, false])
    func writesDuringDeliveryAreQueued(observerFirst: Bool) {
        let control = FakeControl("")
        let model = Profile()
        let log = Log()
        let reacting = {
            model.observe(\.name).subscribe(onNext: { name in
                log("observer saw \(name)")
                if name == "x" {
                    model.name = "y"
                    model.name = "z"
                }
            })
        }
        var observer: (any Disposable)?
        if observerFirst { observer = reacting() }
        let binding = control.property <-> model.binding(\.name)
        if !observerFirst { observer = reacting() }
        control.userEdit("x")
        #expect(model.name == "z")
        #expect(control.setterCalls == ["y", "z"])
        #expect(log.entries == ["observer saw ", "observer saw x", "observer saw y", "observer saw z"])
        binding.dispose()
        observer?.dispose()
    }

    @Test("rule 5: with a non-Equatable value, a model write made during the edit still reaches the control once")
    func writeDuringDeliveryNonEquatable() {
        let control = FakeControl(Note(text: ""))
        let model = Profile()
        let binding = control.property(isEqual: nil) <-> model.binding(\.note)
        let observer = model.observe(\.note).subscribe(onNext: { note in
            if note.text.trimmed != note.text { model.note = Note(text: note.text.trimmed) }
        })
        control.userEdit(Note(text: "  Bob "))
        #expect(model.note.text == "Bob")
        #expect(control.setterCalls.map(\.text) == ["", "Bob"])
        binding.dispose()
        observer.dispose()
    }

    @Test("the equality guard: an edit equal to the model's value is not written into the model")
    func equalityGuardSkipsEqualWrites() {
        let control = FakeControl("same")
        let model = Profile(name: "same")
        let binding = control.property <-> model.binding(\.name)
        control.userEdit("same")
        #expect(model.nameWrites == 0)
        binding.dispose()
    }

    @Test("without the equality guard an equal edit is written, and the macro's own guard keeps it from coming back")
    func noEqualityGuardWritesEqualValues() {
        let control = FakeControl("same")
        let model = Profile(name: "same")
        let binding = control.property(isEqual: nil) <-> model.binding(\.name, isEqual: nil)
        let settersAfterBind = control.setterCalls.count
        control.userEdit("same")
        #expect(model.nameWrites == 1)
        #expect(control.setterCalls.count == settersAfterBind)
        binding.dispose()
    }

    @Test("a _modify write of an equal value still notifies, and the control's equality guard drops it")
    func modifyPathNotifiesEqualValues() {
        let control = FakeControl(0)
        let model = Profile()
        let binding = control.property <-> model.binding(\.count)
        let values = Recorder<Int>()
        let observer = model.observe(\.count).subscribe(values)
        model.count += 0
        #expect(values.values == [0, 0], "Observation notifies _modify paths even when the value is unchanged")
        #expect(control.setterCalls.isEmpty)
        binding.dispose()
        observer.dispose()
    }

    @Test("rule 6: when the control completes, model writes no longer reach it")
    func controlCompletionEndsBinding() {
        let control = FakeControl("a")
        let model = Profile(name: "a")
        let binding = control.property <-> model.binding(\.name)
        control.edits.onCompleted()
        #expect(binding.isDisposed)
        model.name = "after"
        #expect(control.setterCalls.isEmpty)
    }

    @Test("rule 6: when the model is deallocated the binding ends and the control's edits are no longer observed")
    func modelDeallocationEndsBinding() {
        let control = FakeControl("a")
        var model: Profile? = Profile(name: "a")
        let binding = control.property <-> model!.binding(\.name)
        #expect(control.edits.hasObservers)
        model = nil
        #expect(binding.isDisposed)
        #expect(!control.edits.hasObservers)
    }

    @Test("rule 6: disposing the binding stops both directions, and disposing again does nothing")
    func disposeStopsBothDirections() {
        let control = FakeControl("a")
        let model = Profile(name: "a")
        let binding = control.property <-> model.binding(\.name)
        binding.dispose()
        binding.dispose()
        #expect(binding.isDisposed)
        model.name = "model"
        control.userEdit("view")
        #expect(control.setterCalls.isEmpty)
        #expect(model.name == "model")
        #expect(!control.edits.hasObservers)
    }

    @Test("rule 7: the control, the model and the binding are freed once the bag goes")
    func noRetainCycle() {
        var control: FakeControl<String>? = FakeControl("a")
        var model: Profile? = Profile(name: "b")
        var bag: DisposeBag? = DisposeBag()
        let binding = control!.property <-> model!.binding(\.name)
        binding.disposed(by: bag!)
        let weakControl = Weak(control), weakModel = Weak(model), weakBinding = Weak(binding as AnyObject)
        _ = consume binding
        let edits = control!.edits
        bag = nil
        #expect(weakBinding.object == nil)
        control = nil
        model = nil
        #expect(weakControl.object == nil)
        #expect(weakModel.object == nil)
        #expect(!edits.hasObservers)
    }

    @Test("a binding nobody keeps ends at once: the model's changes and the control's edits reach nothing")
    func bindingNobodyKeepsEnds() {
        let control = FakeControl("a")
        let model = Profile(name: "b")
        do {
            let binding = control.property <-> model.binding(\.name)
            #expect(!binding.isDisposed)
        }
        #expect(!control.edits.hasObservers)
        model.name = "model"
        control.userEdit("view")
        #expect(control.setterCalls == ["b"])
        #expect(model.name == "model")
    }

    @Test("rule 7: a live binding keeps neither the control nor the model alive")
    func bindingKeepsNeitherSideAlive() {
        var control: FakeControl<String>? = FakeControl("a")
        var model: Profile? = Profile(name: "b")
        let bag = DisposeBag()
        (control!.property <-> model!.binding(\.name)).disposed(by: bag)
        let weakControl = Weak(control), weakModel = Weak(model)
        model = nil
        #expect(weakModel.object == nil)
        control = nil
        #expect(weakControl.object == nil)
    }
}

@MainActor
@Suite("<-> between a BehaviorRelay and an @Observable property")
struct RelayObservedBindingTests {
    @Test("the model wins on bind, then each side's writes reach the other once")
    func bothDirections() {
        let relay = BehaviorRelay(value: "relay")
        let model = Profile(name: "model")
        let relayValues = Recorder<String>()
        _ = relay.subscribe(relayValues)
        let binding = relay <-> model.binding(\.name)
        #expect(relay.value == "model")
        relay.accept("from relay")
        #expect(model.name == "from relay")
        #expect(model.nameWrites == 1)
        model.name = "from model"
        #expect(relay.value == "from model")
        #expect(relayValues.values == ["relay", "model", "from relay", "from model"])
        binding.dispose()
    }

    @Test("with the relay on the right, the relay wins on bind")
    func relayOnTheRightWins() {
        let relay = BehaviorRelay(value: "relay")
        let model = Profile(name: "model")
        let binding = model.binding(\.name) <-> relay
        #expect(model.name == "relay")
        #expect(relay.value == "relay")
        binding.dispose()
    }

    @Test("a model that trims what the relay wrote sends the trimmed value back to the relay, once")
    func trimmedValueReachesRelay() {
        let relay = BehaviorRelay(value: "")
        let model = Profile()
        let binding = relay <-> model.binding(\.title)
        let relayValues = Recorder<String>()
        _ = relay.subscribe(relayValues)
        relay.accept("  Bob ")
        #expect(model.title == "Bob")
        #expect(relayValues.values == ["", "  Bob ", "Bob"])
        binding.dispose()
    }
}

@MainActor
@Suite("<-> between two @Observable properties")
struct ObservedObservedBindingTests {
    @Test("the right model wins on bind, then each model's writes reach the other once")
    func bothDirections() {
        let left = Profile(name: "left"), right = Profile(name: "right")
        let binding = left.binding(\.name) <-> right.binding(\.name)
        #expect(left.name == "right")
        #expect(right.nameWrites == 0)
        left.name = "a"
        #expect(right.name == "a")
        right.name = "b"
        #expect(left.name == "b")
        #expect(left.nameWrites == 3)
        #expect(right.nameWrites == 2)
        binding.dispose()
    }

    @Test("non-Equatable values do not loop between two models")
    func nonEquatable() {
        let left = Profile(), right = Profile()
        let binding = left.binding(\.note) <-> right.binding(\.note)
        let leftWrites = left.noteWrites, rightWrites = right.noteWrites
        left.note = Note(text: "x")
        #expect(right.note.text == "x")
        #expect(left.noteWrites == leftWrites + 1)
        #expect(right.noteWrites == rightWrites + 1)
        binding.dispose()
    }

    @Test("either model going away ends the binding")
    func eitherModelGoingAway() {
        let left = Profile()
        var right: Profile? = Profile()
        let binding = left.binding(\.name) <-> right!.binding(\.name)
        right = nil
        #expect(binding.isDisposed)
        left.name = "after"
        #expect(left.nameWrites == 1)
    }
}
