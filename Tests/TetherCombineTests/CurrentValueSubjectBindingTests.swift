#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Testing
import TetherCombine
import TetherReactive

// `<->` with a CurrentValueSubject: one test per rule, as for the relay versions.

@MainActor
@Suite("<-> between a BehaviorRelay and a CurrentValueSubject")
struct RelaySubjectBindingTests {
    @Test("rule 1: the subject's value wins on bind and the relay's initial value is never sent into the subject")
    func subjectWinsOnBind() {
        let relay = BehaviorRelay(value: "relay")
        let subject = CurrentValueSubject<String, Never>("model")
        let sent = PublisherRecorder(subject)
        let binding = relay <-> subject
        #expect(relay.value == "model")
        #expect(subject.value == "model")
        #expect(sent.values == ["model"])
        binding.dispose()
    }

    @Test("rule 2: a value accepted by the relay reaches the subject once and is not sent back")
    func relayValueReachesSubjectOnce() {
        let relay = BehaviorRelay(value: "a")
        let subject = CurrentValueSubject<String, Never>("a")
        let binding = relay <-> subject
        let relayValues = Recorder<String>()
        _ = relay.subscribe(relayValues)
        let sent = PublisherRecorder(subject)
        relay.accept("typed")
        #expect(subject.value == "typed")
        #expect(sent.values == ["a", "typed"])
        #expect(relayValues.values == ["a", "typed"])
        binding.dispose()
    }

    @Test("rule 3: a value sent into the subject reaches the relay once and is not sent back")
    func subjectValueReachesRelayOnce() {
        let relay = BehaviorRelay(value: "a")
        let subject = CurrentValueSubject<String, Never>("a")
        let binding = relay <-> subject
        let relayValues = Recorder<String>()
        _ = relay.subscribe(relayValues)
        let sent = PublisherRecorder(subject)
        subject.send("from model")
        #expect(relayValues.values == ["a", "from model"])
        #expect(sent.values == ["a", "from model"])
        binding.dispose()
    }

    @Test("rule 4: non-Equatable values do not loop")
    func nonEquatableNoLoop() {
        let relay = BehaviorRelay(value: Note(text: "relay"))
        let subject = CurrentValueSubject<Note, Never>(Note(text: "model"))
        let binding = relay <-> subject
        let relayValues = Recorder<Note>()
        _ = relay.subscribe(relayValues)
        let sent = PublisherRecorder(subject)
        relay.accept(Note(text: "x"))
        subject.send(Note(text: "y"))
        #expect(relayValues.values.map(\.text) == ["model", "x", "y"])
        #expect(sent.values.map(\.text) == ["model", "x", "y"])
        binding.dispose()
    }

    @Test(
        "rule 5: a value the model sends while the relay's write is delivered reaches the relay once, afterwards",
        arguments: [true, false])
    func writeDuringDeliveryReachesRelay(modelSubscribesFirst: Bool) {
        let relay = BehaviorRelay(value: "")
        let subject = CurrentValueSubject<String, Never>("")
        let trimming = {
            subject.sink { text in if text.trimmed != text { subject.send(text.trimmed) } }
        }
        var model: AnyCancellable?
        if modelSubscribesFirst { model = trimming() }
        let binding = relay <-> subject
        if !modelSubscribesFirst { model = trimming() }
        let relayValues = Recorder<String>()
        _ = relay.subscribe(relayValues)
        relay.accept("  Bob ")
        #expect(subject.value == "Bob")
        #expect(relay.value == "Bob")
        #expect(relayValues.values == ["", "  Bob ", "Bob"])
        binding.dispose()
        model?.cancel()
    }

    @Test("rule 5: when the model sends several values during the write, the relay receives the latest, once")
    func severalWritesDuringDelivery() {
        let relay = BehaviorRelay(value: "")
        let subject = CurrentValueSubject<String, Never>("")
        let model = subject.sink { text in
            if text == "x" {
                subject.send("y")
                subject.send("z")
            }
        }
        let binding = relay <-> subject
        let relayValues = Recorder<String>()
        _ = relay.subscribe(relayValues)
        relay.accept("x")
        #expect(subject.value == "z")
        #expect(relayValues.values == ["", "x", "z"])
        binding.dispose()
        model.cancel()
    }

    @Test("rule 6: when the subject finishes the binding ends, and the relay does not complete")
    func subjectFinishingEndsBinding() {
        let relay = BehaviorRelay(value: "a")
        let subject = CurrentValueSubject<String, Never>("a")
        let binding = relay <-> subject
        let relayValues = Recorder<String>()
        _ = relay.subscribe(relayValues)
        subject.send(completion: .finished)
        #expect(binding.isDisposed)
        relay.accept("after")
        #expect(subject.value == "a")
        #expect(relayValues.descriptions == ["next(a)", "next(after)"])
    }

    @Test("rule 6: disposing the binding stops both directions, and disposing again does nothing")
    func disposeStopsBothDirections() {
        let relay = BehaviorRelay(value: "a")
        let subject = CurrentValueSubject<String, Never>("a")
        let binding = relay <-> subject
        binding.dispose()
        binding.dispose()
        relay.accept("relay")
        subject.send("subject")
        #expect(relay.value == "relay")
        #expect(subject.value == "subject")
    }

    @Test("rule 7: the relay, the subject and the binding are freed once the bag goes")
    func noRetainCycle() {
        var relay: BehaviorRelay<String>? = BehaviorRelay(value: "a")
        var subject: CurrentValueSubject<String, Never>? = CurrentValueSubject("b")
        var bag: DisposeBag? = DisposeBag()
        let binding = relay! <-> subject!
        binding.disposed(by: bag!)
        let weakRelay = Weak(relay), weakSubject = Weak(subject), weakBinding = Weak(binding as AnyObject)
        _ = consume binding
        relay = nil
        subject = nil
        bag = nil
        #expect(weakBinding.object == nil)
        #expect(weakRelay.object == nil)
        #expect(weakSubject.object == nil)
    }

    @Test("with the relay on the right, the relay wins on bind")
    func relayOnTheRightWins() {
        let relay = BehaviorRelay(value: "relay")
        let subject = CurrentValueSubject<String, Never>("model")
        let binding = subject <-> relay
        #expect(subject.value == "relay")
        subject.send("from subject")
        #expect(relay.value == "from subject")
        binding.dispose()
    }
}

@MainActor
@Suite("<-> between a ControlProperty and a CurrentValueSubject")
struct ControlSubjectBindingTests {
    @Test("the subject wins on bind; edits reach the subject once; subject values reach the control once")
    func bothDirections() {
        let control = FakeControl("view")
        let subject = CurrentValueSubject<String, Never>("model")
        let binding = control.property <-> subject
        #expect(control.setterCalls == ["model"])
        let sent = PublisherRecorder(subject)
        control.userEdit("typed")
        #expect(sent.values == ["model", "typed"])
        subject.send("from model")
        #expect(control.setterCalls == ["model", "from model"])
        binding.dispose()
    }

    @Test("a model that trims the user's edit sends the trimmed value to the control once")
    func trimmedValueReachesControl() {
        let control = FakeControl("")
        let subject = CurrentValueSubject<String, Never>("")
        let model = subject.sink { text in if text.trimmed != text { subject.send(text.trimmed) } }
        let binding = control.property <-> subject
        control.userEdit("  Bob ")
        #expect(control.setterCalls == ["", "Bob"])
        #expect(control.value == "Bob")
        binding.dispose()
        model.cancel()
    }

    @Test("when the control goes away the binding ends and lets the subject go")
    func controlGoingAwayEndsBinding() {
        var control: FakeControl<String>? = FakeControl("a")
        var subject: CurrentValueSubject<String, Never>? = CurrentValueSubject("b")
        let binding = control!.property <-> subject!
        let weakSubject = Weak(subject)
        control = nil
        #expect(binding.isDisposed)
        subject = nil
        #expect(weakSubject.object == nil)
    }
}
