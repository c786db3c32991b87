import Synchronization
import Testing
import TetherReactive

/// The async bridges and async command bodies under load from many concurrent tasks, so
/// that the thread and address sanitizers (`swift test --sanitize=thread|address`) see the
/// hops between worker threads and the main actor. Work is started from task-group
/// children, which run on the global concurrent executor, not on the main actor.
@MainActor
@Suite("Concurrency stress", .timeLimit(.minutes(15)))
struct ConcurrencyStressTests {
    /// Polls every 2 ms until `condition` holds, for at most `seconds`; whether it did.
    ///
    /// The deadline is generous: every main-actor test of the process shares the main
    /// thread, and under the sanitizers a fuzzing suite can hold it for tens of seconds,
    /// while each value here needs a turn on it. Unloaded, these tests take well under a
    /// second.
    private func poll(seconds: Int = 600, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return condition()
    }

    @Test(
        "1,000 tasks feeding one AsyncStream bridged into an Observable deliver all 10,000 values once each, then completion"
    )
    func manyProducersIntoObservableFrom() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        var received: [Int] = []
        var completed = false
        let subscription = Observable.from(stream).subscribe(
            onNext: { received.append($0) },
            onCompleted: { completed = true })
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<1_000 {
                group.addTask {
                    for offset in 0..<10 { continuation.yield(task * 10 + offset) }
                }
            }
        }
        continuation.finish()
        #expect(await poll { completed })
        #expect(received.count == 10_000)
        #expect(Set(received).count == 10_000 && received.min() == 0 && received.max() == 9_999)
        subscription.dispose()
    }

    @Test(
        "1,000 subscriptions to Observable.from, disposed while worker tasks still yield, stop receiving and end their iteration"
    )
    func disposeWhileProducing() async {
        var streams: [AsyncStream<Int>.Continuation] = []
        var subscriptions: [any Disposable] = []
        var delivered = 0
        let terminated = TerminationCounter()
        for _ in 0..<1_000 {
            let (stream, continuation) = AsyncStream<Int>.makeStream()
            continuation.onTermination = { _ in terminated.increment() }
            streams.append(continuation)
            subscriptions.append(Observable.from(stream).subscribe(onNext: { _ in delivered += 1 }))
        }
        let continuations = streams
        async let produced: Void = withTaskGroup(of: Void.self) { group in
            for continuation in continuations {
                group.addTask {
                    for value in 0..<20 { continuation.yield(value) }
                }
            }
        }
        for subscription in subscriptions { subscription.dispose() }
        let afterDispose = delivered
        await produced
        #expect(await poll { terminated.value == 1_000 })
        for continuation in continuations { continuation.yield(-1) }
        await Task.yield()
        #expect(delivered == afterDispose)
    }

    @Test(
        "200 tasks each iterating values of one subject receive all 500 values in order, and the subject is left without observers"
    )
    func manyConsumersOfValues() async {
        let subject = PublishSubject<Int>()
        let consumers = 200
        let streams = (0..<consumers).map { _ in subject.values }
        let results = await withTaskGroup(of: [Int].self) { group in
            for stream in streams {
                group.addTask {
                    var seen: [Int] = []
                    for await value in stream { seen.append(value) }
                    return seen
                }
            }
            for value in 0..<500 {
                subject.onNext(value)
                if value % 50 == 0 { await Task.yield() }
            }
            subject.onCompleted()
            var all: [[Int]] = []
            for await seen in group { all.append(seen) }
            return all
        }
        #expect(results.count == consumers)
        #expect(results.allSatisfy { $0 == Array(0..<500) })
        #expect(!subject.hasObservers)
    }

    @Test("500 consumer tasks of values cancelled mid-stream unsubscribe from the subject")
    func cancelledConsumersUnsubscribe() async {
        let subject = PublishSubject<Int>()
        let started = TerminationCounter()
        let consumers = (0..<500).map { _ in
            let stream = subject.values
            return Task.detached {
                var count = 0
                for await _ in stream {
                    count += 1
                    if count == 1 { started.increment() }
                }
                return count
            }
        }
        var value = 0
        while started.value < 500 {
            subject.onNext(value)
            value += 1
            await Task.yield()
        }
        for consumer in consumers { consumer.cancel() }
        for consumer in consumers { _ = await consumer.value }
        #expect(await poll { !subject.hasObservers })
    }

    @Test(
        "1,000 concurrent executions of an async command, half cancelled, deliver exactly the other half's values and end idle"
    )
    func concurrentCommandExecutionsWithCancellation() async {
        let barrier = Barrier()
        let command = Command<Int, Int>(allowsConcurrentExecution: true) { input in
            await barrier.wait()  // so that no execution ends before the test cancels half of them
            // Leave the main actor for real work on another thread, then come back.
            let doubled = await Task.detached { input * 2 }.value
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...3)))
            return doubled
        }
        var values: [Int] = []
        var errors = 0
        let bag = DisposeBag()
        command.values.subscribe(onNext: { values.append($0) }).disposed(by: bag)
        command.errors.subscribe(onNext: { _ in errors += 1 }).disposed(by: bag)

        // Executions are requested from 1,000 worker tasks, each hopping to the main actor.
        let executions = await withTaskGroup(of: (Int, CommandExecution<Int>).self) { group in
            for input in 0..<1_000 {
                group.addTask { (input, await command.execute(input)) }
            }
            var all: [(Int, CommandExecution<Int>)] = []
            for await pair in group { all.append(pair) }
            return all
        }
        #expect(command.executing)
        let cancelled = Set(executions.filter { $0.0 % 2 == 1 }.map(\.0))
        for (input, execution) in executions where cancelled.contains(input) { execution.dispose() }
        #expect(await poll { barrier.waiting == 1_000 })
        barrier.open()

        #expect(await poll { !command.executing })
        #expect(command.enabled)
        #expect(errors == 0)
        #expect(values.sorted() == (0..<1_000).filter { !cancelled.contains($0) }.map { $0 * 2 })
    }

    @Test("cancelAll from a worker task while 500 concurrent executions sleep cancels every one of them")
    func cancelAllFromAnotherTask() async {
        let command = Command<Int, Int>(allowsConcurrentExecution: true) { input in
            try await Task.sleep(for: .seconds(60))
            return input
        }
        var values = 0
        let bag = DisposeBag()
        command.values.subscribe(onNext: { _ in values += 1 }).disposed(by: bag)
        for input in 0..<500 { command.execute(input) }
        #expect(command.executing)
        await Task.detached { await command.cancelAll() }.value
        #expect(await poll { !command.executing })
        #expect(values == 0)
    }
}

/// Holds every caller of `wait()` until `open()`.
@MainActor
private final class Barrier {
    private var continuations: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    /// How many callers are waiting.
    var waiting: Int { continuations.count }

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { continuations.append($0) }
    }

    func open() {
        isOpen = true
        let waiting = continuations
        continuations = []
        for continuation in waiting { continuation.resume() }
    }
}

/// A counter incremented from any thread (an `AsyncStream`'s `onTermination`, a detached
/// task) and read on the main actor.
/// An atomic rather than a `Mutex`: ThreadSanitizer cannot see `Mutex`'s lock in the
/// uninstrumented Synchronization library and reports the guarded value as a race.
private final class TerminationCounter: Sendable {
    private let count = Atomic(0)
    func increment() { count.add(1, ordering: .sequentiallyConsistent) }
    var value: Int { count.load(ordering: .sequentiallyConsistent) }
}
