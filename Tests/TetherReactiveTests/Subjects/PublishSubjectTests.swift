import Testing
import TetherReactive

@MainActor
@Suite("PublishSubject")
struct PublishSubjectTests {
    @Test("delivers each value to every current observer, in subscription order")
    func deliversInSubscriptionOrder() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let subject = PublishSubject<Int>()
        let log = Log()
        subject.subscribe(onNext: { log("A\($0)") }).disposed(by: bag)
        subject.subscribe(onNext: { log("B\($0)") }).disposed(by: bag)
        subject.onNext(1)
        #expect(log.entries == ["A1", "B1"])
    }

    @Test("a late subscriber receives no earlier values")
    func lateSubscriber() {
        let subject = PublishSubject<Int>()
        subject.onNext(1)
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder)
        subject.onNext(2)
        #expect(recorder.values == [2])
    }

    @Test("nothing is delivered after completed, not even another terminal event")
    func nothingAfterCompleted() {
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder)
        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        subject.onError(TestError())
        subject.onCompleted()
        #expect(recorder.descriptions == ["next(1)", "completed"])
    }

    @Test("nothing is delivered after an error")
    func nothingAfterError() {
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder)
        subject.onError(TestError())
        subject.onNext(2)
        subject.onCompleted()
        #expect(recorder.terminalCount == 1)
        #expect(recorder.values.isEmpty)
    }

    @Test("a subscriber after completion receives the completion at once")
    func subscribeAfterCompleted() {
        let subject = PublishSubject<Int>()
        subject.onNext(1)
        subject.onCompleted()
        let recorder = Recorder<Int>()
        let subscription = subject.subscribe(recorder)
        #expect(recorder.descriptions == ["completed"])
        #expect(subscription.isDisposed)
    }

    @Test("a subscriber after an error receives the error at once")
    func subscribeAfterError() {
        let subject = PublishSubject<Int>()
        subject.onError(TestError(code: 2))
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder)
        #expect(recorder.error as? TestError == TestError(code: 2))
        #expect(recorder.events.count == 1)
    }

    @Test("a disposed observer receives nothing more")
    func nothingAfterDispose() {
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let subscription = subject.subscribe(recorder)
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        subject.onCompleted()
        #expect(recorder.descriptions == ["next(1)"])
    }

    @Test("hasObservers is true exactly while someone is subscribed")
    func hasObservers() {
        let subject = PublishSubject<Int>()
        #expect(!subject.hasObservers)
        let a = subject.subscribe(Recorder<Int>())
        let b = subject.subscribe(Recorder<Int>())
        a.dispose()
        #expect(subject.hasObservers)
        b.dispose()
        #expect(!subject.hasObservers)
    }

    @Test("a terminal event drops every observer and marks their subscriptions disposed")
    func terminalDropsObservers() {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(Recorder<Int>())
        subject.onCompleted()
        #expect(!subject.hasObservers)
        #expect(subscription.isDisposed)
    }

    @Test("disposing a subscription releases the observer's closures")
    func disposeReleasesObserver() {
        let subject = PublishSubject<Int>()
        var token: Token? = Token()
        let weakToken = Weak(token)
        let subscription = subject.subscribe(onNext: { [token] _ in _ = token })
        token = nil
        #expect(weakToken.object != nil)
        subscription.dispose()
        #expect(weakToken.object == nil)
    }

    @Test("a terminal event releases the observers' closures")
    func terminalReleasesObservers() {
        let subject = PublishSubject<Int>()
        var token: Token? = Token()
        let weakToken = Weak(token)
        let observer = AnyObserver<Int> { [token] _ in _ = token }
        token = nil
        let subscription = subject.subscribe(observer)
        _ = consume observer
        subject.onCompleted()
        #expect(weakToken.object == nil)
        subscription.dispose()
    }

    @Test("a subscription does not keep the subject alive")
    func subscriptionDoesNotRetainSubject() {
        var subject: PublishSubject<Int>? = PublishSubject()
        let weakSubject = Weak(subject)
        let subscription = subject!.subscribe(Recorder<Int>())
        subject = nil
        #expect(weakSubject.object == nil)
        subscription.dispose()
    }

    @Test("a subject dropped with a subscription never disposed releases that subscription's observer")
    func droppedSubjectReleasesObserver() {
        var subject: PublishSubject<Int>? = PublishSubject()
        var token: Token? = Token()
        let weakToken = Weak(token)
        _ = subject!.subscribe(onNext: { [token] _ in _ = token })
        token = nil
        #expect(weakToken.object != nil)
        subject = nil
        #expect(weakToken.object == nil)
    }
}
