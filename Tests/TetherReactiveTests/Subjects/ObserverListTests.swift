import Testing
import TetherReactive

/// The delivery discipline shared by subjects and relays (ObserverList), tested through them.
@MainActor
@Suite("Delivery discipline of subjects and relays")
struct ObserverListTests {
    @Test("a value sent during delivery is queued and delivered to every observer after the current one")
    func reentrantValueQueued() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let subject = PublishSubject<Int>()
        let log = Log()
        subject.subscribe(onNext: { value in
            log("A\(value)")
            if value == 1 { subject.onNext(2) }
        }).disposed(by: bag)
        subject.subscribe(onNext: { log("B\($0)") }).disposed(by: bag)
        subject.onNext(1)
        #expect(log.entries == ["A1", "B1", "A2", "B2"])
    }

    @Test("several values sent during one delivery arrive afterwards in the order they were sent")
    func reentrantValuesKeepOrder() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let relay = PublishRelay<Int>()
        let recorder = Recorder<Int>()
        relay.subscribe(onNext: { value in
            if value == 0 {
                relay.accept(1)
                relay.accept(2)
            }
            if value == 1 { relay.accept(3) }
        }).disposed(by: bag)
        relay.subscribe(recorder).disposed(by: bag)
        relay.accept(0)
        #expect(recorder.values == [0, 1, 2, 3])
    }

    @Test("1,000 nested sends are delivered in order without recursion")
    func deepReentrancyDoesNotRecurse() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let subject = PublishSubject<Int>()
        var depth = 0, maxDepth = 0
        var received: [Int] = []
        subject.subscribe(onNext: { value in
            depth += 1
            maxDepth = max(maxDepth, depth)
            received.append(value)
            if value < 1_000 { subject.onNext(value + 1) }
            depth -= 1
        }).disposed(by: bag)
        subject.onNext(1)
        #expect(maxDepth == 1)
        #expect(received == Array(1...1_000))
    }

    @Test("a BehaviorRelay accepting values during delivery stays at recursion depth 1")
    func behaviorRelayDepth() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let relay = BehaviorRelay(value: 0)
        var depth = 0, maxDepth = 0
        var received: [Int] = []
        relay.subscribe(onNext: { value in
            depth += 1
            maxDepth = max(maxDepth, depth)
            received.append(value)
            if value > 0 && value < 1_000 { relay.accept(value + 1) }
            depth -= 1
        }).disposed(by: bag)
        relay.accept(1)
        #expect(maxDepth == 1)
        #expect(received == Array(0...1_000))
        #expect(relay.value == 1_000)
    }

    @Test("an observer disposed during a delivery receives nothing more, not even that delivery")
    func disposedMidDelivery() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let subject = PublishSubject<Int>()
        var second: (any Disposable)?
        let recorder = Recorder<Int>()
        subject.subscribe(onNext: { _ in second?.dispose() }).disposed(by: bag)
        second = subject.subscribe(recorder)
        subject.onNext(1)
        subject.onNext(2)
        #expect(recorder.events.isEmpty)
    }

    @Test("an observer that disposes itself during delivery receives nothing queued after")
    func disposesItselfMidDelivery() {
        let subject = PublishSubject<Int>()
        var subscription: (any Disposable)?
        var received: [Int] = []
        subscription = subject.subscribe(onNext: { value in
            received.append(value)
            subject.onNext(value + 1)
            subscription?.dispose()
        })
        subject.onNext(1)
        #expect(received == [1])
    }

    @Test("an observer added during a delivery receives only later events")
    func addedMidDelivery() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let subject = PublishSubject<Int>()
        let late = Recorder<Int>()
        var added = false
        subject.subscribe(onNext: { value in
            if !added {
                added = true
                _ = subject.subscribe(late)
                subject.onNext(value + 10)
            }
        }).disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        #expect(late.values == [11, 2])
    }

    @Test("an observer added during a delivery does not receive values queued before it subscribed")
    func addedMidDeliverySkipsEarlierQueued() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let subject = PublishSubject<Int>()
        let late = Recorder<Int>()
        subject.subscribe(onNext: { value in
            if value == 1 {
                subject.onNext(10)
                _ = subject.subscribe(late)
                subject.onNext(11)
            }
        }).disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        #expect(late.values == [11, 2])
    }

    @Test("a BehaviorRelay observer added during a delivery receives the current value once, then later values")
    func behaviorRelayAddedMidDelivery() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let relay = BehaviorRelay(value: 0)
        let late = Recorder<Int>()
        relay.subscribe(onNext: { value in
            if value == 1 {
                relay.accept(2)
                _ = relay.subscribe(late)
            }
        }).disposed(by: bag)
        relay.accept(1)
        relay.accept(3)
        #expect(late.values == [2, 3])
    }

    @Test("a ReplaySubject observer added during a delivery receives each buffered value once")
    func replaySubjectAddedMidDelivery() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let subject = ReplaySubject<Int>(bufferSize: 10)
        let late = Recorder<Int>()
        subject.subscribe(onNext: { value in
            if value == 1 {
                subject.onNext(2)
                _ = subject.subscribe(late)
            }
        }).disposed(by: bag)
        subject.onNext(1)
        #expect(late.values == [1, 2])
    }

    @Test("a completion sent during delivery reaches every observer after the current value")
    func terminalDuringDelivery() {
        let subject = PublishSubject<Int>()
        let first = Recorder<Int>(), second = Recorder<Int>()
        _ = subject.subscribe(onNext: { _ in subject.onCompleted() })
        _ = subject.subscribe(first)
        _ = subject.subscribe(second)
        subject.onNext(1)
        #expect(first.descriptions == ["next(1)", "completed"])
        #expect(second.descriptions == ["next(1)", "completed"])
        #expect(!subject.hasObservers)
    }

    @Test("values queued before a completion sent during delivery are delivered before it")
    func queuedValuesBeforeTerminal() {
        let subject = BehaviorSubject(value: 0)
        let recorder = Recorder<Int>()
        _ = subject.subscribe(onNext: { value in
            if value == 1 {
                subject.onNext(2)
                subject.onCompleted()
                subject.onNext(3)
            }
        })
        _ = subject.subscribe(recorder)
        subject.onNext(1)
        #expect(recorder.descriptions == ["next(0)", "next(1)", "next(2)", "completed"])
    }

    @Test("observers keep their order and their subscriptions after many others are disposed")
    func orderSurvivesCompaction() {
        let subject = PublishSubject<Int>()
        let log = Log()
        var subscriptions: [any Disposable] = []
        defer { for subscription in subscriptions { subscription.dispose() } }
        for index in 0..<100 {
            subscriptions.append(subject.subscribe(onNext: { log("\(index):\($0)") }))
        }
        for index in 0..<100 where index % 10 != 0 { subscriptions[index].dispose() }
        subject.onNext(1)
        #expect(log.entries == (0..<10).map { "\($0 * 10):1" })
        // The survivors' subscriptions still dispose exactly their own observer.
        subscriptions[50].dispose()
        subscriptions[0].dispose()
        subject.onNext(2)
        #expect(log.entries.suffix(8) == [10, 20, 30, 40, 60, 70, 80, 90].map { "\($0):2" })
    }

    @Test("observers disposed in bulk during a delivery receive nothing and the rest keep order")
    func bulkDisposeDuringDelivery() {
        let subject = PublishSubject<Int>()
        let log = Log()
        var subscriptions: [any Disposable] = []
        defer { for subscription in subscriptions { subscription.dispose() } }
        subscriptions.append(
            subject.subscribe(onNext: { value in
                log("0:\(value)")
                if value == 1 { for index in 1..<90 { subscriptions[index].dispose() } }
            }))
        for index in 1..<100 {
            subscriptions.append(subject.subscribe(onNext: { log("\(index):\($0)") }))
        }
        subject.onNext(1)
        subject.onNext(2)
        let expected = ["0:1"] + (90..<100).map { "\($0):1" } + ["0:2"] + (90..<100).map { "\($0):2" }
        #expect(log.entries == expected)
    }
}
