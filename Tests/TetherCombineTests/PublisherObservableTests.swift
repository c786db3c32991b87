#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Testing
import TetherCombine
import TetherReactive

@MainActor
@Suite("Publisher.asObservable()")
struct PublisherObservableTests {
    @Test("a subject's values arrive synchronously, and finishing completes the observable")
    func subjectValuesThenCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int>()
        _ = subject.asObservable().subscribe(recorder)
        subject.send(1)
        #expect(recorder.values == [1])
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.descriptions == ["next(1)", "next(2)", "completed"])
    }

    @Test("a CurrentValueSubject starts the observable with its current value")
    func currentValueFirst() {
        let subject = CurrentValueSubject<String, Never>("now")
        let recorder = Recorder<String>()
        let subscription = subject.asObservable().subscribe(recorder)
        subject.send("later")
        #expect(recorder.values == ["now", "later"])
        subscription.dispose()
    }

    @Test("a failure fails the observable with the publisher's error")
    func failureBecomesError() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int>()
        _ = subject.asObservable().subscribe(recorder)
        subject.send(1)
        subject.send(completion: .failure(TestError(code: 4)))
        #expect(recorder.values == [1])
        #expect(recorder.events.last?.error as? TestError == TestError(code: 4))
    }

    @Test("a publisher that emits on subscription (Just) delivers at once, then completes")
    func justDeliversSynchronously() {
        let recorder = Recorder<String>()
        _ = Just("hello").asObservable().subscribe(recorder)
        #expect(recorder.descriptions == ["next(hello)", "completed"])
    }

    @Test("disposing the subscription cancels the Combine subscription")
    func disposeCancels() {
        let subject = PassthroughSubject<Int, Never>()
        var cancelled = false
        let recorder = Recorder<Int>()
        let subscription = subject.handleEvents(receiveCancel: { cancelled = true }).asObservable().subscribe(recorder)
        subscription.dispose()
        #expect(cancelled)
        subject.send(1)
        #expect(recorder.values.isEmpty)
    }

    @Test("each subscription subscribes to the publisher anew")
    func subscriptionPerSubscribe() {
        var subscriptions = 0
        let source = Deferred { () -> Just<Int> in
            subscriptions += 1
            return Just(subscriptions)
        }.asObservable()
        let first = Recorder<Int>(), second = Recorder<Int>()
        _ = source.subscribe(first)
        _ = source.subscribe(second)
        #expect(first.values == [1])
        #expect(second.values == [2])
    }

    @Test("the bridged observable works with operators and bind(to:)")
    func worksWithOperatorsAndBind() {
        let subject = PassthroughSubject<Int, Never>()
        let relay = BehaviorRelay(value: "")
        let binding = subject.asObservable().map { "#\($0)" }.bind(to: relay)
        subject.send(7)
        #expect(relay.value == "#7")
        binding.dispose()
    }
}
