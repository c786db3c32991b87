import Testing
import TetherReactive

@MainActor
@Suite("catch and catchAndReturn")
struct CatchTests {
    @Test("catch replaces an error with the handler's sequence, keeping earlier values")
    func catchReplaces() {
        let subject = PublishSubject<Int>()
        var caught: TestError?
        let recorder = Recorder<Int>()
        _ = subject.catch { error in
            caught = error as? TestError
            return .from([8, 9])
        }.subscribe(recorder)
        subject.onNext(1)
        subject.onError(TestError(code: 5))
        #expect(recorder.descriptions == ["next(1)", "next(8)", "next(9)", "completed"])
        #expect(caught == TestError(code: 5))
    }

    @Test("catch passes a sequence without errors through unchanged")
    func catchNoError() {
        var called = false
        let recorder = Recorder<Int>()
        _ = Observable.just(1).catch { _ in
            called = true; return .empty()
        }.subscribe(recorder)
        #expect(recorder.descriptions == ["next(1)", "completed"])
        #expect(!called)
    }

    @Test("an error from the handler's sequence is forwarded")
    func fallbackError() {
        let recorder = Recorder<Int>()
        _ = Observable<Int>.error(TestError(code: 1)).catch { _ in .error(TestError(code: 2)) }.subscribe(recorder)
        #expect(recorder.events.count == 1)
        #expect(recorder.error as? TestError == TestError(code: 2))
    }

    @Test("disposing disposes the handler's sequence subscription")
    func disposesFallback() {
        let fallback = PublishSubject<Int>()
        let subscription = Observable<Int>.error(TestError()).catch { _ in fallback.asObservable() }.subscribe(
            Recorder<Int>())
        #expect(fallback.hasObservers)
        subscription.dispose()
        #expect(!fallback.hasObservers)
    }

    @Test("catchAndReturn replaces an error with one value, then completes")
    func catchAndReturn() {
        let recorder = Recorder<Int>()
        _ = Observable<Int>.error(TestError()).startWith(1).catchAndReturn(0).subscribe(recorder)
        #expect(recorder.descriptions == ["next(1)", "next(0)", "completed"])
    }
}
