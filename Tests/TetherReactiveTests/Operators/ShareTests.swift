import Testing
import TetherReactive

@MainActor
@Suite("share(replay:)")
struct ShareTests {
    /// A source that counts subscriptions and disposals and forwards a subject.
    @MainActor final class Source {
        let subject = PublishSubject<Int>()
        var subscriptions = 0
        var disposals = 0
        lazy var observable: Observable<Int> = Observable.create { [unowned self] observer in
            subscriptions += 1
            let inner = subject.subscribe(observer)
            return Disposables.create { [unowned self] in
                disposals += 1
                inner.dispose()
            }
        }
    }

    @Test("many subscribers share one upstream subscription")
    func oneUpstreamSubscription() {
        let bag = DisposeBag()
        let source = Source()
        defer { withExtendedLifetime(source) { bag.dispose() } }
        let shared = source.observable.share()
        let a = Recorder<Int>(), b = Recorder<Int>()
        shared.subscribe(a).disposed(by: bag)
        shared.subscribe(b).disposed(by: bag)
        source.subject.onNext(1)
        #expect(source.subscriptions == 1)
        #expect(a.values == [1])
        #expect(b.values == [1])
    }

    @Test("late subscribers receive up to replay latest values first")
    func replaysToLateSubscribers() {
        let bag = DisposeBag()
        let source = Source()
        defer { withExtendedLifetime(source) { bag.dispose() } }
        let shared = source.observable.share(replay: 2)
        shared.subscribe(Recorder<Int>()).disposed(by: bag)
        source.subject.onNext(1)
        source.subject.onNext(2)
        source.subject.onNext(3)
        let late = Recorder<Int>()
        shared.subscribe(late).disposed(by: bag)
        source.subject.onNext(4)
        #expect(late.values == [2, 3, 4])
    }

    @Test("without replay late subscribers receive only later values")
    func noReplay() {
        let bag = DisposeBag()
        let source = Source()
        defer { withExtendedLifetime(source) { bag.dispose() } }
        let shared = source.observable.share()
        shared.subscribe(Recorder<Int>()).disposed(by: bag)
        source.subject.onNext(1)
        let late = Recorder<Int>()
        shared.subscribe(late).disposed(by: bag)
        source.subject.onNext(2)
        #expect(late.values == [2])
    }

    @Test("the upstream subscription is disposed when the last subscriber disposes")
    func disconnectsWhenAllDispose() {
        let source = Source()
        let shared = source.observable.share()
        let a = shared.subscribe(Recorder<Int>())
        let b = shared.subscribe(Recorder<Int>())
        a.dispose()
        #expect(source.disposals == 0)
        b.dispose()
        #expect(source.disposals == 1)
        #expect(!source.subject.hasObservers)
    }

    @Test("a shared observable dropped after subscribing still delivers, and disconnects when its subscriber disposes")
    func temporarySharedObservable() {
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let subscription = subject.map { $0 * 2 }.share(replay: 1).subscribe(recorder)
        subject.onNext(1)
        #expect(recorder.values == [2])
        subscription.dispose()
        #expect(!subject.hasObservers)
    }

    @Test("a subscriber after everyone disposed connects anew, with an empty replay buffer")
    func reconnects() {
        let bag = DisposeBag()
        let source = Source()
        defer { withExtendedLifetime(source) { bag.dispose() } }
        let shared = source.observable.share(replay: 1)
        let first = shared.subscribe(Recorder<Int>())
        source.subject.onNext(1)
        first.dispose()
        let again = Recorder<Int>()
        shared.subscribe(again).disposed(by: bag)
        #expect(source.subscriptions == 2)
        #expect(again.events.isEmpty)
        source.subject.onNext(2)
        #expect(again.values == [2])
    }

    @Test("a subscription disposed before a reconnect does not disconnect the new connection")
    func staleDisposeDoesNotDisconnect() {
        let bag = DisposeBag()
        let source = Source()
        defer { withExtendedLifetime(source) { bag.dispose() } }
        let shared = source.observable.share()
        let first = shared.subscribe(Recorder<Int>())
        first.dispose()
        let recorder = Recorder<Int>()
        shared.subscribe(recorder).disposed(by: bag)
        first.dispose()
        source.subject.onNext(1)
        #expect(recorder.values == [1])
    }

    @Test("the terminal event reaches every subscriber and the next subscriber connects anew")
    func terminalThenReconnect() {
        var subscriptions = 0
        let shared = Observable<Int>.deferred {
            subscriptions += 1
            return .from([subscriptions * 10, subscriptions * 10 + 1])
        }.share(replay: 1)
        let first = Recorder<Int>(), second = Recorder<Int>()
        _ = shared.subscribe(first)
        _ = shared.subscribe(second)
        #expect(first.descriptions == ["next(10)", "next(11)", "completed"])
        #expect(second.descriptions == ["next(20)", "next(21)", "completed"])
    }

    @Test("a completion the source sends while its value is being shared reaches every subscriber after that value")
    func reentrantCompletion() {
        var upstream: AnyObserver<Int>?
        let shared = Observable<Int>.create { observer in
            upstream = observer
            return Disposables.create()
        }.share()
        let a = Recorder<Int>(), b = Recorder<Int>()
        _ = shared.subscribe(onNext: { _ in upstream?.onCompleted() })
        _ = shared.subscribe(a)
        _ = shared.subscribe(b)
        upstream?.onNext(1)
        #expect(a.descriptions == ["next(1)", "completed"])
        #expect(b.descriptions == ["next(1)", "completed"])
    }

    @Test("an error reaches every current subscriber")
    func errorReachesAll() {
        let source = Source()
        let shared = source.observable.share()
        let a = Recorder<Int>(), b = Recorder<Int>()
        _ = shared.subscribe(a)
        _ = shared.subscribe(b)
        source.subject.onError(TestError())
        #expect(a.terminalCount == 1 && b.terminalCount == 1)
        #expect(source.disposals == 1)
    }
}
