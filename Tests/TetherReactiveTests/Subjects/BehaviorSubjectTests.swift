import Testing
import TetherReactive

@MainActor
@Suite("BehaviorSubject")
struct BehaviorSubjectTests {
    @Test("a new subscriber receives the current value first, then later values")
    func currentThenLater() {
        let subject = BehaviorSubject(value: 1)
        subject.onNext(2)
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder)
        subject.onNext(3)
        #expect(recorder.values == [2, 3])
    }

    @Test("value is stored before observers are notified")
    func storesBeforeEmitting() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let subject = BehaviorSubject(value: 0)
        var seen: [Int] = []
        subject.subscribe(onNext: { _ in seen.append(subject.value) }).disposed(by: bag)
        subject.onNext(5)
        #expect(seen == [0, 5])
    }

    @Test("after completion a subscriber receives only the completion")
    func subscribeAfterCompletion() {
        let subject = BehaviorSubject(value: 1)
        subject.onCompleted()
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder)
        #expect(recorder.descriptions == ["completed"])
        #expect(subject.value == 1)
    }

    @Test("after an error a subscriber receives only the error")
    func subscribeAfterError() {
        let subject = BehaviorSubject(value: 1)
        subject.onError(TestError(code: 3))
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder)
        #expect(recorder.events.count == 1)
        #expect(recorder.error as? TestError == TestError(code: 3))
    }

    @Test("events after a terminal event are ignored and do not change value")
    func ignoresAfterTerminal() {
        let subject = BehaviorSubject(value: 1)
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder)
        subject.onCompleted()
        subject.onNext(2)
        subject.onError(TestError())
        #expect(recorder.descriptions == ["next(1)", "completed"])
        #expect(subject.value == 1)
    }

    @Test("a disposed observer receives nothing more")
    func nothingAfterDispose() {
        let subject = BehaviorSubject(value: 1)
        let recorder = Recorder<Int>()
        let subscription = subject.subscribe(recorder)
        subscription.dispose()
        subject.onNext(2)
        #expect(recorder.values == [1])
    }
}
