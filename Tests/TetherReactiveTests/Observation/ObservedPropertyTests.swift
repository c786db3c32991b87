import Observation
import Testing
import TetherReactive

@MainActor
@Suite("ObservedProperty")
struct ObservedPropertyTests {
    @Test("its values start with the current value and follow every change synchronously")
    func valuesFollowChanges() {
        let model = Profile(name: "a")
        let values = Recorder<String>()
        let subscription = model.binding(\.name).subscribe(values)
        #expect(values.values == ["a"])
        model.name = "b"
        #expect(values.values == ["a", "b"], "delivered inside the setter, before it returns")
        model.name += "c"
        #expect(values.values == ["a", "b", "bc"])
        subscription.dispose()
    }

    @Test("an observer reads the new value in the notification, never the old one")
    func observerReadsNewValue() {
        let model = Profile(name: "old")
        var seen: [String] = []
        let subscription = model.binding(\.name).subscribe(onNext: { _ in seen.append(model.name) })
        model.name = "new"
        #expect(seen == ["old", "new"])
        subscription.dispose()
    }

    @Test("setting an Equatable property to an equal value is not reported")
    func equalValuesAreNotReported() {
        let model = Profile(name: "a")
        let values = Recorder<String>()
        let subscription = model.binding(\.name).subscribe(values)
        model.name = "a"
        #expect(values.values == ["a"])
        subscription.dispose()
    }

    @Test("changed reports changes without the current value")
    func changedSkipsCurrentValue() {
        let model = Profile(name: "a")
        let values = Recorder<String>()
        let subscription = model.binding(\.name).changed.subscribe(values)
        model.name = "b"
        #expect(values.values == ["b"])
        subscription.dispose()
    }

    @Test("each subscription is independent: disposing one leaves the others")
    func subscriptionsAreIndependent() {
        let model = Profile()
        let first = Recorder<Int>(), second = Recorder<Int>()
        let a = model.binding(\.count).subscribe(first)
        let b = model.binding(\.count).subscribe(second)
        model.count = 1
        a.dispose()
        model.count = 2
        #expect(first.values == [0, 1])
        #expect(second.values == [0, 1, 2])
        b.dispose()
    }

    @Test("the values complete when the object is deallocated")
    func completesWhenModelGoesAway() {
        var model: Profile? = Profile()
        let values = Recorder<Int>()
        _ = model!.binding(\.count).subscribe(values)
        model = nil
        #expect(values.descriptions == ["next(0)", "completed"])
    }

    @Test("subscribing after the object is gone completes at once")
    func subscribingToGoneModelCompletes() {
        var model: Profile? = Profile()
        let property = model!.binding(\.count)
        model = nil
        let values = Recorder<Int>()
        _ = property.subscribe(values)
        #expect(values.descriptions == ["completed"])
        #expect(property.value == nil)
    }

    @Test("as a binding target it sets the property, through the equality guard")
    func sinkSetsProperty() {
        let model = Profile(name: "a")
        let source = PublishSubject<String>()
        let binding = source.bind(to: model.binding(\.name))
        source.onNext("b")
        source.onNext("b")
        #expect(model.name == "b")
        #expect(model.nameWrites == 1, "the second, equal value is not written")
        binding.dispose()
    }

    @Test("<~ sets the property from a source")
    func oneWayOperatorSetsProperty() {
        let model = Profile()
        let relay = BehaviorRelay(value: "from relay")
        let binding = model.binding(\.name) <~ relay
        #expect(model.name == "from relay")
        relay.accept("again")
        #expect(model.name == "again")
        binding.dispose()
    }

    @Test("an error sent into the sink is rejected as a binding error and the property keeps its value")
    func sinkRejectsErrors() {
        let model = Profile(name: "kept")
        let spy = DiagnosticsSpy()
        spy.capture { model.binding(\.name).on(.error(TestError())) }
        #expect(spy.bindingErrors.count == 1)
        #expect(model.name == "kept")
    }

    @Test("a subscription keeps the object alive no more than the property does")
    func subscriptionDoesNotRetainModel() {
        var model: Profile? = Profile()
        let weakModel = Weak(model)
        let subscription = model!.binding(\.name).subscribe(onNext: { _ in })
        model = nil
        #expect(weakModel.object == nil)
        #expect(subscription.isDisposed)
    }

    @Test("after a subscription is disposed, later changes reach nothing and the model works on")
    func disposedSubscriptionIsInert() {
        let model = Profile()
        let values = Recorder<Int>()
        let subscription = model.binding(\.count).subscribe(values)
        subscription.dispose()
        model.count = 1
        model.count = 2
        #expect(values.values == [0])
        #expect(model.count == 2)
    }

    @Test("a key path passed in from elsewhere binds two ways as a literal one does")
    func keyPathFromElsewhereBindsTwoWays() {
        let model = Profile(name: "model")
        let keyPath: ReferenceWritableKeyPath<Profile, String> = [\Profile.name, \Profile.title][0]
        let relay = BehaviorRelay(value: "relay")
        let binding = relay <-> ObservedProperty(model, keyPath, isEqual: { $0 == $1 })
        #expect(relay.value == "model", "the model wins on bind")
        relay.accept("typed")
        #expect(model.name == "typed")
        model.name = "written"
        #expect(relay.value == "written")
        relay.accept("written")
        #expect(model.nameWrites == 2, "the equal value is not written again")
        binding.dispose()
    }

    @Test("a binding through a chain of objects writes the object the chain reaches now")
    func chainedKeyPathWritesTheCurrentEnd() {
        let first = Profile(name: "first")
        let model = Profile()
        model.friend = first
        let relay = BehaviorRelay(value: "")
        let binding = relay <-> model.binding(\.friend!.name)
        #expect(relay.value == "first")
        let second = Profile(name: "second")
        model.friend = second
        #expect(relay.value == "second")
        relay.accept("typed")
        #expect(second.name == "typed")
        #expect(first.name == "first")
        binding.dispose()
    }
}
