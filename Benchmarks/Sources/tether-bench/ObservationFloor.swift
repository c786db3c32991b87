// Observation's own floor for a two-way binding's model side: `@Observable` writes with one
// registration of the kind `PropertyObservation` makes (the willSet/didSet form of
// `withObservationTracking`, Observation's SPI), whose callbacks do nothing but count. A
// writing endpoint registers willSet and didSet (it counts nested mutations to recognise its
// echo); a read-only observation registers didSet alone. Rows of the W2 view-model table.

@_spi(SwiftUI) import Observation

/// What the callbacks count; they run on the thread that writes (the main thread here).
final class CallbackCount: @unchecked Sendable {
    var value = 0
}

/// `@Observable` writes with a registration whose callbacks only count.
@MainActor
private func observedWrites(willSet: Bool) -> Double {
    let model = W2Model()
    let count = CallbackCount()
    if willSet {
        _ = withObservationTracking(
            { model.value }, willSet: { _ in count.value &+= 1 }, didSet: { _ in count.value &+= 1 })
    } else {
        _ = withObservationTracking({ model.value }, didSet: { _ in count.value &+= 1 })
    }
    let ns = nsPerOp(w2Writes) {
        for i in 1...w2Writes { model.value = i }
    }
    precondition(count.value >= w2Writes, "Observation's floor: \(count.value) callbacks")
    consume(model.value &+ count.value)
    return ns
}

/// Observation's floor for a binding's model side: willSet and didSet registered.
@MainActor
func w2ObservationFloorWillSetDidSet() -> Double { observedWrites(willSet: true) }

/// Observation's floor for a read-only observation: didSet alone registered.
@MainActor
func w2ObservationFloorDidSet() -> Double { observedWrites(willSet: false) }
