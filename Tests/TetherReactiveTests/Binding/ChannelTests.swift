import Testing
import TetherReactive

@MainActor
@Suite("Channel")
struct ChannelTests {
    @Test("a value sent into the leading terminal comes out of the following terminal")
    func leadingToFollowing() {
        let channel = Channel<Int>()
        let following = Recorder<Int>(), leading = Recorder<Int>()
        _ = channel.followingTerminal.subscribe(following)
        _ = channel.leadingTerminal.subscribe(leading)
        channel.leadingTerminal.onNext(1)
        #expect(following.values == [1])
        #expect(leading.events.isEmpty)
    }

    @Test("a value sent into the following terminal comes out of the leading terminal")
    func followingToLeading() {
        let channel = Channel<Int>()
        let following = Recorder<Int>(), leading = Recorder<Int>()
        _ = channel.followingTerminal.subscribe(following)
        _ = channel.leadingTerminal.subscribe(leading)
        channel.followingTerminal.onNext(2)
        #expect(leading.values == [2])
        #expect(following.events.isEmpty)
    }

    @Test("the following terminal replays only the latest value to a new subscriber")
    func followingReplaysLatest() {
        let channel = Channel<Int>()
        channel.leadingTerminal.onNext(1)
        channel.leadingTerminal.onNext(2)
        let recorder = Recorder<Int>()
        _ = channel.followingTerminal.subscribe(recorder)
        #expect(recorder.values == [2])
    }

    @Test("the leading terminal replays nothing to a new subscriber")
    func leadingReplaysNothing() {
        let channel = Channel<Int>()
        channel.followingTerminal.onNext(1)
        let recorder = Recorder<Int>()
        _ = channel.leadingTerminal.subscribe(recorder)
        #expect(recorder.events.isEmpty)
    }

    @Test("completion sent into either terminal reaches the subscribers of both")
    func completionReachesBoth() {
        for sendIntoLeading in [true, false] {
            let channel = Channel<Int>()
            let following = Recorder<Int>(), leading = Recorder<Int>()
            _ = channel.followingTerminal.subscribe(following)
            _ = channel.leadingTerminal.subscribe(leading)
            (sendIntoLeading ? channel.leadingTerminal : channel.followingTerminal).onCompleted()
            #expect(following.descriptions == ["completed"])
            #expect(leading.descriptions == ["completed"])
        }
    }

    @Test("an error sent into either terminal reaches the subscribers of both")
    func errorReachesBoth() {
        for sendIntoLeading in [true, false] {
            let channel = Channel<Int>()
            let following = Recorder<Int>(), leading = Recorder<Int>()
            _ = channel.followingTerminal.subscribe(following)
            _ = channel.leadingTerminal.subscribe(leading)
            (sendIntoLeading ? channel.leadingTerminal : channel.followingTerminal).onError(TestError(code: 3))
            #expect(following.error as? TestError == TestError(code: 3))
            #expect(leading.error as? TestError == TestError(code: 3))
        }
    }
}
