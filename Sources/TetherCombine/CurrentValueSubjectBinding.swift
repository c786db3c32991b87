#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
@_spi(TetherBridges) import TetherReactive

// `<->` with a `CurrentValueSubject`: the rules of the relay versions (see TetherReactive's
// `<->`), with the subject as one side. The right-hand side is the model and wins on bind.

/// Binds a relay and a `CurrentValueSubject` both ways; the subject's value wins on bind.
///
/// ```swift
/// (viewState.username <-> combineViewModel.username).disposed(by: bag)
/// ```
///
/// The subject finishing ends the binding. The binding keeps the subject alive until it is
/// disposed, as any Combine subscription to a subject does.
@MainActor
public func <-> <Value>(relay: BehaviorRelay<Value>, subject: CurrentValueSubject<Value, Never>) -> any Disposable {
    bindTwoWay(.relay(relay), .endpoint(SubjectEndpoint(subject)))
}

/// Binds a `CurrentValueSubject` and a relay both ways; the relay's value wins on bind.
@MainActor
public func <-> <Value>(subject: CurrentValueSubject<Value, Never>, relay: BehaviorRelay<Value>) -> any Disposable {
    bindTwoWay(.endpoint(SubjectEndpoint(subject)), .relay(relay))
}

/// Binds a control property and a `CurrentValueSubject` both ways; the subject's value wins
/// on bind.
///
/// ```swift
/// (usernameField.text <-> viewModel.username).disposed(by: bag)
/// ```
@MainActor
public func <-> <Value>(property: ControlProperty<Value>, subject: CurrentValueSubject<Value, Never>) -> any Disposable
{
    bindTwoWay(.control(property), .endpoint(SubjectEndpoint(subject)))
}

/// A `CurrentValueSubject` as one side of a `<->` binding.
///
/// A subject sends synchronously and recursively: a subscriber that sends while receiving
/// makes the subject deliver the new value at once, to subscribers in no set order, so the
/// value a subscriber receives may already be stale. This side therefore reports the
/// subject's current `value` whenever it is told of a send, and recognises its own echo by
/// counting: writing one value causes exactly one delivery to this side, and any more
/// during the write were sends by others (the model trimming the value), whose result is
/// reported once, after the write returns. Reports made while one is being handled are
/// queued, in order. Values must be sent on the main actor.
@MainActor
final class SubjectEndpoint<Value>: TwoWayEndpoint, Disposable {
    /// Let go on dispose, so an ended binding that is still referenced does not keep it.
    private var subject: CurrentValueSubject<Value, Never>?
    private var cancellable: AnyCancellable?
    private var handler: ((Event<Value>) -> Void)?
    private var isWriting = false
    private var deliveriesDuringWrite = 0
    private var isReporting = false
    private var pending: [Event<Value>] = []
    private(set) var isDisposed = false

    init(_ subject: CurrentValueSubject<Value, Never>) { self.subject = subject }

    func start(includeCurrent: Bool, _ handler: @escaping (Event<Value>) -> Void) -> any Disposable {
        guard let subject else { return self }
        self.handler = handler
        var isInitial = true
        let cancellable = subject.sink(
            receiveCompletion: { [weak self] _ in
                self?.report(.completed)
            },
            receiveValue: { [weak self] _ in
                guard let self, let subject = self.subject else { return }
                if isInitial {
                    isInitial = false
                    if includeCurrent { report(.next(subject.value)) }
                } else {
                    sent(subject)
                }
            })
        isInitial = false
        if isDisposed { cancellable.cancel() } else { self.cancellable = cancellable }
        return self
    }

    func write(_ value: Value) {
        guard !isDisposed, let subject else { return }
        let enclosing = (isWriting, deliveriesDuringWrite)
        (isWriting, deliveriesDuringWrite) = (true, 0)
        subject.send(value)
        let deliveries = deliveriesDuringWrite
        (isWriting, deliveriesDuringWrite) = enclosing
        if deliveries > 1, !isDisposed { report(.next(subject.value)) }
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        handler = nil
        pending = []
        cancellable?.cancel()
        cancellable = nil
        subject = nil
    }

    /// The subject delivered a value to this side.
    private func sent(_ subject: CurrentValueSubject<Value, Never>) {
        if isWriting {
            deliveriesDuringWrite += 1
        } else {
            report(.next(subject.value))
        }
    }

    private func report(_ event: Event<Value>) {
        guard !isDisposed else { return }
        if isReporting {
            pending.append(event)
            return
        }
        isReporting = true
        handler?(event)
        var index = 0
        while index < pending.count, !isDisposed {
            handler?(pending[index])
            index += 1
        }
        pending.removeAll()
        isReporting = false
        if case .completed = event { dispose() }
    }
}
