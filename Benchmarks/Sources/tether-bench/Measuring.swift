// Timing, heap and RSS helpers, and the subscriber closures every workload shares.

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
