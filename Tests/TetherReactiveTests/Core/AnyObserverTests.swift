import Testing
import TetherReactive

@MainActor
@Suite("AnyObserver")
struct AnyObserverTests {
    @Test("an AnyObserver calls its handler with each event")
    func callsHandler() {
        let log = Log()
        let observer = AnyObserver<Int> { log($0.description) }
        observer.onNext(1)
        observer.onCompleted()
        #expect(log.entries == ["next(1)", "completed"])
    }
}
