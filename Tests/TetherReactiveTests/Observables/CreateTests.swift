import Testing
import TetherReactive

@MainActor
@Suite("Observable.create")
struct CreateTests {
    @Test("delivers the events the producer sends")
    func deliversEvents() {
        let recorder = Recorder<Int>()
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }.subscribe(recorder)
        #expect(recorder.descriptions == ["next(1)", "next(2)", "completed"])
    }

    @Test("a misbehaving producer's events after completed are dropped")
    func nothingAfterCompleted() {
        let recorder = Recorder<Int>()
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onError(TestError())
            observer.onCompleted()
            return Disposables.create()
        }.subscribe(recorder)
        #expect(recorder.descriptions == ["next(1)", "completed"])
    }

    @Test("a misbehaving producer's events after an error are dropped")
    func nothingAfterError() {
        let recorder = Recorder<Int>()
        _ = Observable<Int>.create { observer in
            observer.onError(TestError(code: 3))
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }.subscribe(recorder)
        #expect(recorder.descriptions == ["error(TestError(code: 3))"])
    }

    @Test("events sent after the subscription is disposed are dropped")
    func nothingAfterDispose() {
        var captured: AnyObserver<Int>?
        let recorder = Recorder<Int>()
        let subscription = Observable<Int>.create { observer in
            captured = observer
            return Disposables.create()
        }.subscribe(recorder)
        captured?.onNext(1)
        subscription.dispose()
        captured?.onNext(2)
        captured?.onCompleted()
        #expect(recorder.descriptions == ["next(1)"])
    }

    @Test("the producer's disposable is disposed when the subscriber disposes")
    func disposesResourceOnDispose() {
        var disposed = 0
        let subscription = Observable<Int>.create { _ in
            Disposables.create { disposed += 1 }
        }.subscribe(Recorder<Int>())
        #expect(disposed == 0)
        subscription.dispose()
        subscription.dispose()
        #expect(disposed == 1)
        #expect(subscription.isDisposed)
    }

    @Test("the producer's disposable is disposed after a terminal event, even one sent before it was returned")
    func disposesResourceAfterTerminal() {
        var disposed = 0
        let subscription = Observable<Int>.create { observer in
            observer.onCompleted()
            return Disposables.create { disposed += 1 }
        }.subscribe(Recorder<Int>())
        #expect(disposed == 1)
        #expect(subscription.isDisposed)
    }

    @Test("the producer's disposable is disposed when it terminates later")
    func disposesResourceOnLaterTerminal() {
        var captured: AnyObserver<Int>?
        var disposed = 0
        _ = Observable<Int>.create { observer in
            captured = observer
            return Disposables.create { disposed += 1 }
        }.subscribe(Recorder<Int>())
        #expect(disposed == 0)
        captured?.onError(TestError())
        #expect(disposed == 1)
    }
}
