/// An action a user can trigger, usually from a button (RACCommand, ReactiveSwift's `Action`).
///
/// A command is made from an `enabledIf` observable and a body. It runs serially unless
/// `allowsConcurrentExecution` is set:
/// - ``isEnabled`` is `enabledIf && !executing` (or just `enabledIf` when concurrent);
/// - ``isExecuting`` is `true` while at least one execution runs.
/// Both change *before* the work starts, replay their latest value to new subscribers and
/// skip duplicates. The body's values arrive on ``values``; its errors arrive as values on
/// ``errors`` and the command stays usable. ``execute(_:)`` while disabled does not run the
/// body: it fails that execution with ``CommandError/disabled`` and reports on
/// ``disabledErrors``. Disposing an execution cancels it (an async body's `Task` is cancelled).
@MainActor
public final class Command<Input, Output> {
    private let body: (Input) -> Observable<Output>
    private let allowsConcurrentExecution: Bool
    private let enabledState = BehaviorSubject(value: true)
    private let executingState = BehaviorSubject(value: false)
    private let valuesRelay = PublishRelay<Output>()
    private let errorsRelay = PublishRelay<any Error>()
    private let disabledRelay = PublishRelay<CommandError>()
    private var enabledIfValue = true
    private var running = 0
    private var enabledIfSubscription: (any Disposable)?
    private var live: [ObjectIdentifier: CommandExecution<Output>] = [:]

    /// A command whose body returns an observable of outputs.
    ///
    /// - Parameters:
    ///   - enabledIf: Whether the command may run; until it emits, the command is enabled.
    ///   - allowsConcurrentExecution: Allow `execute` while an execution is running.
    ///   - body: Starts the work for one input; subscribed once per execution.
    public init(
        enabledIf: some ObservableConvertible<Bool> = Observable.just(true),
        allowsConcurrentExecution: Bool = false,
        body: @escaping (Input) -> Observable<Output>
    ) {
        self.body = body
        self.allowsConcurrentExecution = allowsConcurrentExecution
        enabledIfSubscription = enabledIf.asObservable().subscribe(onNext: { [weak self] enabled in
            self?.enabledIfValue = enabled
            self?.updateEnabled()
        })
    }

    /// A command whose body is an `async throws` function, run in a `Task` on the main actor.
    ///
    /// Disposing the execution cancels the task; a body that honours cancellation ends
    /// early, and whatever it returns or throws after cancellation is discarded.
    public convenience init(
        enabledIf: some ObservableConvertible<Bool> = Observable.just(true),
        allowsConcurrentExecution: Bool = false,
        body: @escaping @MainActor (Input) async throws -> Output
    ) {
        self.init(enabledIf: enabledIf, allowsConcurrentExecution: allowsConcurrentExecution) { input in
            Observable.task { try await body(input) }
        }
    }

    isolated deinit {
        enabledIfSubscription?.dispose()
    }

    /// Whether ``execute(_:)`` would run now. Replays its latest value; skips duplicates.
    public var isEnabled: Observable<Bool> { enabledState.asObservable().distinctUntilChanged() }
    /// Whether an execution is running. Replays its latest value; skips duplicates.
    public var isExecuting: Observable<Bool> { executingState.asObservable().distinctUntilChanged() }
    /// The current value of ``isEnabled``.
    public var enabled: Bool { enabledState.value }
    /// The current value of ``isExecuting``.
    public var executing: Bool { executingState.value }
    /// Every value produced by any execution.
    public var values: Observable<Output> { valuesRelay.asObservable() }
    /// Every error thrown by any execution, as a value. The command stays usable.
    public var errors: Observable<any Error> { errorsRelay.asObservable() }
    /// An event each time ``execute(_:)`` is called while the command is disabled.
    public var disabledErrors: Observable<CommandError> { disabledRelay.asObservable() }

    /// Runs the body with `input`, if enabled.
    ///
    /// ``isExecuting`` and ``isEnabled`` update before the body starts. The returned
    /// execution replays this run's values and its end to its subscribers; disposing it
    /// cancels the run.
    @discardableResult
    public func execute(_ input: Input) -> CommandExecution<Output> {
        let execution = CommandExecution<Output>()
        guard enabled else {
            execution.finish(with: .error(CommandError.disabled))
            disabledRelay.accept(.disabled)
            return execution
        }
        running += 1
        updateExecuting()
        let subscription = body(input).subscribeHandler(
            AnyObserver { [weak self, weak execution] event in
                guard let execution, !execution.isFinished else { return }
                switch event {
                case .next(let value):
                    execution.results.on(event)
                    self?.valuesRelay.accept(value)
                case .error(let error):
                    execution.finish(with: event)
                    self?.errorsRelay.accept(error)
                case .completed:
                    execution.finish(with: event)
                }
            })
        if !execution.isFinished { live[ObjectIdentifier(execution)] = execution }
        execution.attach(subscription) { [weak self, weak execution] in
            if let execution { self?.live[ObjectIdentifier(execution)] = nil }
            self?.executionEnded()
        }
        return execution
    }

    /// Cancels every running execution, as if each were disposed (Esc during a sign-in).
    public func cancelAll() {
        for execution in Array(live.values) { execution.dispose() }
    }

    private func executionEnded() {
        running -= 1
        updateExecuting()
    }

    private func updateExecuting() {
        let executing = running > 0
        if executingState.value != executing {
            updateEnabled()
            executingState.on(.next(executing))
        } else {
            updateEnabled()
        }
    }

    private func updateEnabled() {
        let enabled = enabledIfValue && (allowsConcurrentExecution || running == 0)
        if enabledState.value != enabled { enabledState.on(.next(enabled)) }
    }
}

extension Command where Input == Void {
    /// Runs the body; see ``execute(_:)``.
    @discardableResult
    public func execute() -> CommandExecution<Output> { execute(()) }
}

/// Why a ``Command`` execution did not run.
public enum CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// ``Command/execute(_:)`` was called while the command was disabled.
    case disabled

    /// A short description.
    public var description: String { "the command is disabled" }
}

/// One run of a ``Command``: observe its results, or dispose it to cancel the run.
@MainActor
public final class CommandExecution<Output>: ObservableConvertible, Disposable {
    let results = ReplaySubject<Output>(bufferSize: .max)
    private var work: (any Disposable)?
    private var onEnd: (() -> Void)?
    private(set) var isFinished = false

    init() {}

    /// This run's values, then its completion or error; replayed to late subscribers.
    public func asObservable() -> Observable<Output> { results.asObservable() }

    /// `true` once the run has finished or been cancelled.
    public var isDisposed: Bool { isFinished }

    func attach(_ work: any Disposable, onEnd: @escaping () -> Void) {
        if isFinished {
            work.dispose()
            onEnd()
        } else {
            self.work = work
            self.onEnd = onEnd
        }
    }

    func finish(with event: Event<Output>) {
        guard !isFinished else { return }
        results.on(event)
        end()
    }

    private func end() {
        isFinished = true
        let work = self.work, onEnd = self.onEnd
        self.work = nil
        self.onEnd = nil
        work?.dispose()
        onEnd?()
    }

    /// Cancels the run: the body's subscription is disposed (an async body's task is
    /// cancelled) and the command stops executing. The run's observers see completion.
    public func dispose() {
        guard !isFinished else { return }
        results.on(.completed)
        end()
    }
}
