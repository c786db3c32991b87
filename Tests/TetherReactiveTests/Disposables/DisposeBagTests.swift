import Testing
import TetherReactive

@MainActor
@Suite("DisposeBag")
struct DisposeBagTests {
    @Test("disposes its entries when it is deinitialised")
    func disposesOnDeinit() {
        let disposable = AnonymousDisposable {}
        var bag: DisposeBag? = DisposeBag()
        bag?.insert(disposable)
        #expect(!disposable.isDisposed)
        bag = nil
        #expect(disposable.isDisposed)
    }

    @Test("dispose() disposes every entry and empties the bag")
    func disposeNow() {
        let bag = DisposeBag()
        let a = AnonymousDisposable {}, b = AnonymousDisposable {}
        bag.insert(a, b)
        bag.dispose()
        #expect(a.isDisposed && b.isDisposed)
        #expect(bag.count == 0)
    }

    @Test("inserting into a disposed bag disposes the entry at once")
    func insertAfterDispose() {
        let bag = DisposeBag()
        bag.dispose()
        let late = AnonymousDisposable {}
        bag.insert(late)
        #expect(late.isDisposed)
        #expect(bag.count == 0)
    }

    @Test("subscriptions that finish at once do not pile up in a bag")
    func finishedSubscriptionsDoNotPileUp() {
        let bag = DisposeBag()
        for _ in 0..<10_000 {
            Observable.just(1).subscribe(onNext: { _ in }).disposed(by: bag)
        }
        #expect(bag.count < 64)
    }

    @Test("subscriptions that finish later are let go as the bag grows")
    func laterFinishedSubscriptionsAreSwept() {
        let bag = DisposeBag()
        for _ in 0..<10_000 {
            let subject = PublishSubject<Int>()
            subject.subscribe(onNext: { _ in }).disposed(by: bag)
            subject.onCompleted()
        }
        #expect(bag.count < 64)
    }

    @Test("live subscriptions are kept while finished ones are swept")
    func liveEntriesKept() {
        let bag = DisposeBag()
        let live = PublishSubject<Int>()
        var received = 0
        live.subscribe(onNext: { _ in received += 1 }).disposed(by: bag)
        for _ in 0..<1_000 {
            let subject = PublishSubject<Int>()
            subject.subscribe(onNext: { _ in }).disposed(by: bag)
            subject.onCompleted()
        }
        live.onNext(1)
        #expect(received == 1)
        #expect(live.hasObservers)
    }

    @Test("a bag going away releases the closures of its subscriptions")
    func releasesObservers() {
        let subject = PublishSubject<Int>()
        var token: Token? = Token()
        let weakToken = Weak(token)
        var bag: DisposeBag? = DisposeBag()
        subject.subscribe(onNext: { [token] _ in _ = token }).disposed(by: bag!)
        token = nil
        #expect(weakToken.object != nil)
        bag = nil
        #expect(weakToken.object == nil)
        #expect(!subject.hasObservers)
    }
}
