// tether-bench: the reactive core (TetherReactive) against OpenCombine and plain closures.
//
//   swift run -c release --package-path Benchmarks tether-bench [--reps N]
//
// Every workload runs in this one process, the implementations interleaved within each
// repetition (Tether, OpenCombine, closure baseline, rotating which goes first), after
// one warm-up repetition that is not counted. Each figure is the median over the
// repetitions. The output is a Markdown table.

import CHeapStats
import OpenCombine
import TetherReactive

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - Measuring

/// Keeps a value alive and observable so the optimizer cannot delete the work behind it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Folds results into a checksum printed at the end (more protection against dead-code elimination).
nonisolated(unsafe) var checksum: UInt64 = 0

@inline(never)
func consume(_ value: Int) {
    checksum = checksum &* 31 &+ UInt64(truncatingIfNeeded: value)
}

/// Monotonic time in nanoseconds.
func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Runs `body` and returns the elapsed nanoseconds divided by `operations`.
@inline(__always)
func nsPerOp(_ operations: Int, _ body: () -> Void) -> Double {
    let start = now()
    body()
    return Double(now() - start) / Double(operations)
}

func heapInUse() -> Int { Int(cheapstats_heap_in_use()) }

/// Resident set size in bytes, from /proc/self/statm (fallback when mallinfo2 is missing).
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

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

// MARK: - Subscriber closures
//
// The subscriber bodies are made in nonisolated functions: a closure written inside a
// @MainActor function is main-actor isolated, and Swift 6 checks the executor on every
// call of such a closure once it is converted to a plain function type (about 40 ns per
// call here), which would swamp what is measured. Every implementation gets the same closures.

/// A counter the subscriber closures add to (a raw pointer: no exclusivity checks).
final class Total {
    let pointer = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    init() { pointer.initialize(to: 0) }
    deinit { pointer.deallocate() }
    var value: Int { pointer.pointee }
}

/// `{ total += $0 }`.
func adder(_ total: Total) -> (Int) -> Void {
    let pointer = total.pointer
    return { pointer.pointee &+= $0 }
}

/// The W1 operators' closures, as nonisolated functions.
func increment(_ value: Int) -> Int { value + 1 }
func isEven(_ value: Int) -> Bool { value % 2 == 0 }

/// `{ subject.send($0) }`, for the OpenCombine two-way binding.
func sender(_ subject: CurrentValueSubject<Int, Never>) -> (Int) -> Void {
    { subject.send($0) }
}

/// A subscriber that captures nothing.
func emptySubscriber() -> (Int) -> Void {
    { consume($0) }
}

// MARK: - W1: subject -> map(+1) -> filter(even) -> summing subscriber

let w1Events = 1_000_000

/// The sum every W1 implementation must reach.
let w1Expected: Int = (0..<w1Events).reduce(0) { sum, i in (i + 1) % 2 == 0 ? sum &+ (i + 1) : sum }

@MainActor
func w1Tether() -> Double {
    let subject = TetherReactive.PublishSubject<Int>()
    let total = Total()
    let subscription = subject.map(increment).filter(isEven).subscribe(onNext: adder(total))
    let ns = nsPerOp(w1Events) {
        for i in 0..<w1Events { subject.onNext(i) }
    }
    subscription.dispose()
    let sum = total.value
    precondition(sum == w1Expected, "W1 Tether sum \(sum) != \(w1Expected)")
    consume(sum)
    return ns
}

@MainActor
func w1OpenCombine() -> Double {
    let subject = PassthroughSubject<Int, Never>()
    let total = Total()
    let cancellable = subject.map(increment).filter(isEven).sink(receiveValue: adder(total))
    let ns = nsPerOp(w1Events) {
        for i in 0..<w1Events { subject.send(i) }
    }
    cancellable.cancel()
    let sum = total.value
    precondition(sum == w1Expected, "W1 OpenCombine sum \(sum) != \(w1Expected)")
    consume(sum)
    return ns
}

/// Three closures the optimizer cannot see through (built behind an `@inline(never)` call).
@inline(never)
func makeClosureChain(_ sink: @escaping (Int) -> Void) -> (Int) -> Void {
    let filter: (Int) -> Void = { if $0 % 2 == 0 { sink($0) } }
    let map: (Int) -> Void = { filter($0 + 1) }
    return map
}

@MainActor
func w1Closures() -> Double {
    let total = Total()
    let chain = makeClosureChain(adder(total))
    let ns = nsPerOp(w1Events) {
        for i in 0..<w1Events { chain(i) }
    }
    let sum = total.value
    precondition(sum == w1Expected, "W1 closure sum \(sum) != \(w1Expected)")
    consume(sum)
    return ns
}

// MARK: - W2: two value holders bound both ways, alternate writes

let w2Writes = 1_000_000

@MainActor
func w2Tether() -> Double {
    let a = BehaviorRelay<Int>(value: 0)
    let b = BehaviorRelay<Int>(value: 0)
    let binding = a <-> b
    let ns = nsPerOp(w2Writes) {
        for i in 1...w2Writes {
            if i & 1 == 1 { a.accept(i) } else { b.accept(i) }
        }
    }
    precondition(a.value == w2Writes && b.value == w2Writes, "W2 Tether sides differ: \(a.value) vs \(b.value)")
    binding.dispose()
    consume(a.value &+ b.value)
    return ns
}

@MainActor
func w2OpenCombine() -> Double {
    let a = CurrentValueSubject<Int, Never>(0)
    let b = CurrentValueSubject<Int, Never>(0)
    // removeDuplicates stops the echo: a -> b -> a arrives equal to a's last value.
    let ab = a.removeDuplicates().sink(receiveValue: sender(b))
    let ba = b.removeDuplicates().sink(receiveValue: sender(a))
    let ns = nsPerOp(w2Writes) {
        for i in 1...w2Writes {
            if i & 1 == 1 { a.send(i) } else { b.send(i) }
        }
    }
    precondition(a.value == w2Writes && b.value == w2Writes, "W2 OpenCombine sides differ: \(a.value) vs \(b.value)")
    ab.cancel()
    ba.cancel()
    consume(a.value &+ b.value)
    return ns
}

// MARK: - W3: create N subscriptions to one subject, then dispose them (creation order)
//
// Timed: creating the N subscriptions and disposing them all. Releasing the handles
// afterwards is not timed.

@MainActor
func w3Tether(_ count: Int) -> Double {
    let subject = TetherReactive.PublishSubject<Int>()
    var subscriptions: [any TetherReactive.Disposable] = []
    subscriptions.reserveCapacity(count)
    let ns = nsPerOp(count) {
        for _ in 0..<count { subscriptions.append(subject.subscribe(onNext: emptySubscriber())) }
        for subscription in subscriptions { subscription.dispose() }
    }
    precondition(!subject.hasObservers, "W3 Tether: observers left")
    blackHole(subscriptions)
    return ns
}

@MainActor
func w3OpenCombine(_ count: Int) -> Double {
    let subject = PassthroughSubject<Int, Never>()
    var cancellables: [AnyCancellable] = []
    cancellables.reserveCapacity(count)
    let ns = nsPerOp(count) {
        for _ in 0..<count { cancellables.append(subject.sink(receiveValue: emptySubscriber())) }
        for cancellable in cancellables { cancellable.cancel() }
    }
    blackHole(cancellables)
    return ns
}

// MARK: - W4: one subject, 1,000 subscribers, 10,000 events

let w4Subscribers = 1_000
let w4Events = 10_000
let w4Expected = w4Subscribers * (0..<w4Events).reduce(0, +)

@MainActor
func w4Tether() -> Double {
    let subject = TetherReactive.PublishSubject<Int>()
    let total = Total()
    var subscriptions: [any TetherReactive.Disposable] = []
    for _ in 0..<w4Subscribers { subscriptions.append(subject.subscribe(onNext: adder(total))) }
    let ns = nsPerOp(w4Subscribers * w4Events) {
        for i in 0..<w4Events { subject.onNext(i) }
    }
    for subscription in subscriptions { subscription.dispose() }
    precondition(total.value == w4Expected, "W4 Tether total \(total.value) != \(w4Expected)")
    consume(total.value)
    return ns
}

@MainActor
func w4OpenCombine() -> Double {
    let subject = PassthroughSubject<Int, Never>()
    let total = Total()
    var cancellables: [AnyCancellable] = []
    for _ in 0..<w4Subscribers { cancellables.append(subject.sink(receiveValue: adder(total))) }
    let ns = nsPerOp(w4Subscribers * w4Events) {
        for i in 0..<w4Events { subject.send(i) }
    }
    for cancellable in cancellables { cancellable.cancel() }
    precondition(total.value == w4Expected, "W4 OpenCombine total \(total.value) != \(w4Expected)")
    consume(total.value)
    return ns
}

@MainActor
func w4Closures() -> Double {
    let total = Total()
    var closures: [(Int) -> Void] = []
    for _ in 0..<w4Subscribers { closures.append(adder(total)) }
    blackHole(closures)
    let ns = nsPerOp(w4Subscribers * w4Events) {
        for i in 0..<w4Events {
            for closure in closures { closure(i) }
        }
    }
    precondition(total.value == w4Expected, "W4 closure total \(total.value) != \(w4Expected)")
    consume(total.value)
    return ns
}

// MARK: - W5: heap bytes per live subscription, 100,000 alive

let w5Subscriptions = 100_000

/// Bytes per subscription, from malloc's count (mallinfo2) when available, else RSS.
@MainActor
func measureBytes(_ create: () -> Void) -> Double {
    let useMalloc = heapInUse() > 0
    let before = useMalloc ? heapInUse() : residentBytes()
    create()
    let after = useMalloc ? heapInUse() : residentBytes()
    return Double(after - before) / Double(w5Subscriptions)
}

@MainActor
func w5Tether() -> Double {
    let subject = TetherReactive.PublishSubject<Int>()
    var subscriptions: [any TetherReactive.Disposable] = []
    subscriptions.reserveCapacity(w5Subscriptions)
    let bytes = measureBytes {
        for _ in 0..<w5Subscriptions { subscriptions.append(subject.subscribe(onNext: emptySubscriber())) }
    }
    precondition(subject.hasObservers)
    for subscription in subscriptions { subscription.dispose() }
    blackHole(subscriptions)
    return bytes
}

@MainActor
func w5OpenCombine() -> Double {
    let subject = PassthroughSubject<Int, Never>()
    var cancellables: [AnyCancellable] = []
    cancellables.reserveCapacity(w5Subscriptions)
    let bytes = measureBytes {
        for _ in 0..<w5Subscriptions { cancellables.append(subject.sink(receiveValue: emptySubscriber())) }
    }
    for cancellable in cancellables { cancellable.cancel() }
    blackHole(cancellables)
    return bytes
}

// MARK: - Running

var repetitions = 7
var only: Set<String>? = nil
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--reps":
        guard let value = arguments.next().flatMap(Int.init), value >= 1 else {
            fatalError("--reps needs a positive number")
        }
        repetitions = value
    case "--only":
        guard let value = arguments.next() else { fatalError("--only needs a list such as W1,W4") }
        only = Set(value.split(separator: ",").map(String.init))
    case "-h", "--help":
        print("usage: tether-bench [--reps N] [--only W1,W4.tether,keys,...]   (default: 7 repetitions, every workload)")
        exit(0)
    default:
        fatalError("unknown argument \(argument)")
    }
}

/// One measured quantity: a name and the function that measures it once.
struct Case {
    let key: String
    let run: @MainActor () -> Double
}

let allCases: [Case] = [
    Case(key: "W1.tether", run: w1Tether),
    Case(key: "W1.combine", run: w1OpenCombine),
    Case(key: "W1.closure", run: w1Closures),
    Case(key: "W2.tether", run: w2Tether),
    Case(key: "W2.combine", run: w2OpenCombine),
    Case(key: "W3.10k.tether", run: { w3Tether(10_000) }),
    Case(key: "W3.10k.combine", run: { w3OpenCombine(10_000) }),
    Case(key: "W3.100k.tether", run: { w3Tether(100_000) }),
    Case(key: "W3.100k.combine", run: { w3OpenCombine(100_000) }),
    Case(key: "W4.tether", run: w4Tether),
    Case(key: "W4.combine", run: w4OpenCombine),
    Case(key: "W4.closure", run: w4Closures),
    Case(key: "W5.tether", run: w5Tether),
    Case(key: "W5.combine", run: w5OpenCombine),
]

let cases = allCases.filter { c in only.map { $0.contains { c.key.hasPrefix($0) } } ?? true }

/// Groups of cases that measure the same workload; within a repetition each group runs
/// its members back to back, starting with a different member each time.
let groups: [[Int]] = {
    var groups: [String: [Int]] = [:]
    var order: [String] = []
    for (index, c) in cases.enumerated() {
        let workload = c.key.split(separator: ".").dropLast().joined(separator: ".")
        if groups[workload] == nil { order.append(workload) }
        groups[workload, default: []].append(index)
    }
    return order.map { groups[$0]! }
}()

var samples = [[Double]](repeating: [], count: cases.count)
let started = now()
for repetition in 0...repetitions {  // repetition 0 is the warm-up
    for group in groups {
        for offset in 0..<group.count {
            let index = group[(offset + repetition) % group.count]
            let value = cases[index].run()
            if repetition > 0 { samples[index].append(value) }
        }
    }
    if repetition > 0 {
        FileHandleStderr.write("repetition \(repetition)/\(repetitions) done\n")
    }
}
let elapsed = Double(now() - started) / 1e9

var medians: [String: Double] = [:]
for (index, c) in cases.enumerated() { medians[c.key] = median(samples[index]) }

enum FileHandleStderr {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}

// MARK: - Report

func format(_ value: Double?, digits: Int = 1) -> String {
    guard let value, value.isFinite else { return "–" }
    if value >= 1000 {
        let rounded = Int(value.rounded())
        var text = String(rounded)
        var index = text.count - 3
        while index > 0 {
            text.insert(",", at: text.index(text.startIndex, offsetBy: index))
            index -= 3
        }
        return text
    }
    var text = String(Int((value * pow(10, Double(digits))).rounded()))
    while text.count <= digits { text = "0" + text }
    text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
    return text
}

struct Row {
    let workload: String
    let tether: Double
    let combine: Double
    let closure: Double?
    let target: String
    let pass: Bool
}

@MainActor
func row(_ workload: String, _ key: String, closure: String? = nil, target: String, limit: Double, extra: Bool = true) -> Row? {
    guard let tether = medians["\(key).tether"], let combine = medians["\(key).combine"] else { return nil }
    return Row(workload: workload, tether: tether, combine: combine, closure: closure.flatMap { medians[$0] },
               target: target, pass: tether <= limit && extra)
}

let w3Flatness = medians["W3.100k.tether"].flatMap { big in medians["W3.10k.tether"].map { big / $0 } }
let rows: [Row] = [
    row("W1 map+filter, ns/event", "W1", closure: "W1.closure", target: "≤ 50", limit: 50),
    row("W2 two-way binding, ns/write", "W2", target: "≤ 300", limit: 300),
    row("W3 subscribe+dispose @10k, ns/sub", "W3.10k", target: "≤ 500", limit: 500),
    row("W3 subscribe+dispose @100k, ns/sub", "W3.100k", target: "≤ 500, flat", limit: 500, extra: (w3Flatness ?? 0) <= 1.5),
    row("W4 1,000 subscribers, ns/delivery", "W4", closure: "W4.closure", target: "≤ 17", limit: 17),
    row("W5 heap bytes/live subscription", "W5", target: "≤ 200", limit: 200),
].compactMap { $0 }

print("| Workload | Tether | OpenCombine | Closure baseline | Tether/OpenCombine | Target (Tether) | Result |")
print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
for row in rows {
    let ratio = row.tether / row.combine
    print("| \(row.workload) | \(format(row.tether)) | \(format(row.combine)) | \(format(row.closure)) | \(format(ratio, digits: 2)) | \(row.target) | \(row.pass ? "pass" : "FAIL") |")
}
print("")
if let w3Flatness, let big = medians["W3.100k.combine"], let small = medians["W3.10k.combine"] {
    print("W3 flatness, ns/sub at 100k ÷ at 10k: Tether \(format(w3Flatness, digits: 2)) (target ≤ 1.5), OpenCombine \(format(big / small, digits: 2))")
}
print("Medians of \(repetitions) repetitions (after 1 warm-up), implementations interleaved; \(format(elapsed, digits: 1)) s in all. W5 counts \(heapInUse() > 0 ? "malloc'd bytes (mallinfo2().uordblks)" : "resident bytes (/proc/self/statm)").")
if only != nil {
    for c in cases { print("\(c.key): \(format(medians[c.key]))") }
}
reportViewModelW2(repetitions: repetitions, only: only)
if only?.contains("keys") ?? true {
    KeystrokeBenchmark.report(KeystrokeBenchmark.run(repetitions: max(5, repetitions)))
}
print("checksum \(checksum)")
