import Observation
import Testing
import TetherReactive

@MainActor
@Suite("observe(_:) on an @Observable object")
struct KeyPathObservableTests {
    @Test("a stored property is observed from its current value, synchronously")
    func storedProperty() {
        let model = Profile(name: "a")
        let values = Recorder<String>()
        let subscription = model.observe(\.name).subscribe(values)
        model.name = "b"
        #expect(values.values == ["a", "b"])
        subscription.dispose()
    }

    @Test("a computed property is re-read after every change of a property it reads")
    func computedProperty() {
        let model = Profile(name: "Ann")
        let values = Recorder<String>()
        let subscription = model.observe(\.greeting).subscribe(values)
        model.name = "Bob"
        model.count = 3
        #expect(values.values == ["Hello, Ann", "Hello, Bob"], "count is not read by greeting")
        subscription.dispose()
    }

    @Test("a computed property whose dependencies change is followed through the new ones")
    func dynamicDependencies() {
        let model = Profile(name: "Ann")
        let values = Recorder<String>()
        let subscription = model.observe(\.displayName).subscribe(values)
        model.nickname = "Annie"
        model.name = "Anna"
        model.nickname = nil
        model.name = "Anne"
        #expect(
            values.values == ["Ann", "Annie", "Anna", "Anne"],
            "while the nickname is set, name is not read, so changing it reports nothing")
        subscription.dispose()
    }

    @Test("a key path through another @Observable object follows both objects")
    func keyPathChain() {
        let model = Profile()
        let first = Profile(name: "first"), second = Profile(name: "second")
        model.friend = first
        let values = Recorder<String?>()
        let subscription = model.observe(\.friend?.name).subscribe(values)
        first.name = "first, renamed"
        model.friend = second
        first.name = "ignored now"
        second.name = "second, renamed"
        #expect(values.values == ["first", "first, renamed", "second", "second, renamed"])
        subscription.dispose()
    }

    @Test("it can be bound one way into a relay with bind(to:) and <~")
    func bindsOneWay() {
        let model = Profile(name: "a")
        let viaBind = BehaviorRelay(value: ""), viaOperator = BehaviorRelay(value: "")
        let first = model.observe(\.greeting).bind(to: viaBind)
        let second = viaOperator <~ model.observe(\.greeting)
        model.name = "b"
        #expect(viaBind.value == "Hello, b")
        #expect(viaOperator.value == "Hello, b")
        first.dispose()
        second.dispose()
    }

    @Test("operators apply as to any observable")
    func operatorsApply() {
        let model = Profile()
        let values = Recorder<Bool>()
        let subscription = model.observe(\.name).map { !$0.isEmpty }.distinctUntilChanged().subscribe(values)
        model.name = "a"
        model.name = "ab"
        model.name = ""
        #expect(values.values == [false, true, false])
        subscription.dispose()
    }

    @Test("a key path that reads no tracked property sends its current value and completes")
    func untrackedKeyPathCompletes() {
        let model = Profile()
        model.untracked = 5
        let values = Recorder<Int>()
        _ = model.observe(\.untracked).subscribe(values)
        #expect(values.descriptions == ["next(5)", "completed"])
    }

    @Test("it completes when the object is deallocated and does not keep it alive")
    func completesWhenModelGoesAway() {
        var model: Profile? = Profile()
        let weakModel = Weak(model)
        let values = Recorder<String>()
        _ = model!.observe(\.greeting).subscribe(values)
        model = nil
        #expect(weakModel.object == nil)
        #expect(values.descriptions == ["next(Hello, )", "completed"])
    }
}
