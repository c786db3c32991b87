#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Testing
import TetherCombine
import TetherReactive

@MainActor
@Suite("asPublisher()")
struct ObservablePublisherTests {
    @Test("a relay's publisher sends its current value, then every accepted value, and never fails")
    func relayPublisher() {
        let relay = BehaviorRelay(value: 1)
        let publisher: ObservablePublisher<Int, Never> = relay.asPublisher()
        let recorder = PublisherRecorder(publisher)
        relay.accept(2)
        #expect(recorder.values == [1, 2])
        #expect(recorder.completion == nil)
        recorder.cancel()
    }

    @Test("an observable's completion finishes the publisher, its error fails it")
    func completionAndFailure() {
        let finishing = PublisherRecorder(Observable.from([1, 2]).asPublisher())
        #expect(finishing.values == [1, 2])
        #expect(finishing.isFinished)

        let failing = PublisherRecorder(Observable<Int>.error(TestError(code: 3)).asPublisher())
        guard case .failure(let error) = failing.completion else {
            Issue.record("expected a failure, got \(String(describing: failing.completion))")
            return
        }
        #expect(error as? TestError == TestError(code: 3))
    }

    @Test("values beyond the subscriber's demand are buffered in order until it asks for more")
    func demandIsHonoured() {
        let subject = PublishSubject<Int>()
        let subscriber = StepSubscriber<Int, any Error>()
        subject.asPublisher().subscribe(subscriber)
        subscriber.request(1)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        #expect(subscriber.values == [1])
        subscriber.request(1)
        #expect(subscriber.values == [1, 2])
        subject.onCompleted()
        #expect(subscriber.completion == nil, "the completion waits behind the buffered value")
        subscriber.request(5)
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completion != nil)
    }

    @Test("the observable is subscribed when values are first requested, not before")
    func subscribesOnFirstRequest() {
        var subscribed = 0
        let source = Observable<Int>.just(1).do(onSubscribe: { subscribed += 1 })
        let subscriber = StepSubscriber<Int, any Error>()
        source.asPublisher().subscribe(subscriber)
        #expect(subscribed == 0)
        subscriber.request(1)
        #expect(subscribed == 1)
        #expect(subscriber.values == [1])
    }

    @Test("cancelling disposes the subscription to the observable")
    func cancelDisposes() {
        var disposed = false
        let relay = BehaviorRelay(value: 0)
        let recorder = PublisherRecorder(relay.asObservable().do(onDispose: { disposed = true }).asPublisher())
        recorder.cancel()
        #expect(disposed)
        relay.accept(1)
        #expect(recorder.values == [0])
    }

    @Test("a control property's publisher finishes when the control goes away")
    func controlPropertyFinishes() {
        var control: FakeControl<String>? = FakeControl("a")
        let recorder = PublisherRecorder(control!.property.asPublisher())
        control!.userEdit("b")
        control = nil
        #expect(recorder.values == ["a", "b"])
        #expect(recorder.isFinished)
    }

    @Test("Combine operators apply to the bridged publisher")
    func combineOperatorsApply() {
        let relay = BehaviorRelay(value: 1)
        let recorder = PublisherRecorder(relay.asPublisher().map { $0 * 10 }.filter { $0 > 10 })
        relay.accept(2)
        relay.accept(3)
        #expect(recorder.values == [20, 30])
        recorder.cancel()
    }
}
