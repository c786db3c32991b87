import Observation
import Testing
import TetherReactive

// The async bridges (`values`, `Observable.from(AsyncSequence)`, a Command's async body)
// against the sources view models are written with: relays, control properties,
// @Observable properties, and Observation's own `Observations` sequence.

@MainActor
@Suite("Async bridges over relays, control properties and @Observable properties")
struct ObservationAsyncBridgesTests {
    // MARK: values

    @Test("a relay's values start with its current value, then every accepted value")
    func relayValues() async {
        let relay = BehaviorRelay(value: 1)
        let stream = relay.values
        relay.accept(2)
        relay.accept(3)
        var received: [Int] = []
        for await value in stream {
            received.append(value)
            if value == 3 { break }
        }
        #expect(received == [1, 2, 3])
    }

    @Test("a control property's values are its current value then the user's edits, ending when the control goes away")
    func controlPropertyValuesEndWithControl() async {
        var control: FakeControl<String>? = FakeControl("start")
        let stream = control!.property.values
        control!.userEdit("edited")
        control!.programmaticSet("not an edit")
        control = nil
        var received: [String] = []
        for await value in stream { received.append(value) }
        #expect(received == ["start", "edited"])
    }

    @Test("an @Observable property's values follow every change and end when the object is deallocated")
    func observedPropertyValuesEndWithModel() async {
        var model: Profile? = Profile(name: "a")
        let stream = model!.binding(\.name).values
        model!.name = "b"
        model!.name = "c"
        model = nil
        var received: [String] = []
        for await value in stream { received.append(value) }
        #expect(received == ["a", "b", "c"])
    }

    @Test("cancelling the task consuming an @Observable property's values stops observing the property")
    func cancellingConsumerStopsObservation() async {
        let model = Profile()
        let state = ConsumerState()
        let stream = model.binding(\.count).asObservable().do(onDispose: { state.disposed = true }).values
        let consumer = Task { @MainActor in
            for await value in stream { state.received.append(value) }
        }
        model.count = 1
        #expect(await eventually { state.received == [0, 1] })
        consumer.cancel()
        await consumer.value
        #expect(await eventually { state.disposed })
        model.count = 2
        #expect(state.received == [0, 1])
    }

    // MARK: Observable.from(AsyncSequence)

    @Test("Observable.from(Observations) follows an @Observable property through Observation's own async sequence")
    func fromObservations() async {
        let model = Profile(name: "a")
        let values = Recorder<String>()
        let subscription = Observable.from(Observations { model.name }).subscribe(values)
        #expect(await eventually { values.values == ["a"] })
        model.name = "b"
        #expect(await eventually { values.values.last == "b" })
        model.name = "c"
        model.name = "d"
        #expect(await eventually { values.values.last == "d" })
        #expect(
            !values.values.contains("c"),
            "Observations delivers transactions: changes made in one turn arrive as one value")
        subscription.dispose()
    }

    // MARK: Command with an async body over the bridges

    @Test("a Command's async body can await an @Observable property's values and return when a condition holds")
    func commandAwaitsObservedValues() async {
        let model = Profile()
        let command = Command<Void, Int> { () async throws -> Int in
            for await count in model.binding(\.count).values where count >= 3 { return count }
            throw CancellationError()
        }
        let results = Recorder<Int>()
        _ = command.values.subscribe(results)
        command.execute()
        #expect(command.executing)
        for count in 1...3 {
            model.count = count
            await Task.yield()
        }
        #expect(await eventually { results.values == [3] })
        #expect(!command.executing)
    }

    @Test(
        "cancelling a Command whose async body iterates a relay's values ends the iteration and disposes the subscription"
    )
    func cancellingCommandEndsIteration() async {
        let relay = BehaviorRelay(value: 0)
        let state = ConsumerState()
        let command = Command<Void, Int> { () async throws -> Int in
            for await value in relay.asObservable().do(onDispose: { state.disposed = true }).values {
                state.received.append(value)
            }
            state.sawCancellation = Task.isCancelled
            try Task.checkCancellation()
            return -1
        }
        let results = Recorder<Int>(), errors = Recorder<any Error>()
        _ = command.values.subscribe(results)
        _ = command.errors.subscribe(errors)
        command.execute()
        #expect(await eventually { state.received == [0] }, "the body has started iterating")
        relay.accept(1)
        #expect(await eventually { state.received == [0, 1] })
        command.cancelAll()
        #expect(!command.executing)
        #expect(await eventually { state.sawCancellation && state.disposed })
        #expect(results.values.isEmpty)
        #expect(errors.values.isEmpty, "what a cancelled body throws is discarded")
        #expect(command.enabled)
    }
}

@MainActor
private final class ConsumerState {
    var received: [Int] = []
    var disposed = false
    var sawCancellation = false
}
