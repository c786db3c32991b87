import Testing
import TetherReactive

@MainActor
@Suite("Async bridges")
struct AsyncBridgesTests {
    // MARK: Observable.from(AsyncSequence)

    @Test("Observable.from(AsyncStream) delivers the stream's elements, then completes")
    func fromAsyncStreamDeliversThenCompletes() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish()
        let recorder = Recorder<Int>()
        let subscription = Observable.from(stream).subscribe(recorder)
        #expect(await eventually { recorder.isCompleted })
        #expect(recorder.descriptions == ["next(1)", "next(2)", "completed"])
        subscription.dispose()
    }

    @Test("Observable.from(AsyncThrowingStream) fails with the stream's error")
    func fromAsyncThrowingStreamFails() async {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.yield(1)
        continuation.finish(throwing: TestError(code: 8))
        let recorder = Recorder<Int>()
        let subscription = Observable.from(stream).subscribe(recorder)
        #expect(await eventually { recorder.terminalCount == 1 })
        #expect(recorder.values == [1])
        #expect(recorder.error as? TestError == TestError(code: 8))
        subscription.dispose()
    }

    @Test("disposing an Observable.from(AsyncStream) subscription cancels the iteration")
    func fromAsyncStreamDisposeCancels() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let state = State()
        continuation.onTermination = { termination in
            if case .cancelled = termination { Task { @MainActor in state.cancelled = true } }
        }
        let recorder = Recorder<Int>()
        let subscription = Observable.from(stream).subscribe(recorder)
        continuation.yield(1)
        #expect(await eventually { recorder.values == [1] })
        subscription.dispose()
        #expect(await eventually { state.cancelled })
        continuation.yield(2)
        await Task.yield()
        #expect(recorder.descriptions == ["next(1)"])
    }

    // MARK: values

    @Test("values yields every value and ends when the source completes")
    func valuesEndsOnCompletion() async {
        let subject = PublishSubject<Int>()
        let stream = subject.values
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        var received: [Int] = []
        for await value in stream { received.append(value) }
        #expect(received == [1, 2])
    }

    @Test("values ends, without throwing, when the source fails")
    func valuesEndsOnError() async {
        let subject = PublishSubject<Int>()
        let stream = subject.values
        subject.onNext(1)
        subject.onError(TestError())
        var received: [Int] = []
        for await value in stream { received.append(value) }
        #expect(received == [1])
    }

    @Test("values starts the subscription when the stream is created, buffering until iterated")
    func valuesSubscribesAtCreation() async {
        let subject = PublishSubject<Int>()
        #expect(!subject.hasObservers)
        let stream = subject.values
        #expect(subject.hasObservers)
        subject.onNext(1)
        subject.onCompleted()
        var received: [Int] = []
        for await value in stream { received.append(value) }
        #expect(received == [1])
    }

    @Test("cancelling the consuming task ends the stream and disposes the subscription")
    func valuesCancelledConsumerDisposes() async {
        let subject = PublishSubject<Int>()
        let stream = subject.values
        let state = State()
        let consumer = Task { @MainActor in
            for await value in stream { state.received.append(value) }
        }
        subject.onNext(1)
        #expect(await eventually { state.received == [1] })
        #expect(subject.hasObservers)
        consumer.cancel()
        await consumer.value
        #expect(await eventually { !subject.hasObservers })
    }

    // MARK: Observable.task

    @Test("Observable.task emits the operation's result, then completes")
    func taskEmitsResult() async {
        let recorder = Recorder<Int>()
        let subscription = Observable.task { 42 }.subscribe(recorder)
        #expect(await eventually { recorder.isCompleted })
        #expect(recorder.descriptions == ["next(42)", "completed"])
        subscription.dispose()
    }

    @Test("Observable.task fails with what the operation throws")
    func taskFails() async {
        let recorder = Recorder<Int>()
        let subscription = Observable<Int>.task { throw TestError(code: 6) }.subscribe(recorder)
        #expect(await eventually { recorder.terminalCount == 1 })
        #expect(recorder.error as? TestError == TestError(code: 6))
        subscription.dispose()
    }

    @Test("Observable.task runs the operation once per subscription")
    func taskPerSubscription() async {
        let state = State()
        let source = Observable.task { () -> Int in
            state.runs += 1
            return state.runs
        }
        let first = Recorder<Int>(), second = Recorder<Int>()
        let a = source.subscribe(first), b = source.subscribe(second)
        #expect(await eventually { first.isCompleted && second.isCompleted })
        #expect(Set(first.values + second.values) == [1, 2])
        a.dispose()
        b.dispose()
    }

    @Test("disposing an Observable.task subscription cancels the task and drops its result")
    func taskDisposeCancels() async {
        let (gate, gateContinuation) = AsyncStream<Void>.makeStream()
        let state = State()
        let recorder = Recorder<Int>()
        let subscription = Observable.task { () -> Int in
            state.started = true
            for await _ in gate {}
            state.sawCancellation = Task.isCancelled
            return 1
        }.subscribe(recorder)
        #expect(await eventually { state.started })
        subscription.dispose()
        #expect(await eventually { state.sawCancellation })
        await Task.yield()
        #expect(recorder.events.isEmpty)
        gateContinuation.finish()
    }
}

@MainActor
private final class State {
    var cancelled = false
    var started = false
    var sawCancellation = false
    var runs = 0
    var received: [Int] = []
}
