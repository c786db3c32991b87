// `tether-bench --count W2-observation|W2-observation-floor`: the relay ⇄ `@Observable`
// binding and Observation's own floor (one willSet+didSet registration doing nothing), N
// writes inside `instructionCountRegion` after a warm-up, for callgrind. Issue 24's target is
// the first within 2× the second.

@_spi(SwiftUI) import Observation
import TetherReactive

extension InstructionCounts {
    /// relay ⇄ `@Observable` through `<->` and `binding(\.value)`, writes alternating sides.
    static func w2Observation(_ ops: Int) {
        let relay = BehaviorRelay<Int>(value: 0)
        let model = W2Model()
        let binding = relay <-> model.binding(\.value)
        let write = { (i: Int) in
            if i & 1 == 1 { relay.accept(i) } else { model.value = i }
        }
        let warmUp = 1_000
        for i in 1...warmUp { write(i) }
        instructionCountRegion { for i in (warmUp + 1)...(warmUp + ops) { write(i) } }
        precondition(relay.value == warmUp + ops && model.value == warmUp + ops, "W2: the sides differ")
        binding.dispose()
        consume(relay.value)
    }

    /// `@Observable` writes with one willSet+didSet registration whose callbacks only count.
    static func w2ObservationFloor(_ ops: Int) {
        let model = W2Model()
        let count = CallbackCount()
        _ = withObservationTracking(
            { model.value }, willSet: { _ in count.value &+= 1 }, didSet: { _ in count.value &+= 1 })
        let warmUp = 1_000
        for i in 1...warmUp { model.value = i }
        instructionCountRegion { for i in (warmUp + 1)...(warmUp + ops) { model.value = i } }
        precondition(count.value >= warmUp + ops, "Observation's floor: \(count.value) callbacks")
        consume(model.value &+ count.value)
    }
}
