// W2 with the view-model styles beside the relay: the same 1,000,000 alternating writes
// through `<->`, with an `@Observable` model on one or both sides, and through TetherCombine's
// relay ⇄ CurrentValueSubject binding; OpenCombine's two subjects as in the main table.
// Called once at the end of main.swift; runs when W2 is selected.

import Observation
import OpenCombine
import TetherCombine
import TetherReactive

/// The W2 model written with Observation.
@Observable
final class W2Model {
    var value = 0
}

/// `@Observable` writes with nobody observing: the cost of the macro's setter alone.
@MainActor
func w2ObservationBare() -> Double {
    let model = W2Model()
    let ns = nsPerOp(w2Writes) {
        for i in 1...w2Writes { model.value = i }
    }
    precondition(model.value == w2Writes, "W2 bare @Observable: \(model.value)")
    consume(model.value)
    return ns
}

/// relay ⇄ `@Observable` property, writes alternating between the two sides.
@MainActor
func w2RelayObservation() -> Double {
    let relay = BehaviorRelay<Int>(value: 0)
    let model = W2Model()
    let binding = relay <-> model.binding(\.value)
    let ns = nsPerOp(w2Writes) {
        for i in 1...w2Writes {
            if i & 1 == 1 { relay.accept(i) } else { model.value = i }
        }
    }
    precondition(
        relay.value == w2Writes && model.value == w2Writes,
        "W2 relay ⇄ @Observable sides differ: \(relay.value) vs \(model.value)")
    binding.dispose()
    consume(relay.value &+ model.value)
    return ns
}

/// `@Observable` ⇄ `@Observable`, writes alternating between the two models.
@MainActor
func w2ObservationObservation() -> Double {
    let a = W2Model(), b = W2Model()
    let binding = a.binding(\.value) <-> b.binding(\.value)
    let ns = nsPerOp(w2Writes) {
        for i in 1...w2Writes {
            if i & 1 == 1 { a.value = i } else { b.value = i }
        }
    }
    precondition(
        a.value == w2Writes && b.value == w2Writes,
        "W2 @Observable ⇄ @Observable sides differ: \(a.value) vs \(b.value)")
    binding.dispose()
    consume(a.value &+ b.value)
    return ns
}

/// relay ⇄ OpenCombine `CurrentValueSubject` through TetherCombine's `<->`.
@MainActor
func w2RelaySubject() -> Double {
    let relay = BehaviorRelay<Int>(value: 0)
    let subject = CurrentValueSubject<Int, Never>(0)
    let binding = relay <-> subject
    let ns = nsPerOp(w2Writes) {
        for i in 1...w2Writes {
            if i & 1 == 1 { relay.accept(i) } else { subject.send(i) }
        }
    }
    precondition(
        relay.value == w2Writes && subject.value == w2Writes,
        "W2 relay ⇄ subject sides differ: \(relay.value) vs \(subject.value)")
    binding.dispose()
    consume(relay.value &+ subject.value)
    return ns
}

/// Measures the W2 variants interleaved (rotating which goes first), after one warm-up
/// repetition, and prints their medians as a Markdown table.
@MainActor
func reportViewModelW2(repetitions: Int, only: Set<String>?) {
    guard only?.contains("W2") ?? true else { return }
    let variants: [(name: String, run: @MainActor () -> Double)] = [
        ("relay ⇄ relay (`<->`)", w2Tether),
        ("relay ⇄ @Observable (`<->`, `binding(\\.value)`)", w2RelayObservation),
        ("@Observable ⇄ @Observable (`<->`)", w2ObservationObservation),
        ("relay ⇄ CurrentValueSubject (TetherCombine `<->`)", w2RelaySubject),
        ("OpenCombine: two CurrentValueSubjects, removeDuplicates + sink", w2OpenCombine),
        ("@Observable writes, no observer (macro setter alone)", w2ObservationBare),
        (
            "@Observable writes, one willSet+didSet registration doing nothing (Observation's floor)",
            w2ObservationFloorWillSetDidSet
        ),
        ("@Observable writes, one didSet registration doing nothing", w2ObservationFloorDidSet),
    ]
    var samples = [[Double]](repeating: [], count: variants.count)
    for repetition in 0...repetitions {
        for offset in 0..<variants.count {
            let index = (offset + repetition) % variants.count
            let value = variants[index].run()
            if repetition > 0 { samples[index].append(value) }
        }
    }
    print("")
    print(
        "W2 by view-model style, ns/write (1,000,000 alternating writes, medians of \(repetitions) repetitions after 1 warm-up):"
    )
    print("")
    print("| Two-way binding | ns/write |")
    print("| --- | ---: |")
    for (index, variant) in variants.enumerated() {
        print("| \(variant.name) | \(format(median(samples[index]))) |")
    }
}
