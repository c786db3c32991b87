import Testing
import TetherReactive

/// Records the values a subscriber sees and how deeply its handler was ever re-entered.
@MainActor
final class ReentrancyProbe<Element> {
    private(set) var values: [Element] = []
    private(set) var deepest = 0
    private var depth = 0

    /// Records `value`, then runs `reaction` while still inside the handler.
    func see(_ value: Element, reaction: () -> Void = {}) {
        depth += 1
        deepest = max(deepest, depth)
        values.append(value)
        reaction()
        depth -= 1
    }
}

/// Issue 15: giving a new subscriber stored values is a delivery. What is sent meanwhile is
/// queued and delivered after, to everyone including the new subscriber, never recursively.
@MainActor
@Suite("Replays are deliveries")
struct ReplayReentrancyTests {
    @Test("a ReplaySubject delivers a value sent during a replay after the replayed values")
    func replaySubjectQueuesSendsDuringReplay() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let subject = ReplaySubject<Int>(bufferSize: 3)
        for value in [1, 2, 3] { subject.onNext(value) }
        let probe = ReentrancyProbe<Int>()
        subject.subscribe(onNext: { value in probe.see(value) { if value == 1 { subject.onNext(99) } } }).disposed(
            by: bag)
        #expect(probe.values == [1, 2, 3, 99])
        #expect(probe.deepest == 1)
    }

    @Test("a value sent during a ReplaySubject's replay reaches the earlier subscribers once")
    func replaySubjectSendsDuringReplayReachEveryone() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let subject = ReplaySubject<Int>(bufferSize: 2)
        let earlier = Recorder<Int>()
        subject.subscribe(earlier).disposed(by: bag)
        subject.onNext(1)
        subject.subscribe(onNext: { if $0 == 1 { subject.onNext(99) } }).disposed(by: bag)
        #expect(earlier.values == [1, 99])
    }

    @Test("a completion sent during a ReplaySubject's replay follows the replayed values")
    func replaySubjectQueuesCompletionDuringReplay() {
        let subject = ReplaySubject<Int>(bufferSize: 2)
        subject.onNext(1)
        subject.onNext(2)
        let recorder = Recorder<Int>()
        _ = subject.subscribe(
            AnyObserver { event in
                recorder.on(event)
                if event.element == 1 { subject.onCompleted() }
            })
        #expect(recorder.descriptions == ["next(1)", "next(2)", "completed"])
    }

    @Test("a BehaviorSubject delivers a value sent during its replay afterwards, without re-entry")
    func behaviorSubjectQueuesSendsDuringReplay() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let subject = BehaviorSubject(value: 1)
        let probe = ReentrancyProbe<Int>()
        subject.subscribe(onNext: { value in probe.see(value) { if value == 1 { subject.onNext(2) } } }).disposed(
            by: bag)
        #expect(probe.values == [1, 2])
        #expect(probe.deepest == 1)
    }

    @Test("a BehaviorRelay delivers a value accepted during its replay afterwards, without re-entry")
    func behaviorRelayQueuesAcceptsDuringReplay() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let relay = BehaviorRelay(value: 1)
        let probe = ReentrancyProbe<Int>()
        relay.subscribe(onNext: { value in probe.see(value) { if value == 1 { relay.accept(2) } } }).disposed(by: bag)
        #expect(probe.values == [1, 2])
        #expect(probe.deepest == 1)
    }

    @Test("share(replay:) gives a late subscriber a value the source sends during its replay")
    func shareKeepsSendsDuringReplay() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let source = PublishSubject<Int>()
        let shared = source.share(replay: 2)
        let earlier = Recorder<Int>()
        shared.subscribe(earlier).disposed(by: bag)
        source.onNext(1)
        source.onNext(2)
        let probe = ReentrancyProbe<Int>()
        shared.subscribe(onNext: { value in probe.see(value) { if value == 1 { source.onNext(3) } } }).disposed(by: bag)
        #expect(probe.values == [1, 2, 3])
        #expect(probe.deepest == 1)
        #expect(earlier.values == [1, 2, 3])
    }

    @Test("startWith emits a value its source sends during the start values after them")
    func startWithKeepsSendsDuringStartValues() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let source = PublishRelay<Int>()
        let probe = ReentrancyProbe<Int>()
        source.startWith(0, 1).subscribe(onNext: { value in
            probe.see(value) { if value == 0 { source.accept(5) } }
        }).disposed(by: bag)
        #expect(probe.values == [0, 1, 5])
        #expect(probe.deepest == 1)
    }

    @Test("a ControlProperty emits an edit made during its initial value after it")
    func controlPropertyKeepsEditsDuringInitialValue() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        var text = "a"
        let edits = PublishRelay<String>()
        let property = ControlProperty(getter: { text }, setter: { text = $0 }, edits: edits)
        let probe = ReentrancyProbe<String>()
        property.subscribe(onNext: { value in probe.see(value) { if value == "a" { edits.accept("ab") } } }).disposed(
            by: bag)
        #expect(probe.values == ["a", "ab"])
        #expect(probe.deepest == 1)
    }

    @Test("a Channel's following terminal delivers a value sent during its replay afterwards")
    func channelFollowingTerminalQueuesSendsDuringReplay() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let channel = Channel<Int>()
        channel.leadingTerminal.onNext(1)
        let probe = ReentrancyProbe<Int>()
        channel.followingTerminal.subscribe(onNext: { value in
            probe.see(value) { if value == 1 { channel.leadingTerminal.onNext(2) } }
        }).disposed(by: bag)
        #expect(probe.values == [1, 2])
        #expect(probe.deepest == 1)
    }

    @Test("a Command's replayed isExecuting is followed by an execution started on seeing it")
    func commandStateQueuesChangesDuringReplay() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let command = Command<Void, Int>(body: { _ in Observable.just(1) })
        let probe = ReentrancyProbe<Bool>()
        command.isExecuting.subscribe(onNext: { executing in
            probe.see(executing) { if probe.values == [false] { command.execute() } }
        }).disposed(by: bag)
        #expect(probe.values == [false, true, false])
        #expect(probe.deepest == 1)
    }

    @Test("a CommandExecution's replay keeps the run's order for a late subscriber")
    func commandExecutionReplaysInOrder() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let results = PublishSubject<Int>()
        let command = Command<Void, Int>(body: { _ in results.asObservable() })
        defer { results.onCompleted() }
        let execution = command.execute()
        results.onNext(1)
        results.onNext(2)
        let probe = ReentrancyProbe<Int>()
        execution.subscribe(onNext: { value in probe.see(value) { if value == 1 { results.onNext(3) } } }).disposed(
            by: bag)
        #expect(probe.values == [1, 2, 3])
        #expect(probe.deepest == 1)
    }
}
