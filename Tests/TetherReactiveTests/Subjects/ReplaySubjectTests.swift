import Testing
import TetherReactive

@MainActor
@Suite("ReplaySubject")
struct ReplaySubjectTests {
    @Test("a late subscriber receives the latest bufferSize values, then live values")
    func replaysLatest() {
        let subject = ReplaySubject<Int>(bufferSize: 2)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder)
        subject.onNext(4)
        #expect(recorder.values == [2, 3, 4])
    }

    @Test("a buffer size of zero replays nothing")
    func zeroBuffer() {
        let subject = ReplaySubject<Int>(bufferSize: 0)
        subject.onNext(1)
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder)
        #expect(recorder.events.isEmpty)
    }

    @Test("a negative buffer size behaves as zero")
    func negativeBuffer() {
        let subject = ReplaySubject<Int>(bufferSize: -3)
        subject.onNext(1)
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder)
        subject.onNext(2)
        #expect(recorder.values == [2])
    }

    @Test("after completion a subscriber receives the buffer, then the completion")
    func replaysTerminalCompletion() {
        let subject = ReplaySubject<Int>(bufferSize: 2)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        subject.onCompleted()
        let recorder = Recorder<Int>()
        let subscription = subject.subscribe(recorder)
        #expect(recorder.descriptions == ["next(2)", "next(3)", "completed"])
        #expect(subscription.isDisposed)
    }

    @Test("after an error a subscriber receives the buffer, then the error")
    func replaysTerminalError() {
        let subject = ReplaySubject<Int>(bufferSize: 1)
        subject.onNext(1)
        subject.onError(TestError(code: 4))
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder)
        #expect(recorder.descriptions == ["next(1)", "error(TestError(code: 4))"])
    }

    @Test("events after a terminal event are ignored")
    func ignoresAfterTerminal() {
        let subject = ReplaySubject<Int>(bufferSize: 5)
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder)
        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        subject.onCompleted()
        #expect(recorder.descriptions == ["next(1)", "completed"])
        let late = Recorder<Int>()
        _ = subject.subscribe(late)
        #expect(late.descriptions == ["next(1)", "completed"])
    }

    @Test("a disposed observer receives nothing more")
    func nothingAfterDispose() {
        let subject = ReplaySubject<Int>(bufferSize: 1)
        let recorder = Recorder<Int>()
        let subscription = subject.subscribe(recorder)
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        #expect(recorder.values == [1])
    }
}
