import Testing
import TetherReactive

@MainActor
@Suite("PublishRelay")
struct PublishRelayTests {
    @Test("accept delivers the value to the current observers only")
    func acceptDelivers() {
        let relay = PublishRelay<Int>()
        relay.accept(1)
        let recorder = Recorder<Int>()
        _ = relay.subscribe(recorder)
        relay.accept(2)
        relay.accept(3)
        #expect(recorder.descriptions == ["next(2)", "next(3)"])
    }

    @Test("a disposed observer receives nothing more and its closure is released")
    func disposeStopsAndReleases() {
        let relay = PublishRelay<Int>()
        var token: Token? = Token()
        let weakToken = Weak(token)
        var received: [Int] = []
        let subscription = relay.subscribe(onNext: { [token] in
            _ = token; received.append($0)
        })
        token = nil
        relay.accept(1)
        subscription.dispose()
        relay.accept(2)
        #expect(received == [1])
        #expect(weakToken.object == nil)
    }
}
