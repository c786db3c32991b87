import Testing
import TetherReactive

@MainActor
@Suite("CompositeDisposable")
struct CompositeDisposableTests {
    @Test("disposes every member in insertion order")
    func disposesAllInOrder() {
        let log = Log()
        let composite = CompositeDisposable([AnonymousDisposable { log("a") }])
        composite.insert(AnonymousDisposable { log("b") })
        composite.insert(AnonymousDisposable { log("c") })
        composite.dispose()
        #expect(log.entries == ["a", "b", "c"])
        #expect(composite.isDisposed)
    }

    @Test("disposing twice disposes the members once")
    func idempotent() {
        var runs = 0
        let composite = CompositeDisposable()
        composite.insert(AnonymousDisposable { runs += 1 })
        composite.dispose()
        composite.dispose()
        #expect(runs == 1)
    }

    @Test("a member inserted after dispose is disposed at once")
    func insertAfterDispose() {
        let composite = CompositeDisposable()
        composite.dispose()
        let late = AnonymousDisposable {}
        composite.insert(late)
        #expect(late.isDisposed)
    }

    @Test("Disposables.create with several disposables disposes them together")
    func factory() {
        let a = AnonymousDisposable {}, b = AnonymousDisposable {}
        let both = Disposables.create(a, b)
        both.dispose()
        #expect(a.isDisposed && b.isDisposed)
    }
}
