// W1-W5: the reactive core against OpenCombine and plain closures.

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
