import Testing
import TetherReactive

@MainActor
@Suite("bind(to:)")
struct BindTests {
    @Test("binding to an observer sends it every event")
    func toObserver() {
        let recorder = Recorder<Int>()
        Observable.from([1, 2]).bind(to: recorder)
        #expect(recorder.descriptions == ["next(1)", "next(2)", "completed"])
    }

    @Test("disposing the binding stops it")
    func disposeStops() {
        let subject = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let binding = subject.bind(to: recorder)
        subject.onNext(1)
        binding.dispose()
        subject.onNext(2)
        #expect(recorder.values == [1])
        #expect(!subject.hasObservers)
    }

    @Test("binding to two targets sends each event to both, in argument order")
    func toTwo() {
        let log = Log()
        let first = AnyObserver<Int> { log("1:\($0)") }, second = AnyObserver<Int> { log("2:\($0)") }
        Observable.just(5).bind(to: first, second)
        #expect(log.entries == ["1:next(5)", "2:next(5)", "1:completed", "2:completed"])
    }

    @Test("binding to three targets sends each event to all three, in argument order")
    func toThree() {
        let log = Log()
        let a = AnyObserver<Int> { log("a:\($0)") }, b = AnyObserver<Int> { log("b:\($0)") }
        let c = Recorder<Int>()
        Observable.just(5).bind(to: a, b, c)
        #expect(log.entries == ["a:next(5)", "b:next(5)", "a:completed", "b:completed"])
        #expect(c.descriptions == ["next(5)", "completed"])
    }

    @Test("binding to an array of observers sends each event to each, in order")
    func toArray() {
        let log = Log()
        let observers = (1...3).map { index in AnyObserver<Int> { log("\(index):\($0)") } }
        Observable.just(1).bind(to: observers)
        #expect(log.entries.prefix(3) == ["1:next(1)", "2:next(1)", "3:next(1)"])
    }

    @Test("binding to BehaviorRelays accepts every value into each")
    func toBehaviorRelays() {
        let a = BehaviorRelay(value: 0), b = BehaviorRelay(value: 0)
        let recorder = Recorder<Int>()
        _ = a.subscribe(recorder)
        Observable.from([1, 2]).bind(to: a, b)
        #expect(a.value == 2 && b.value == 2)
        #expect(recorder.descriptions == ["next(0)", "next(1)", "next(2)"])
    }

    @Test("binding to PublishRelays accepts every value and never completes them")
    func toPublishRelays() {
        let relay = PublishRelay<Int>()
        let recorder = Recorder<Int>()
        _ = relay.subscribe(recorder)
        Observable.from([1, 2]).bind(to: relay)
        #expect(recorder.descriptions == ["next(1)", "next(2)"])
    }

    @Test("binding to an observer of optionals sends it every event, values wrapped")
    func toOptionalObserver() {
        let recorder = Recorder<String?>()
        Observable.from(["a", "b"]).bind(to: recorder)
        #expect(recorder.descriptions == ["next(Optional(\"a\"))", "next(Optional(\"b\"))", "completed"])
    }

    @Test("binding to BehaviorRelays of optionals accepts every value into each")
    func toOptionalBehaviorRelays() {
        let a = BehaviorRelay<String?>(value: nil), b = BehaviorRelay<String?>(value: nil)
        let recorder = Recorder<String?>()
        _ = a.subscribe(recorder)
        Observable.from(["x", "y"]).bind(to: a, b)
        #expect(recorder.values == [nil, "x", "y"])
        #expect(b.value == "y")
    }

    @Test("binding to PublishRelays of optionals accepts every value and never completes them")
    func toOptionalPublishRelays() {
        let relay = PublishRelay<String?>()
        let recorder = Recorder<String?>()
        _ = relay.subscribe(recorder)
        Observable<String>.from(["x", "y"]).bind(to: relay)
        #expect(recorder.values == ["x", "y"])
        #expect(!recorder.isCompleted)
    }

    @Test("a binding to relays of optionals rejects a source error through the binding error handler")
    func optionalRelayBindingError() {
        let relay = BehaviorRelay<String?>(value: nil)
        let spy = DiagnosticsSpy()
        spy.capture {
            Observable<String>.error(TestError()).bind(to: relay)
            Observable<String>.error(TestError()).bind(to: PublishRelay<String?>())
        }
        #expect(spy.bindingErrors.count == 2)
        #expect(relay.value == nil)
    }

    @Test("a relay binding rejects a source error through the binding error handler")
    func relayBindingError() {
        let relay = BehaviorRelay(value: 0)
        let spy = DiagnosticsSpy()
        spy.capture {
            Observable<Int>.error(TestError()).bind(to: relay)
            Observable<Int>.error(TestError()).bind(to: PublishRelay<Int>())
        }
        #expect(spy.bindingErrors.count == 2)
        #expect(relay.value == 0)
    }
}
