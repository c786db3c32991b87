import Testing
import TetherReactive

@MainActor
@Suite("<~")
struct OneWayOperatorTests {
    @Test("target <~ source binds the source to an observer")
    func toObserver() {
        let recorder = Recorder<Int>()
        let subject = PublishSubject<Int>()
        let binding = recorder <~ subject
        subject.onNext(1)
        binding.dispose()
        subject.onNext(2)
        #expect(recorder.values == [1])
    }

    @Test("relay <~ source accepts every value into a BehaviorRelay")
    func toBehaviorRelay() {
        let relay = BehaviorRelay(value: 0)
        relay <~ Observable.from([1, 2])
        #expect(relay.value == 2)
    }

    @Test("relay <~ source accepts every value into a PublishRelay")
    func toPublishRelay() {
        let relay = PublishRelay<Int>()
        let recorder = Recorder<Int>()
        _ = relay.subscribe(recorder)
        relay <~ Observable.just(3)
        #expect(recorder.values == [3])
    }
}
