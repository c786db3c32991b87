import Testing
import TetherReactive

@MainActor
@Suite("Command with an Observable body")
struct CommandTests {
    @Test("execute runs the body with the input; its values arrive on values and on the execution")
    func executeDeliversValues() {
        let command = Command<Int, Int> { input in .from([input, input * 10]) }
        let values = Recorder<Int>()
        _ = command.values.subscribe(values)
        let execution = command.execute(2)
        let results = Recorder<Int>()
        _ = execution.subscribe(results)
        #expect(values.values == [2, 20])
        #expect(results.descriptions == ["next(2)", "next(20)", "completed"])
        #expect(execution.isDisposed)
    }

    @Test("isExecuting is true while an execution runs and false once it ends")
    func isExecuting() {
        let work = PublishSubject<Int>()
        let command = Command<Void, Int> { work.asObservable() }
        let executing = Recorder<Bool>()
        _ = command.isExecuting.subscribe(executing)
        let execution = command.execute()
        #expect(command.executing)
        work.onCompleted()
        #expect(!command.executing)
        #expect(executing.values == [false, true, false])
        _ = execution
    }

    @Test("a serial command is disabled while it executes")
    func serialDisabledWhileExecuting() {
        let work = PublishSubject<Int>()
        let command = Command<Void, Int> { work.asObservable() }
        let enabled = Recorder<Bool>()
        _ = command.isEnabled.subscribe(enabled)
        let execution = command.execute()
        #expect(!command.enabled)
        work.onNext(1)
        work.onCompleted()
        #expect(command.enabled)
        #expect(enabled.values == [true, false, true])
        _ = execution
    }

    @Test("a concurrent command stays enabled while executing and runs again")
    func concurrent() {
        var runs = 0
        let command = Command<Void, Int>(allowsConcurrentExecution: true) {
            runs += 1
            return .never()
        }
        let enabled = Recorder<Bool>()
        _ = command.isEnabled.subscribe(enabled)
        let first = command.execute(), second = command.execute()
        #expect(runs == 2)
        #expect(command.enabled)
        #expect(enabled.values == [true])
        first.dispose()
        second.dispose()
    }

    @Test("isEnabled follows enabledIf")
    func enabledIf() {
        let allowed = BehaviorRelay(value: false)
        let command = Command<Void, Int>(enabledIf: allowed) { .just(1) }
        let enabled = Recorder<Bool>()
        _ = command.isEnabled.subscribe(enabled)
        allowed.accept(true)
        allowed.accept(false)
        #expect(enabled.values == [false, true, false])
    }

    @Test("a concurrent command's isEnabled is exactly enabledIf")
    func concurrentEnabledIf() {
        let allowed = BehaviorRelay(value: true)
        let command = Command<Void, Int>(enabledIf: allowed, allowsConcurrentExecution: true) { .never() }
        let execution = command.execute()
        #expect(command.enabled)
        allowed.accept(false)
        #expect(!command.enabled)
        execution.dispose()
    }

    @Test("execute while disabled does not run the body and fails with CommandError.disabled")
    func executeWhileDisabled() {
        var runs = 0
        let command = Command<Void, Int>(enabledIf: Observable.just(false)) {
            runs += 1
            return .just(1)
        }
        let disabled = Recorder<CommandError>()
        _ = command.disabledErrors.subscribe(disabled)
        let results = Recorder<Int>()
        _ = command.execute().subscribe(results)
        #expect(runs == 0)
        #expect(disabled.values == [.disabled])
        #expect(results.error as? CommandError == .disabled)
        #expect(!command.executing)
    }

    @Test("an execution refused because the command is disabled reports itself disposed")
    func refusedExecutionIsDisposed() {
        let command = Command<Void, Int>(enabledIf: Observable.just(false)) { .just(1) }
        let execution = command.execute()
        #expect(execution.isDisposed)
        let bag = DisposeBag()
        execution.disposed(by: bag)
        #expect(bag.count == 0)
    }

    @Test("cancelAll disposes every running execution")
    func cancelAll() {
        let work = PublishSubject<Int>()
        let command = Command<Void, Int>(allowsConcurrentExecution: true) { work.asObservable() }
        let first = Recorder<Int>(), second = Recorder<Int>()
        _ = command.execute().subscribe(first)
        _ = command.execute().subscribe(second)
        command.cancelAll()
        #expect(!work.hasObservers)
        #expect(!command.executing)
        #expect(first.descriptions == ["completed"])
        #expect(second.descriptions == ["completed"])
    }

    @Test("execute while a serial execution runs fails with CommandError.disabled")
    func executeWhileExecuting() {
        let command = Command<Void, Int> { .never() }
        let first = command.execute()
        let results = Recorder<Int>()
        _ = command.execute().subscribe(results)
        #expect(results.error as? CommandError == .disabled)
        first.dispose()
    }

    @Test("a body error arrives as a value on errors and the command stays usable")
    func errorsAsValues() {
        var fail = true
        let command = Command<Void, Int> { fail ? .error(TestError(code: 4)) : .just(7) }
        let errors = Recorder<any Error>()
        _ = command.errors.subscribe(errors)
        let values = Recorder<Int>()
        _ = command.values.subscribe(values)
        let failed = Recorder<Int>()
        _ = command.execute().subscribe(failed)
        #expect(errors.values.map { $0 as? TestError } == [TestError(code: 4)])
        #expect(failed.error as? TestError == TestError(code: 4))
        #expect(errors.terminalCount == 0)
        #expect(command.enabled)
        fail = false
        command.execute()
        #expect(values.values == [7])
    }

    @Test("isExecuting and isEnabled change before the work starts")
    func stateChangesBeforeWork() {
        let bag = DisposeBag()
        defer { bag.dispose() }
        let log = Log()
        var command: Command<Void, Int>?
        command = Command<Void, Int> {
            Observable.create { observer in
                log("work starts: executing \(command?.executing ?? false), enabled \(command?.enabled ?? true)")
                observer.onCompleted()
                return Disposables.create()
            }
        }
        command!.isExecuting.skip(1).subscribe(onNext: { log("isExecuting \($0)") }).disposed(by: bag)
        command!.isEnabled.skip(1).subscribe(onNext: { log("isEnabled \($0)") }).disposed(by: bag)
        command!.execute()
        #expect(
            log.entries == [
                "isEnabled false", "isExecuting true",
                "work starts: executing true, enabled false",
                "isEnabled true", "isExecuting false",
            ])
        command = nil
    }

    @Test("isExecuting and isEnabled replay their latest value to new subscribers")
    func replayLatest() {
        let command = Command<Void, Int> { .never() }
        let execution = command.execute()
        let executing = Recorder<Bool>(), enabled = Recorder<Bool>()
        _ = command.isExecuting.subscribe(executing)
        _ = command.isEnabled.subscribe(enabled)
        #expect(executing.values == [true])
        #expect(enabled.values == [false])
        execution.dispose()
    }

    @Test("isExecuting skips duplicates across overlapping executions")
    func skipsDuplicates() {
        let command = Command<Void, Int>(allowsConcurrentExecution: true) { .never() }
        let executing = Recorder<Bool>()
        _ = command.isExecuting.subscribe(executing)
        let first = command.execute(), second = command.execute()
        first.dispose()
        second.dispose()
        #expect(executing.values == [false, true, false])
    }

    @Test("disposing an execution disposes the body's subscription and ends the execution")
    func disposeCancels() {
        let work = PublishSubject<Int>()
        let command = Command<Void, Int> { work.asObservable() }
        let execution = command.execute()
        let results = Recorder<Int>()
        _ = execution.subscribe(results)
        #expect(work.hasObservers)
        execution.dispose()
        execution.dispose()
        #expect(!work.hasObservers)
        #expect(!command.executing)
        #expect(command.enabled)
        #expect(results.descriptions == ["completed"])
    }

    @Test("an execution replays its values and its end to late subscribers")
    func executionReplays() {
        let command = Command<Void, Int> { .from([1, 2]) }
        let execution = command.execute()
        let late = Recorder<Int>()
        _ = execution.subscribe(late)
        #expect(late.descriptions == ["next(1)", "next(2)", "completed"])
    }

    @Test("an execution whose result is discarded still delivers its values and ends")
    func discardedExecutionFinishes() {
        let work = PublishSubject<Int>()
        let command = Command<Void, Int> { work.asObservable() }
        let values = Recorder<Int>()
        _ = command.values.subscribe(values)
        command.execute()
        work.onNext(1)
        work.onCompleted()
        #expect(values.values == [1])
        #expect(!command.executing)
        #expect(command.enabled)
    }

    @Test("the command does not keep itself alive through its enabledIf subscription")
    func noLeak() {
        let allowed = BehaviorRelay(value: true)
        var command: Command<Void, Int>? = Command(enabledIf: allowed) { .just(1) }
        let weakCommand = Weak(command)
        command?.execute()
        command = nil
        #expect(weakCommand.object == nil)
    }
}

@MainActor
@Suite("Command with an async body")
struct AsyncCommandTests {
    @Test("the async body's result arrives on values and on the execution, then executing ends")
    func asyncValue() async {
        let gate = Gate<Int>()
        let command = Command<Int, Int> { input in try await gate.wait() + input }
        let values = Recorder<Int>()
        _ = command.values.subscribe(values)
        let execution = command.execute(1)
        let results = Recorder<Int>()
        _ = execution.subscribe(results)
        #expect(command.executing)
        #expect(!command.enabled)
        #expect(await eventually { gate.isWaiting })
        gate.open(41)
        #expect(await eventually { results.isCompleted })
        #expect(values.values == [42])
        #expect(results.descriptions == ["next(42)", "completed"])
        #expect(!command.executing)
        #expect(command.enabled)
    }

    @Test("an error thrown by the async body arrives on errors and the command stays usable")
    func asyncError() async {
        let gate = Gate<Int>()
        let command = Command<Void, Int> { try await gate.wait() }
        let errors = Recorder<any Error>()
        _ = command.errors.subscribe(errors)
        let failed = Recorder<Int>()
        _ = command.execute().subscribe(failed)
        #expect(await eventually { gate.isWaiting })
        gate.fail(TestError(code: 2))
        #expect(await eventually { failed.terminalCount == 1 })
        #expect(errors.values.map { $0 as? TestError } == [TestError(code: 2)])
        #expect(failed.error as? TestError == TestError(code: 2))
        #expect(command.enabled)

        let succeeded = Recorder<Int>()
        _ = command.execute().subscribe(succeeded)
        #expect(await eventually { gate.waitCount == 2 && gate.isWaiting })
        gate.open(3)
        #expect(await eventually { succeeded.isCompleted })
        #expect(succeeded.values == [3])
    }

    @Test("execute while the async body runs fails with CommandError.disabled")
    func asyncDisabledWhileRunning() async {
        let gate = Gate<Int>()
        let command = Command<Void, Int> { try await gate.wait() }
        let disabled = Recorder<CommandError>()
        _ = command.disabledErrors.subscribe(disabled)
        let first = command.execute()
        let second = Recorder<Int>()
        _ = command.execute().subscribe(second)
        #expect(second.error as? CommandError == .disabled)
        #expect(disabled.values == [.disabled])
        #expect(await eventually { gate.isWaiting })
        gate.open(1)
        #expect(await eventually { first.isDisposed })
        #expect(gate.waitCount == 1)
    }

    @Test("disposing an execution cancels the async body's task")
    func disposeCancelsTask() async {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let probe = Probe()
        let command = Command<Void, Int> {
            probe.started = true
            for await _ in stream {}
            probe.sawCancellation = Task.isCancelled
            throw CancellationError()
        }
        let errors = Recorder<any Error>()
        _ = command.errors.subscribe(errors)
        let execution = command.execute()
        #expect(await eventually { probe.started })
        execution.dispose()
        #expect(!command.executing)
        #expect(await eventually { probe.sawCancellation })
        await Task.yield()
        #expect(errors.values.isEmpty)
        continuation.finish()
    }

    @Test("an async execution whose result is discarded still delivers its value and ends")
    func discardedAsyncExecution() async {
        let command = Command<Void, Int> { 5 }
        let values = Recorder<Int>()
        _ = command.values.subscribe(values)
        command.execute()
        #expect(await eventually { !command.executing })
        #expect(values.values == [5])
    }
}

@MainActor
private final class Probe {
    var started = false
    var sawCancellation = false
}
