import Testing
import TetherReactive

@MainActor
@Suite("Observable.from(sequence)")
struct FromTests {
    @Test("emits the elements in order, then completes")
    func emitsInOrder() {
        let recorder = Recorder<Int>()
        _ = Observable.from([3, 1, 2]).subscribe(recorder)
        #expect(recorder.descriptions == ["next(3)", "next(1)", "next(2)", "completed"])
    }

    @Test("an empty sequence completes at once")
    func emptySequence() {
        let recorder = Recorder<Int>()
        _ = Observable.from([Int]()).subscribe(recorder)
        #expect(recorder.descriptions == ["completed"])
    }

    @Test("each subscription iterates the sequence again")
    func reiterates() {
        let source = Observable.from(1...2)
        let first = Recorder<Int>(), second = Recorder<Int>()
        _ = source.subscribe(first)
        _ = source.subscribe(second)
        #expect(first.values == [1, 2])
        #expect(second.values == [1, 2])
    }
}
