import Testing
import TetherReactive

@MainActor
@Suite("subscribe(onNext:onError:onCompleted:onDisposed:)")
struct ObservableConvertibleTests {
    @Test("onNext runs for every value, then onCompleted, then onDisposed")
    func completionOrder() {
        let log = Log()
        Observable.from([1, 2]).subscribe(
            onNext: { log("next \($0)") },
            onError: { _ in log("error") },
            onCompleted: { log("completed") },
            onDisposed: { log("disposed") })
        #expect(log.entries == ["next 1", "next 2", "completed", "disposed"])
    }

    @Test("onError runs once with the error, then onDisposed")
    func errorOrder() {
        let log = Log()
        let subject = PublishSubject<Int>()
        subject.subscribe(
            onNext: { log("next \($0)") },
            onError: { log("error \(($0 as? TestError)?.code ?? 0)") },
            onCompleted: { log("completed") },
            onDisposed: { log("disposed") })
        subject.onNext(1)
        subject.onError(TestError(code: 4))
        #expect(log.entries == ["next 1", "error 4", "disposed"])
    }

    @Test("a subscription disposes itself after a terminal event, so it reports isDisposed")
    func disposesItselfOnTerminal() {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { _ in })
        #expect(!subscription.isDisposed)
        subject.onCompleted()
        #expect(subscription.isDisposed)
    }

    @Test("disposing early runs onDisposed once and stops onNext")
    func earlyDispose() {
        let log = Log()
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { log("next \($0)") }, onDisposed: { log("disposed") })
        subject.onNext(1)
        subscription.dispose()
        subscription.dispose()
        subject.onNext(2)
        subject.onCompleted()
        #expect(log.entries == ["next 1", "disposed"])
        #expect(!subject.hasObservers)
    }

    @Test("an error without an onError handler is reported through Diagnostics")
    func unhandledErrorReported() {
        let spy = DiagnosticsSpy()
        spy.capture {
            Observable<Int>.error(TestError(code: 9)).subscribe(onNext: { _ in })
        }
        #expect(spy.reports == ["unhandled error: TestError(code: 9)"])
    }
}
