import Testing
import TetherReactive

/// A value that is deliberately not `Equatable`.
private struct Draft {
    var text: String
}

private func trimmed(_ text: String) -> String {
    String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
}

/// Counts the values delivered under a bound (``bounded(_:watching:rule:limit:sourceLocation:)``).
@MainActor
private final class DeliveryCount {
    var count = 0
    var tripped = false
}

/// `binding` under a bound. A binding that writes the echo of its own write back passes
/// values round for ever: each write is queued by the relay or control that is delivering
/// (rule 5), so nothing recurses, the queue grows, and the whole run hangs on the main actor.
/// Past `limit` values from `sources` (the relays, or the controls' edits) the bound records an issue naming `rule` and disposes
/// the binding, which ends the loop, so the test fails instead. Disposing what it returns
/// disposes the binding and the bound.
@MainActor
private func bounded<Value>(
    _ binding: any Disposable, watching sources: Observable<Value>..., rule: String, limit: Int = 1_000,
    sourceLocation: SourceLocation = #_sourceLocation
) -> any Disposable {
    let deliveries = DeliveryCount()
    let watch: (Value) -> Void = { _ in
        deliveries.count += 1
        guard deliveries.count > limit, !deliveries.tripped else { return }
        deliveries.tripped = true
        Issue.record(
            "\(rule) broken: over \(limit) values delivered, a binding writing back the echo of its own write",
            sourceLocation: sourceLocation)
        binding.dispose()
    }
    let watches = sources.map { $0.subscribe(onNext: watch) }
    return Disposables.create {
        binding.dispose()
        for watching in watches { watching.dispose() }
    }
}

@MainActor
@Suite("<-> between a ControlProperty and a BehaviorRelay")
struct ControlRelayBindingTests {
    @Test("rule 1: the relay's value wins on bind and the control's initial value is never written back")
    func modelWinsOnBind() {
        let control = FakeControl("view")
        let relay = BehaviorRelay(value: "model")
        let recorder = Recorder<String>()
        _ = relay.subscribe(recorder)
        let binding = control.property <-> relay
        #expect(control.value == "model")
        #expect(control.setterCalls == ["model"])
        #expect(relay.value == "model")
        #expect(recorder.values == ["model"])
        binding.dispose()
    }

    @Test("rule 2: a user edit reaches the relay once and is not sent back to the control")
    func userEditReachesRelayOnce() {
        let control = FakeControl("a")
        let relay = BehaviorRelay(value: "a")
        let binding = bounded(
            control.property(isEqual: nil) <-> relay, watching: relay.asObservable(), rule: "rules 2 and 4")
        let recorder = Recorder<String>()
        _ = relay.subscribe(recorder)
        let settersAfterBind = control.setterCalls.count
        control.userEdit("typed")
        #expect(relay.value == "typed")
        #expect(recorder.values == ["a", "typed"])
        #expect(control.setterCalls.count == settersAfterBind)
        binding.dispose()
    }

    @Test("rule 3: a relay write reaches the control once and is not reported back as an edit")
    func modelWriteReachesControlOnce() {
        let control = FakeControl("a")
        let relay = BehaviorRelay(value: "a")
        let binding = bounded(
            control.property(isEqual: nil) <-> relay, watching: relay.asObservable(), rule: "rules 2 and 4")
        let recorder = Recorder<String>()
        _ = relay.subscribe(recorder)
        let edits = Recorder<String>()
        _ = control.property.changed.subscribe(edits)
        relay.accept("from model")
        #expect(control.setterCalls == ["a", "from model"])
        #expect(recorder.values == ["a", "from model"])
        #expect(edits.events.isEmpty)
        binding.dispose()
    }

    @Test("rule 4: non-Equatable values with no equality guard and a control that reports its sets cause no loop")
    func nonEquatableNoLoop() {
        let control = FakeControl(Draft(text: "view"))
        control.reportsProgrammaticSets = true
        let relay = BehaviorRelay(value: Draft(text: "model"))
        let recorder = Recorder<Draft>()
        _ = relay.subscribe(recorder)
        let binding = bounded(
            control.property(isEqual: nil) <-> relay, watching: relay.asObservable(), rule: "rules 2 and 4")
        #expect(control.setterCalls.map(\.text) == ["model"])
        #expect(recorder.values.map(\.text) == ["model"])

        relay.accept(Draft(text: "write"))
        #expect(control.setterCalls.map(\.text) == ["model", "write"])
        #expect(recorder.values.map(\.text) == ["model", "write"])

        control.userEdit(Draft(text: "edit"))
        #expect(relay.value.text == "edit")
        #expect(recorder.values.map(\.text) == ["model", "write", "edit"])
        #expect(control.setterCalls.map(\.text) == ["model", "write"])
        binding.dispose()
    }

    @Test(
        "rule 5: a write made by a relay subscriber while the user's edit is delivered reaches the control afterwards, in order",
        arguments: [true, false])
    func writeDuringDeliveryIsQueued(modelSubscribesFirst: Bool) {
        let control = FakeControl("")
        let relay = BehaviorRelay(value: "")
        let trimming = { relay.subscribe(onNext: { text in if trimmed(text) != text { relay.accept(trimmed(text)) } }) }
        let recorder = Recorder<String>()
        _ = relay.subscribe(recorder)
        var model: (any Disposable)?
        if modelSubscribesFirst { model = trimming() }
        let binding = control.property <-> relay
        if !modelSubscribesFirst { model = trimming() }

        control.userEdit("  Bob ")
        #expect(recorder.values == ["", "  Bob ", "Bob"])
        #expect(relay.value == "Bob")
        #expect(control.setterCalls == ["Bob"])
        #expect(control.value == "Bob")
        binding.dispose()
        model?.dispose()
    }

    @Test("rule 5: with a non-Equatable value, the trimmed write still reaches the control once")
    func writeDuringDeliveryNonEquatable() {
        let control = FakeControl(Draft(text: ""))
        let relay = BehaviorRelay(value: Draft(text: ""))
        let binding = bounded(
            control.property(isEqual: nil) <-> relay, watching: relay.asObservable(), rule: "rules 2 and 4")
        let model = relay.subscribe(onNext: { draft in
            if trimmed(draft.text) != draft.text { relay.accept(Draft(text: trimmed(draft.text))) }
        })
        control.userEdit(Draft(text: "  Bob "))
        #expect(relay.value.text == "Bob")
        #expect(control.setterCalls.map(\.text) == ["", "Bob"])
        binding.dispose()
        model.dispose()
    }

    @Test("rule 6: when the control completes, relay writes no longer reach it and the relay does not complete")
    func controlCompletionEndsBinding() {
        let control = FakeControl("a")
        let relay = BehaviorRelay(value: "a")
        let recorder = Recorder<String>()
        _ = relay.subscribe(recorder)
        let binding = control.property <-> relay
        control.edits.onCompleted()
        #expect(binding.isDisposed)
        relay.accept("after")
        #expect(control.setterCalls.isEmpty)
        #expect(recorder.terminalCount == 0)
        #expect(recorder.values == ["a", "after"])
    }

    @Test("rule 6: disposing the binding stops both directions, and disposing again does nothing")
    func disposeStopsBothDirections() {
        let control = FakeControl("a")
        let relay = BehaviorRelay(value: "a")
        let binding = control.property <-> relay
        binding.dispose()
        binding.dispose()
        #expect(binding.isDisposed)
        relay.accept("model")
        control.userEdit("view")
        #expect(control.setterCalls.isEmpty)
        #expect(relay.value == "model")
        #expect(!control.edits.hasObservers)
    }

    @Test("rule 7: the control, the relay and the binding are freed once the bag goes")
    func noRetainCycle() {
        var control: FakeControl<String>? = FakeControl("a")
        var relay: BehaviorRelay<String>? = BehaviorRelay(value: "b")
        var bag: DisposeBag? = DisposeBag()
        let binding = control!.property <-> relay!
        binding.disposed(by: bag!)
        let weakControl = Weak(control), weakRelay = Weak(relay), weakBinding = Weak(binding as AnyObject)
        _ = consume binding
        let edits = control!.edits
        control = nil
        relay = nil
        bag = nil
        #expect(weakControl.object == nil)
        #expect(weakRelay.object == nil)
        #expect(weakBinding.object == nil)
        #expect(!edits.hasObservers)
    }

    @Test("rule 7: the binding does not keep the control alive; when it goes, the binding ends and frees the relay")
    func controlGoingAwayFreesRelay() {
        var control: FakeControl<String>? = FakeControl("a")
        var relay: BehaviorRelay<String>? = BehaviorRelay(value: "b")
        let bag = DisposeBag()
        (control!.property <-> relay!).disposed(by: bag)
        let weakControl = Weak(control), weakRelay = Weak(relay)
        control = nil
        #expect(weakControl.object == nil)
        relay = nil
        #expect(weakRelay.object == nil)
    }
}

@MainActor
@Suite("<-> between two BehaviorRelays")
struct RelayRelayBindingTests {
    @Test("rule 1: the right relay wins on bind and the left's initial value is never written back")
    func rightWins() {
        let left = BehaviorRelay(value: 1), right = BehaviorRelay(value: 2)
        let leftRecorder = Recorder<Int>(), rightRecorder = Recorder<Int>()
        _ = left.subscribe(leftRecorder)
        _ = right.subscribe(rightRecorder)
        let binding = left <-> right
        #expect(left.value == 2)
        #expect(leftRecorder.values == [1, 2])
        #expect(rightRecorder.values == [2])
        binding.dispose()
    }

    @Test("rule 2: a value accepted on either side reaches the other once and is not sent back")
    func eachSideReachesOtherOnce() {
        let left = BehaviorRelay(value: 0), right = BehaviorRelay(value: 0)
        let binding = bounded(left <-> right, watching: left.asObservable(), right.asObservable(), rule: "rule 2")
        let leftRecorder = Recorder<Int>(), rightRecorder = Recorder<Int>()
        _ = left.subscribe(leftRecorder)
        _ = right.subscribe(rightRecorder)
        left.accept(1)
        right.accept(2)
        #expect(leftRecorder.values == [0, 1, 2])
        #expect(rightRecorder.values == [0, 1, 2])
        binding.dispose()
    }

    @Test("rule 4: non-Equatable values do not loop between relays")
    func nonEquatable() {
        let left = BehaviorRelay(value: Draft(text: "l")), right = BehaviorRelay(value: Draft(text: "r"))
        let binding = bounded(left <-> right, watching: left.asObservable(), right.asObservable(), rule: "rule 2")
        let leftRecorder = Recorder<Draft>(), rightRecorder = Recorder<Draft>()
        _ = left.subscribe(leftRecorder)
        _ = right.subscribe(rightRecorder)
        left.accept(Draft(text: "x"))
        #expect(leftRecorder.values.map(\.text) == ["r", "x"])
        #expect(rightRecorder.values.map(\.text) == ["r", "x"])
        binding.dispose()
    }

    @Test("rule 5: a write made during delivery on the right reaches the left afterwards, in order")
    func writeDuringDelivery() {
        let left = BehaviorRelay(value: ""), right = BehaviorRelay(value: "")
        let model = right.subscribe(onNext: { text in if trimmed(text) != text { right.accept(trimmed(text)) } })
        let binding = bounded(left <-> right, watching: left.asObservable(), right.asObservable(), rule: "rule 2")
        let leftRecorder = Recorder<String>()
        _ = left.subscribe(leftRecorder)
        left.accept("  Bob ")
        #expect(left.value == "Bob")
        #expect(right.value == "Bob")
        #expect(leftRecorder.values == ["", "  Bob ", "Bob"])
        binding.dispose()
        model.dispose()
    }

    @Test("rule 6: disposing the binding stops both directions and never completes the relays")
    func dispose() {
        let left = BehaviorRelay(value: 0), right = BehaviorRelay(value: 0)
        let binding = bounded(left <-> right, watching: left.asObservable(), right.asObservable(), rule: "rule 2")
        binding.dispose()
        left.accept(1)
        right.accept(2)
        #expect(left.value == 1)
        #expect(right.value == 2)
    }
}

@MainActor
@Suite("<-> between two ControlProperties")
struct ControlControlBindingTests {
    @Test("rule 1: the right control's value wins on bind and the left's is never written back")
    func rightWins() {
        let left = FakeControl("left"), right = FakeControl("right")
        let binding = left.property(isEqual: nil) <-> right.property(isEqual: nil)
        #expect(left.setterCalls == ["right"])
        #expect(right.setterCalls.isEmpty)
        binding.dispose()
    }

    @Test("rules 2 and 3: an edit on either control reaches the other once and is not sent back")
    func editsReachOtherOnce() {
        let left = FakeControl("a"), right = FakeControl("a")
        let binding = bounded(
            left.property(isEqual: nil) <-> right.property(isEqual: nil),
            watching: left.edits.asObservable(), right.edits.asObservable(), rule: "rules 2 to 4")
        left.userEdit("from left")
        #expect(right.setterCalls == ["from left"])
        #expect(left.setterCalls == ["a"])
        right.userEdit("from right")
        #expect(left.setterCalls == ["a", "from right"])
        #expect(right.setterCalls == ["from left"])
        binding.dispose()
    }

    @Test("rule 4: controls that report their sets as edits, with non-Equatable values, cause no loop")
    func misbehavingControls() {
        let left = FakeControl(Draft(text: "l")), right = FakeControl(Draft(text: "r"))
        left.reportsProgrammaticSets = true
        right.reportsProgrammaticSets = true
        let binding = bounded(
            left.property(isEqual: nil) <-> right.property(isEqual: nil),
            watching: left.edits.asObservable(), right.edits.asObservable(), rule: "rules 2 to 4")
        left.userEdit(Draft(text: "x"))
        right.userEdit(Draft(text: "y"))
        #expect(left.setterCalls.map(\.text) == ["r", "y"])
        #expect(right.setterCalls.map(\.text) == ["x"])
        binding.dispose()
    }

    @Test("rule 6: when either control completes the binding ends")
    func completionEnds() {
        let left = FakeControl("a"), right = FakeControl("a")
        let binding = left.property <-> right.property
        right.edits.onCompleted()
        #expect(binding.isDisposed)
        left.userEdit("b")
        #expect(right.setterCalls.isEmpty)
        #expect(!left.edits.hasObservers)
    }
}
