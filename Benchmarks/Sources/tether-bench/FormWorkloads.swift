// W6 and W7 (issue 16): the reactive paths a form runs, against OpenCombine and plain closures.
//
// - W6: a control bound two ways with a model value holder, 1,000,000 writes alternating
//   between user edits and model writes.
// - W7: form validation: the latest values of three holders → a Bool → only its changes →
//   a subscriber, 1,000,000 writes round-robin. OpenCombine 0.14.0 has no `CombineLatest`
//   (it is listed in the package's RemainingCombineInterface.swift), so W7 has no OpenCombine
//   side: one written with hand-made combining would not measure OpenCombine's operators.
//
// Called once at the end of main.swift; runs when W6 or W7 is selected, interleaved within
// each repetition (rotating which goes first) after one warm-up repetition.

import OpenCombine
import TetherReactive

// MARK: - W6: a control property ⇄ a model value holder

let w6Writes = 1_000_000

/// A minimal control: a value that the user edits and a program sets.
final class W6Control {
    var value = 0
}

/// The control's getter and setter, made in nonisolated functions (see Measuring.swift).
func w6Getter() -> (W6Control) -> Int { { $0.value } }
func w6Setter() -> (W6Control, Int) -> Void { { $0.value = $1 } }

/// `control.rx.value <-> relay`: a `ControlProperty` over the control (equality guard `==`,
/// as every widget's), its edits from a subject, bound to a `BehaviorRelay`.
@MainActor
func w6Tether() -> Double {
    let control = W6Control()
    let edits = TetherReactive.PublishSubject<Int>()
    let property = ControlProperty(control: control, getter: w6Getter(), setter: w6Setter(), edits: edits)
    let relay = BehaviorRelay<Int>(value: 0)
    let binding = property <-> relay
    let ns = nsPerOp(w6Writes) {
        for i in 1...w6Writes {
            if i & 1 == 1 {
                control.value = i  // the user edits the control, which reports it
                edits.onNext(i)
            } else {
                relay.accept(i)
            }
        }
    }
    precondition(
        control.value == w6Writes && relay.value == w6Writes,
        "W6 Tether sides differ: \(control.value) vs \(relay.value)")
    binding.dispose()
    consume(control.value &+ relay.value)
    return ns
}

/// The control's sink for OpenCombine: sets the control when the model's value differs.
func w6ControlSetter(_ control: W6Control) -> (Int) -> Void {
    { if control.value != $0 { control.value = $0 } }
}

/// OpenCombine's two sinks: the control's edits into the model subject, and the model's
/// values into the control behind the same equality guard.
@MainActor
func w6OpenCombine() -> Double {
    let control = W6Control()
    let edits = PassthroughSubject<Int, Never>()
    let model = CurrentValueSubject<Int, Never>(0)
    let toControl = model.sink(receiveValue: w6ControlSetter(control))
    let toModel = edits.sink(receiveValue: sender(model))
    let ns = nsPerOp(w6Writes) {
        for i in 1...w6Writes {
            if i & 1 == 1 {
                control.value = i
                edits.send(i)
            } else {
                model.send(i)
            }
        }
    }
    precondition(
        control.value == w6Writes && model.value == w6Writes,
        "W6 OpenCombine sides differ: \(control.value) vs \(model.value)")
    toControl.cancel()
    toModel.cancel()
    consume(control.value &+ model.value)
    return ns
}

/// Plain closures: the control reports an edit to the model, the model reports a change
/// to the control, which ignores an equal value.
final class W6ClosureModel {
    var value = 0
    var onChange: (Int) -> Void = { _ in }
}

/// The control's edit handler and the model's change handler, wired behind an
/// `@inline(never)` call so the optimizer cannot see through them.
@inline(never)
func makeW6Closures(control: W6Control, model: W6ClosureModel) -> (Int) -> Void {
    model.onChange = { if control.value != $0 { control.value = $0 } }
    return { [model] value in
        model.value = value
        model.onChange(value)
    }
}

@MainActor
func w6Closures() -> Double {
    let control = W6Control()
    let model = W6ClosureModel()
    let edited = makeW6Closures(control: control, model: model)
    let ns = nsPerOp(w6Writes) {
        for i in 1...w6Writes {
            if i & 1 == 1 {
                control.value = i
                edited(i)
            } else {
                model.value = i
                model.onChange(i)
            }
        }
    }
    precondition(
        control.value == w6Writes && model.value == w6Writes,
        "W6 closure sides differ: \(control.value) vs \(model.value)")
    consume(control.value &+ model.value)
    return ns
}

// MARK: - W7: combineLatest of three → map to Bool → distinctUntilChanged → subscriber

let w7Writes = 1_000_000

/// The validation rule: a nonisolated function of the three latest values.
func w7IsValid(_ values: (Int, Int, Int)) -> Bool { (values.0 &+ values.1 &+ values.2) % 4 < 2 }

/// `{ total += 1 }` for each `true`, `{ total += 2 }` for each `false`: counts the changes.
func w7Counter(_ total: Total) -> (Bool) -> Void {
    let pointer = total.pointer
    return { pointer.pointee &+= $0 ? 1 : 2 }
}

/// What every W7 implementation must count: the Bool on subscription, then each change.
let w7Expected: Int = {
    var latest = (0, 0, 0)
    var last = w7IsValid(latest)
    var total = last ? 1 : 2
    for i in 1...w7Writes {
        switch i % 3 {
        case 0: latest.0 = i
        case 1: latest.1 = i
        default: latest.2 = i
        }
        let valid = w7IsValid(latest)
        if valid != last {
            total &+= valid ? 1 : 2
            last = valid
        }
    }
    return total
}()

@MainActor
func w7Tether() -> Double {
    let a = BehaviorRelay(value: 0), b = BehaviorRelay(value: 0), c = BehaviorRelay(value: 0)
    let relays = [a, b, c]
    let total = Total()
    let subscription = Observable<(Int, Int, Int)>.combineLatest(a, b, c).map(w7IsValid).distinctUntilChanged()
        .subscribe(onNext: w7Counter(total))
    let ns = nsPerOp(w7Writes) {
        for i in 1...w7Writes { relays[i % 3].accept(i) }
    }
    subscription.dispose()
    precondition(total.value == w7Expected, "W7 Tether total \(total.value) != \(w7Expected)")
    consume(total.value)
    return ns
}

/// Plain closures: each holder reports to one recompute closure, which keeps the latest
/// three values, applies the rule and passes on only a change.
final class W7ClosureState {
    var latest = (0, 0, 0)
    var last: Bool?
}

@inline(never)
func makeW7Closures(_ sink: @escaping (Bool) -> Void) -> [(Int) -> Void] {
    let state = W7ClosureState()
    let recompute: () -> Void = {
        let valid = w7IsValid(state.latest)
        if state.last == valid { return }
        state.last = valid
        sink(valid)
    }
    recompute()
    return [
        {
            state.latest.0 = $0; recompute()
        },
        {
            state.latest.1 = $0; recompute()
        },
        {
            state.latest.2 = $0; recompute()
        },
    ]
}

@MainActor
func w7Closures() -> Double {
    let total = Total()
    let setters = makeW7Closures(w7Counter(total))
    let ns = nsPerOp(w7Writes) {
        for i in 1...w7Writes { setters[i % 3](i) }
    }
    precondition(total.value == w7Expected, "W7 closure total \(total.value) != \(w7Expected)")
    consume(total.value)
    return ns
}

// MARK: - Report

/// Measures W6 and W7 (whichever `only` selects), interleaved, and prints their table.
@MainActor
func reportFormWorkloads(repetitions: Int, only: Set<String>?) {
    let workloads: [(key: String, name: String, target: Double, runs: [@MainActor () -> Double])] = [
        ("W6", "W6 ControlProperty ⇄ relay, ns/write", 150, [w6Tether, w6OpenCombine, w6Closures]),
        ("W7", "W7 combineLatest of 3 → map → distinctUntilChanged, ns/write", 300, [w7Tether, w7Closures]),
    ].filter { workload in only?.contains(workload.key) ?? true }
    guard !workloads.isEmpty else { return }
    var samples = workloads.map { [[Double]](repeating: [], count: $0.runs.count) }
    for repetition in 0...repetitions {  // repetition 0 is the warm-up
        for (w, workload) in workloads.enumerated() {
            for offset in 0..<workload.runs.count {
                let index = (offset + repetition) % workload.runs.count
                let value = workload.runs[index]()
                if repetition > 0 { samples[w][index].append(value) }
            }
        }
    }
    print("")
    print("Form workloads (issue 16), medians of \(repetitions) repetitions after 1 warm-up:")
    print("")
    print("| Workload | Tether | OpenCombine | Closure baseline | Target (Tether) | Result |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for (w, workload) in workloads.enumerated() {
        let tether = median(samples[w][0])
        let combine = workload.runs.count == 3 ? median(samples[w][1]) : nil
        let closure = median(samples[w][workload.runs.count - 1])
        print(
            "| \(workload.name) | \(format(tether)) | \(format(combine)) | \(format(closure)) | ≤ \(Int(workload.target)) | \(tether <= workload.target ? "pass" : "FAIL") |"
        )
    }
    if workloads.contains(where: { $0.key == "W7" }) {
        print("")
        print("W7 has no OpenCombine side: OpenCombine 0.14.0 has no CombineLatest.")
    }
}
