import Testing
import TetherReactive

@MainActor
@Suite("do")
struct DoTests {
    @Test("runs onNext and onCompleted before passing each event on, unchanged")
    func sideEffectsBeforeEvents() {
        let log = Log()
        _ = Observable.from([1, 2])
            .do(onNext: { log("do \($0)") }, onCompleted: { log("do completed") })
            .subscribe(AnyObserver { log($0.description) })
        #expect(log.entries == ["do 1", "next(1)", "do 2", "next(2)", "do completed", "completed"])
    }

    @Test("runs onError before passing the error on")
    func onError() {
        let log = Log()
        _ = Observable<Int>.error(TestError())
            .do(onError: { _ in log("do error") })
            .subscribe(AnyObserver { log($0.isTerminal ? "terminal" : "next") })
        #expect(log.entries == ["do error", "terminal"])
    }

    @Test("runs onSubscribe before the source is subscribed")
    func onSubscribe() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let log = Log()
        let source = Observable<Int>.create { _ in
            log("subscribed")
            return Disposables.create()
        }
        source.do(onSubscribe: { log("onSubscribe") }).subscribe(Recorder<Int>()).disposed(by: bag)
        #expect(log.entries == ["onSubscribe", "subscribed"])
    }

    @Test("runs onDispose when the subscription is disposed, after disposing the source")
    func onDisposeOnDispose() {
        let log = Log()
        let source = Observable<Int>.create { _ in Disposables.create { log("source disposed") } }
        let subscription = source.do(onDispose: { log("onDispose") }).subscribe(Recorder<Int>())
        subscription.dispose()
        subscription.dispose()
        #expect(log.entries == ["source disposed", "onDispose"])
    }

    @Test("runs onDispose after a terminal event, once")
    func onDisposeAfterTerminal() {
        let log = Log()
        let subject = PublishSubject<Int>()
        let subscription =
            subject
            .do(onDispose: { log("onDispose") })
            .subscribe(AnyObserver { log($0.description) })
        subject.onCompleted()
        #expect(log.entries == ["completed", "onDispose"])
        subscription.dispose()
        #expect(log.entries == ["completed", "onDispose"])
    }

    @Test("runs onDispose after a synchronous source completes")
    func onDisposeAfterSynchronousTerminal() {
        var disposed = 0
        _ = Observable.just(1).do(onDispose: { disposed += 1 }).subscribe(Recorder<Int>())
        #expect(disposed == 1)
    }
}
