// tether-scale: a Form of 10 … 10,000 text fields, each bound two ways (`<->`) to its own
// relay, on the headless backend at 80×24 (issue 16, "Scale").
//
//   swift build -c release --package-path Benchmarks --product tether-scale
//   Benchmarks/.build/release/tether-scale [--reps N]
//   Benchmarks/.build/release/tether-scale --keyed [--reps N]   # keyed form fields (issue 21)
//   Benchmarks/.build/release/tether-scale --count-build 1000   # for callgrind (.ci/check-instructions)
//
// For each size it reports:
// - build and bind: creating the relays, the fields and the form and binding every field
//   (`field.rx.text <-> relay`), median of N fresh builds (the tree is freed untimed);
// - start: the first layout and frame (`Pilot` starting the application), median of N;
// - memory per field: heap bytes in use (glibc `mallinfo2().uordblks`) and resident bytes
//   (`/proc/self/statm`) added by one build and start, divided by the number of fields;
// - a keystroke: `a` and Backspace alternating in the first field, each one `Pilot.press`
//   (routing, the edit, the binding writing the relay, the partial redraw and the diff),
//   the sizes interleaved, median of N.

import CHeapStats
import TetherReactive
import TetherTesting
import TetherUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether fields are keyed form fields (`--keyed`: `form.addField(_:_:key:)`, bound with
/// `field.rx.value <-> relay`) rather than plain rows bound at the widget.
nonisolated(unsafe) var keyedFields = false

/// One form with its relays and bindings.
@MainActor
final class BoundForm {
    let relays: [BehaviorRelay<String>]
    let form: Form
    let bag: DisposeBag

    init(fields: Int) {
        var relays: [BehaviorRelay<String>] = []
        relays.reserveCapacity(fields)
        let form = Form()
        let bag = DisposeBag()
        for index in 0..<fields {
            let relay = BehaviorRelay(value: "")
            let field = TextField(placeholder: "value", width: 30)
            if keyedFields {
                let keyed = form.addField("Field \(index + 1)", field, key: "field-\(index + 1)")
                (keyed.rx.value <-> relay).disposed(by: bag)
            } else {
                form.addField("Field \(index + 1)", field)
                (field.rx.text <-> relay).disposed(by: bag)
            }
            relays.append(relay)
        }
        let button = Button("Save")
        form.addButtons([button], default: button)
        self.relays = relays
        self.form = form
        self.bag = bag
    }

    func start() -> Pilot {
        try! Pilot(root: Panel(title: "\(relays.count) fields", form), size: Size(width: 80, height: 24))
    }
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// Resident set size in bytes, from /proc/self/statm.
func residentBytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 128)
    guard fgets(&line, Int32(line.count), file) != nil else { return 0 }
    let bytes = line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func formatted(_ value: Double, decimals: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return decimals == 0 ? "\(Int(rounded))" : "\(rounded)"
}

struct SizeResult {
    var fields: Int
    var buildMilliseconds: [Double] = []
    var startMilliseconds: [Double] = []
    var heapPerField = 0.0
    var residentPerField = 0.0
    var keyNanoseconds: [Double] = []
}

@MainActor
func measureBuilds(_ result: inout SizeResult, repetitions: Int) {
    for _ in 0..<repetitions {
        let start = ContinuousClock.now
        let built = BoundForm(fields: result.fields)
        let bound = ContinuousClock.now
        let pilot = built.start()
        let started = ContinuousClock.now
        result.buildMilliseconds.append(nanoseconds(bound - start) / 1e6)
        result.startMilliseconds.append(nanoseconds(started - bound) / 1e6)
        withExtendedLifetime((built, pilot)) {}
    }
}

/// Heap bytes in use added by `make`, per instance, for `count` instances kept alive.
@MainActor
func heapPerInstance<T>(_ count: Int, _ make: (Int) -> T) -> Double {
    var kept: [T] = []
    kept.reserveCapacity(count)
    let before = Int(cheapstats_heap_in_use())
    for index in 0..<count { kept.append(make(index)) }
    let after = Int(cheapstats_heap_in_use())
    withExtendedLifetime(kept) {}
    return Double(after - before) / Double(count)
}

/// `--breakdown`: what one bound field is made of, heap bytes each (10,000 of each kept alive).
@MainActor
func printBreakdown() {
    let count = 10_000
    let relay = heapPerInstance(count) { _ in BehaviorRelay(value: "") }
    let field = heapPerInstance(count) { _ in TextField(placeholder: "value", width: 30) }
    let label = heapPerInstance(count) { index in Label("Field \(index + 1)") }
    let form = Form()
    let fields = (0..<count).map { _ in TextField(placeholder: "value", width: 30) }
    let row = heapPerInstance(count) { index in form.addField("Field \(index + 1)", fields[index]) }
    let relays = (0..<count).map { _ in BehaviorRelay(value: "") }
    let bag = DisposeBag()
    let binding = heapPerInstance(count) { index in (fields[index].rx.text <-> relays[index]).disposed(by: bag) }
    print("| part (10,000 of each) | heap bytes each |")
    print("|---|---:|")
    for (name, bytes) in [
        ("BehaviorRelay<String>", relay), ("TextField", field), ("Label", label),
        ("Form.addField (its Field, label and error label; the field itself made before)", row),
        ("`field.rx.text <-> relay` in a DisposeBag", binding),
    ] {
        print("| \(name) | \(formatted(bytes, decimals: 0)) |")
    }
    withExtendedLifetime((form, fields, relays, bag)) {}
}

@MainActor
func typeKeys(_ pilot: Pilot, count: Int) {
    for index in 0..<count { pilot.press(index % 2 == 0 ? .character("a") : .backspace) }
}

/// `--count-build N`: one build and bind of an N-field form inside `instructionCountRegion`,
/// for callgrind (`.ci/check-instructions`, `--collect-atstart=no
/// --toggle-collect='*instructionCountRegion*'`), after an untimed warm-up build of 100
/// fields (one-time costs: metadata, the allocator's first arenas). The form is freed after
/// the region.
@MainActor
func countBuild(fields: Int) {
    _ = BoundForm(fields: 100).start()
    var built: BoundForm?
    instructionCountRegion { built = BoundForm(fields: fields) }
    precondition(built?.relays.count == fields)
    print("built and bound \(fields) fields once inside instructionCountRegion")
}

/// What callgrind counts (`--toggle-collect='*instructionCountRegion*'`): `body`, once.
@inline(never)
func instructionCountRegion(_ body: () -> Void) {
    body()
}

/// The command line: the repetitions (`--reps N`), or nil when a mode that runs on its own
/// (`--breakdown`, `--count-build N`) has run.
@MainActor
func parseArguments() -> Int? {
    var repetitions = 7
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = arguments.next() {
        if argument == "--breakdown" {
            printBreakdown()
            return nil
        }
        if argument == "--keyed" {
            keyedFields = true
            continue
        }
        if argument == "--count-build", let fields = arguments.next().flatMap(Int.init), fields >= 1 {
            countBuild(fields: fields)
            return nil
        }
        guard argument == "--reps", let value = arguments.next().flatMap(Int.init), value >= 1 else {
            print("usage: tether-scale [--keyed] [--reps N] | --breakdown | --count-build N")
            exit(argument == "-h" || argument == "--help" ? 0 : 2)
        }
        repetitions = value
    }
    return repetitions
}

@MainActor
func runScale() {
    guard let repetitions = parseArguments() else { return }
    let sizes = [10, 1_000, 10_000]
    var results = sizes.map { SizeResult(fields: $0) }
    _ = BoundForm(fields: 100).start()  // warm-up: code paths, the allocator's first arenas

    // Memory first, in a process that has built nothing big yet: one live form per size.
    var live: [(BoundForm, Pilot)] = []
    for index in results.indices {
        let heap = Int(cheapstats_heap_in_use()), resident = residentBytes()
        let built = BoundForm(fields: results[index].fields)
        let pilot = built.start()
        results[index].heapPerField = Double(Int(cheapstats_heap_in_use()) - heap) / Double(results[index].fields)
        results[index].residentPerField = Double(residentBytes() - resident) / Double(results[index].fields)
        live.append((built, pilot))
    }

    // Keystrokes, the sizes interleaved.
    let keys = 2_000
    for (_, pilot) in live { typeKeys(pilot, count: 200) }
    for _ in 0..<repetitions {
        for (index, (_, pilot)) in live.enumerated() {
            let start = ContinuousClock.now
            typeKeys(pilot, count: keys)
            results[index].keyNanoseconds.append(nanoseconds(ContinuousClock.now - start) / Double(keys))
        }
    }
    let relayText = live.map { $0.0.relays[0].value }
    live.removeAll()

    for index in results.indices { measureBuilds(&results[index], repetitions: repetitions) }

    print(
        "| fields | build and bind, ms | first layout and frame, ms | heap bytes/field | resident bytes/field | ns/key | × vs 10 fields |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    let base = median(results[0].keyNanoseconds)
    for result in results {
        let key = median(result.keyNanoseconds)
        print(
            "| \(result.fields) | \(formatted(median(result.buildMilliseconds), decimals: 2)) | \(formatted(median(result.startMilliseconds), decimals: 2)) | \(formatted(result.heapPerField, decimals: 0)) | \(formatted(result.residentPerField, decimals: 0)) | \(formatted(key, decimals: 0)) | \(formatted(key / base, decimals: 2)) |"
        )
    }
    print("")
    print(
        "(\(repetitions) repetitions; relays after typing: \(relayText.map { $0.debugDescription }.joined(separator: ", ")))"
    )
}

MainActor.assumeIsolated { runScale() }
