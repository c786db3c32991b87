import Observation
import Testing
import TetherReactive

/// A model that is not main-actor isolated, so a test can change it from another thread.
@Observable
final class UnisolatedCounter: @unchecked Sendable {
    var value = 0
}

/// A relay bound two ways to a model's `value` (main-actor isolated, so it can be handed
/// between tasks).
@MainActor
final class BoundCounter {
    let relay = BehaviorRelay<Int>(value: 0)
    let binding: any Disposable

    init(_ model: UnisolatedCounter) {
        let binding = relay <-> model.binding(\.value)
        self.binding = binding
    }
}

@Suite("ObservationLink")
struct ObservationLinkTests {
    @Test("a bound @Observable model changed off the main actor stops the process instead of racing")
    func changeOffTheMainActorStops() async {
        await #expect(processExitsWith: .failure) {
            let model = UnisolatedCounter()
            let bound = await BoundCounter(model)
            await Task.detached { model.value = 1 }.value
            await MainActor.run { bound.binding.dispose() }
        }
    }

    @Test("the same change made on the main actor reaches the relay")
    func changeOnTheMainActorIsReported() async {
        let model = UnisolatedCounter()
        let bound = await BoundCounter(model)
        await MainActor.run { model.value = 1 }
        #expect(await bound.relay.value == 1)
        await MainActor.run { bound.binding.dispose() }
    }
}
