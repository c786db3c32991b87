import TetherReactive
import TetherTesting
import TetherUI

/// `tether-bench --count NAME --ops N`: the Tether side of one workload, N operations inside
/// `instructionCountRegion`, for callgrind (`.ci/check-instructions`, run with
/// `--collect-atstart=no --toggle-collect='*instructionCountRegion*'`). Each workload is set
/// up and warmed up first, outside the region, so the count divided by N is the steady cost
/// of one operation. Nothing is timed and nothing depends on the clock.
///
/// - `W6`: a write through `ControlProperty ⇄ BehaviorRelay`, user edits and model writes
///   alternating (as `w6Tether`).
/// - `W7`: a write into one of three relays under `combineLatest` → `map` →
///   `distinctUntilChanged` → a subscriber (as `w7Tether`).
/// - `W8`: a key through the demo's login screen, `a` and Backspace alternating (as W8 warm).
/// - `textarea-1mb`: a key in a `TextArea` holding 1 MB of ~70-character lines, the caret in
///   the middle, `a` and Backspace alternating (the editing benchmark's 1 MB middle case).
@MainActor
enum InstructionCounts {
    static let names = ["W6", "W7", "W8", "textarea-1mb", "W2-observation", "W2-observation-floor"]

    static func run(_ name: String, ops: Int) {
        precondition(ops > 0 && ops % 2 == 0, "--ops must be a positive even number")
        switch name {
        case "W6": w6(ops)
        case "W7": w7(ops)
        case "W8": w8(ops)
        case "textarea-1mb": textArea(ops)
        case "W2-observation": w2Observation(ops)
        case "W2-observation-floor": w2ObservationFloor(ops)
        default: fatalError("--count takes one of \(names.joined(separator: ", "))")
        }
        print("\(name): \(ops) operations counted; checksum \(checksum)")
    }

    static func w6(_ ops: Int) {
        let control = W6Control()
        let edits = TetherReactive.PublishSubject<Int>()
        let property = ControlProperty(control: control, getter: w6Getter(), setter: w6Setter(), edits: edits)
        let relay = BehaviorRelay<Int>(value: 0)
        let binding = property <-> relay
        let write = { (i: Int) in
            if i & 1 == 1 {
                control.value = i
                edits.onNext(i)
            } else {
                relay.accept(i)
            }
        }
        let warmUp = 1_000
        for i in 1...warmUp { write(i) }
        instructionCountRegion { for i in (warmUp + 1)...(warmUp + ops) { write(i) } }
        precondition(control.value == warmUp + ops && relay.value == warmUp + ops, "W6: the sides differ")
        binding.dispose()
        consume(control.value)
    }

    static func w7(_ ops: Int) {
        let a = BehaviorRelay(value: 0), b = BehaviorRelay(value: 0), c = BehaviorRelay(value: 0)
        let relays = [a, b, c]
        let total = Total()
        let subscription = Observable<(Int, Int, Int)>.combineLatest(a, b, c).map(w7IsValid).distinctUntilChanged()
            .subscribe(onNext: w7Counter(total))
        let warmUp = 999
        for i in 1...warmUp { relays[i % 3].accept(i) }
        instructionCountRegion { for i in (warmUp + 1)...(warmUp + ops) { relays[i % 3].accept(i) } }
        subscription.dispose()
        precondition(total.value > 1, "W7: no change reached the subscriber")
        consume(total.value)
    }

    static func w8(_ ops: Int) {
        let screen = LoginKeystrokeBenchmark.makeScreen()
        LoginKeystrokeBenchmark.check(screen)
        for index in 0..<200 { screen.pilot.press(LoginKeystrokeBenchmark.key(index)) }
        instructionCountRegion {
            for index in 0..<ops { screen.pilot.press(LoginKeystrokeBenchmark.key(index)) }
        }
        LoginKeystrokeBenchmark.check(screen)
        consume(screen.pilot.cellsWritten)
    }

    static func textArea(_ ops: Int) {
        let widget = "TextArea"
        let text = EditingBenchmark.text(1_000_000, for: widget)
        let (pilot, area) = EditingBenchmark.makeField(widget: widget, text: text, middle: true)
        let key = { (index: Int) in pilot.press(index % 2 == 0 ? .character("a") : .backspace) }
        for index in 0..<8 { key(index) }
        instructionCountRegion { for index in 0..<ops { key(index) } }
        precondition((area as? TextArea)?.text.utf8.count == text.utf8.count, "textarea-1mb: the text changed length")
        consume(pilot.cellsWritten)
    }
}

/// What callgrind counts (`--toggle-collect='*instructionCountRegion*'`): `body`, once.
@inline(never)
func instructionCountRegion(_ body: () -> Void) {
    body()
}
