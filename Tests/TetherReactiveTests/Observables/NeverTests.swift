import Testing
import TetherReactive

@MainActor
@Suite("Observable.never")
struct NeverTests {
    @Test("sends no event at all and its subscription is live until disposed")
    func sendsNothing() {
        let recorder = Recorder<Int>()
        let subscription = Observable<Int>.never().subscribe(recorder)
        #expect(recorder.events.isEmpty)
        #expect(!subscription.isDisposed)
        subscription.dispose()
        #expect(subscription.isDisposed)
    }
}
