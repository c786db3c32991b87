import Testing
import TetherReactive

@MainActor
@Suite("BehaviorRelay")
struct BehaviorRelayTests {
    @Test("value is the initial value until a value is accepted")
    func valueAndAccept() {
        let relay = BehaviorRelay(value: "a")
        #expect(relay.value == "a")
        relay.accept("b")
        #expect(relay.value == "b")
    }

    @Test("a new subscriber receives the current value first, then accepted values")
    func currentThenLater() {
        let relay = BehaviorRelay(value: 1)
        relay.accept(2)
        let recorder = Recorder<Int>()
        _ = relay.subscribe(recorder)
        relay.accept(3)
        #expect(recorder.descriptions == ["next(2)", "next(3)"])
    }

    @Test("an observer reading value during delivery sees the new value")
    func storesBeforeEmitting() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let relay = BehaviorRelay(value: 0)
        var seen: [Int] = []
        relay.subscribe(onNext: { _ in seen.append(relay.value) }).disposed(by: bag)
        relay.accept(5)
        #expect(seen == [0, 5])
    }

    @Test("a value accepted during delivery is stored at once and delivered afterwards, in order")
    func acceptDuringDelivery() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let relay = BehaviorRelay(value: 0)
        let log = Log()
        relay.subscribe(onNext: { value in
            log("A\(value)")
            if value == 1 {
                relay.accept(2)
                log("value \(relay.value)")
            }
        }).disposed(by: bag)
        relay.subscribe(onNext: { log("B\($0)") }).disposed(by: bag)
        relay.accept(1)
        #expect(log.entries == ["A0", "B0", "A1", "value 2", "B1", "A2", "B2"])
    }

    @Test("a relay never terminates: a bound source's completion does not reach its observers")
    func neverTerminates() {
        let relay = BehaviorRelay(value: 0)
        let recorder = Recorder<Int>()
        _ = relay.subscribe(recorder)
        Observable.from([1, 2]).bind(to: relay)
        #expect(recorder.descriptions == ["next(0)", "next(1)", "next(2)"])
    }

    @Test("a disposed observer receives nothing more")
    func nothingAfterDispose() {
        let relay = BehaviorRelay(value: 0)
        let recorder = Recorder<Int>()
        let subscription = relay.subscribe(recorder)
        subscription.dispose()
        relay.accept(1)
        #expect(recorder.values == [0])
    }

    @Test("a subscription does not keep the relay alive, and disposing it releases the observer")
    func noLeaks() {
        var relay: BehaviorRelay<Int>? = BehaviorRelay(value: 0)
        let weakRelay = Weak(relay)
        var token: Token? = Token()
        let weakToken = Weak(token)
        let subscription = relay!.subscribe(onNext: { [token] _ in _ = token })
        token = nil
        relay = nil
        #expect(weakRelay.object == nil)
        subscription.dispose()
        #expect(weakToken.object == nil)
    }

    @Test("a relay dropped with a subscription never disposed releases that subscription's observer")
    func droppedRelayReleasesObserver() {
        var relay: BehaviorRelay<Int>? = BehaviorRelay(value: 0)
        var token: Token? = Token()
        let weakToken = Weak(token)
        _ = relay!.subscribe(onNext: { [token] _ in _ = token })
        token = nil
        #expect(weakToken.object != nil)
        relay = nil
        #expect(weakToken.object == nil)
    }
}
