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
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Running

var repetitions = 7
var only: Set<String>? = nil
var countName: String? = nil  // --count NAME: InstructionCounts.swift
var countOps = 100
var pasteMemory: (size: Int, widget: String, kind: String)? = nil  // --paste-memory: PasteMemory.swift
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
    case "--count":
        guard let value = arguments.next() else { fatalError("--count needs one of \(InstructionCounts.names)") }
        countName = value
    case "--ops":
        guard let value = arguments.next().flatMap(Int.init), value >= 1 else {
            fatalError("--ops needs a positive number")
        }
        countOps = value
    case "--paste-memory":
        guard let size = arguments.next().flatMap(Int.init), size >= 1, let widget = arguments.next() else {
            fatalError("--paste-memory needs a size and TextField or TextArea, then optionally ascii or mixed")
        }
        pasteMemory = (size, widget, arguments.next() ?? "ascii")
    case "-h", "--help":
        print(
            "usage: tether-bench [--reps N] [--only W1,W4.tether,W6,W8,keys,dropdown,...]   (default: 7 repetitions, every workload)"
        )
        print("       tether-bench --count W6|W7|W8|textarea-1mb --ops N   (for callgrind: .ci/check-instructions)")
        print(
            "       tether-bench --paste-memory SIZE TextField|TextArea [ascii|mixed]   (one paste's memory, one per process)"
        )
        exit(0)
    default:
        fatalError("unknown argument \(argument)")
    }
}

if let pasteMemory {
    PasteMemory.run(size: pasteMemory.size, widget: pasteMemory.widget, kind: pasteMemory.kind)
    exit(0)
}

if let countName {
    InstructionCounts.run(countName, ops: countOps)
    exit(0)
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
        _ = bytes.withUnsafeMutableBytes { writeToDescriptor(2, $0.baseAddress, $0.count) }
    }
}

/// `write(2)`, named apart from `FileHandleStderr.write(_:)`.
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
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
func row(_ workload: String, _ key: String, closure: String? = nil, target: String, limit: Double, extra: Bool = true)
    -> Row?
{
    guard let tether = medians["\(key).tether"], let combine = medians["\(key).combine"] else { return nil }
    return Row(
        workload: workload, tether: tether, combine: combine, closure: closure.flatMap { medians[$0] },
        target: target, pass: tether <= limit && extra)
}

let w3Flatness = medians["W3.100k.tether"].flatMap { big in medians["W3.10k.tether"].map { big / $0 } }
let rows: [Row] = [
    row("W1 map+filter, ns/event", "W1", closure: "W1.closure", target: "≤ 50", limit: 50),
    row("W2 two-way binding, ns/write", "W2", target: "≤ 300", limit: 300),
    row("W3 subscribe+dispose @10k, ns/sub", "W3.10k", target: "≤ 500", limit: 500),
    row(
        "W3 subscribe+dispose @100k, ns/sub", "W3.100k", target: "≤ 500, flat", limit: 500,
        extra: (w3Flatness ?? 0) <= 1.5),
    row("W4 1,000 subscribers, ns/delivery", "W4", closure: "W4.closure", target: "≤ 17", limit: 17),
    row("W5 heap bytes/live subscription", "W5", target: "≤ 200", limit: 200),
].compactMap { $0 }

print("| Workload | Tether | OpenCombine | Closure baseline | Tether/OpenCombine | Target (Tether) | Result |")
print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
for row in rows {
    let ratio = row.tether / row.combine
    print(
        "| \(row.workload) | \(format(row.tether)) | \(format(row.combine)) | \(format(row.closure)) | \(format(ratio, digits: 2)) | \(row.target) | \(row.pass ? "pass" : "FAIL") |"
    )
}
print("")
if let w3Flatness, let big = medians["W3.100k.combine"], let small = medians["W3.10k.combine"] {
    print(
        "W3 flatness, ns/sub at 100k ÷ at 10k: Tether \(format(w3Flatness, digits: 2)) (target ≤ 1.5), OpenCombine \(format(big / small, digits: 2))"
    )
}
print(
    "Medians of \(repetitions) repetitions (after 1 warm-up), implementations interleaved; \(format(elapsed, digits: 1)) s in all. W5 counts \(heapInUse() > 0 ? "malloc'd bytes (mallinfo2's uordblks)" : "resident bytes (/proc/self/statm)")."
)
if only != nil {
    for c in cases { print("\(c.key): \(format(medians[c.key]))") }
}
reportViewModelW2(repetitions: repetitions, only: only)
reportFormWorkloads(repetitions: repetitions, only: only)  // W6, W7
if only?.contains("W8") ?? true {
    let w8Repetitions = max(5, repetitions)
    LoginKeystrokeBenchmark.report(LoginKeystrokeBenchmark.run(repetitions: w8Repetitions), repetitions: w8Repetitions)
}
if only?.contains("keys") ?? true {
    KeystrokeBenchmark.report(KeystrokeBenchmark.run(repetitions: max(5, repetitions)))
}
if only?.contains("dropdown") ?? true {
    DropdownBenchmark.report(DropdownBenchmark.run(repetitions: max(9, repetitions)))
}
if only?.contains("editing") ?? true {
    EditingBenchmark.report(EditingBenchmark.run(repetitions: max(3, repetitions / 2)))
}
print("checksum \(checksum)")
