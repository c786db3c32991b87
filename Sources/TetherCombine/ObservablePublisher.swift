#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import TetherReactive

/// An `TetherReactive.Observable` seen as a Combine `Publisher`.
///
/// Each Combine subscriber gets its own subscription to the observable, made when it first
/// requests values. Values beyond the subscriber's demand are buffered, in order, until it
/// asks for more; completion and errors follow the buffered values. Cancelling disposes the
/// subscription.
///
/// Like everything in Tether it is used on the main actor: subscribe, request and cancel
/// there (a call from another thread stops the program with `MainActor.assumeIsolated`).
/// Move values elsewhere afterwards with `receive(on:)` if needed.
public struct ObservablePublisher<Output, Failure: Error>: Publisher {
    private let source: TetherReactive.Observable<Output>
    private let failure: @Sendable (any Error) -> Failure?

    init(_ source: TetherReactive.Observable<Output>, failure: @escaping @Sendable (any Error) -> Failure?) {
        self.source = source
        self.failure = failure
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let source = self.source, failure = self.failure
        // Combine subscribers are not Sendable; this one is used only inside the
        // main-actor closure below, which `assumeIsolated` runs synchronously, right here.
        nonisolated(unsafe) let subscriber = subscriber
        MainActor.assumeIsolated {
            let subscription = ObservableSubscription(source: source, subscriber: subscriber, failure: failure)
            subscriber.receive(subscription: subscription)
        }
    }
}

extension ObservableConvertible {
    /// The sequence as a Combine publisher; its errors arrive as `.failure`.
    public func asPublisher() -> ObservablePublisher<Element, any Error> {
        ObservablePublisher(asObservable(), failure: { $0 })
    }
}

extension BehaviorRelay {
    /// The relay as a Combine publisher that never fails: its current value, then every
    /// accepted value.
    public func asPublisher() -> ObservablePublisher<Element, Never> {
        ObservablePublisher(asObservable(), failure: { _ in nil })
    }
}

extension PublishRelay {
    /// The relay as a Combine publisher that never fails.
    public func asPublisher() -> ObservablePublisher<Element, Never> {
        ObservablePublisher(asObservable(), failure: { _ in nil })
    }
}

extension ControlProperty {
    /// The control's value and then its user edits as a Combine publisher that never fails;
    /// it finishes when the control goes away.
    public func asPublisher() -> ObservablePublisher<Value, Never> {
        ObservablePublisher(asObservable(), failure: { _ in nil })
    }
}

/// One Combine subscriber's subscription to an observable.
@MainActor
final class ObservableSubscription<S: Subscriber>: Subscription {
    private let source: TetherReactive.Observable<S.Input>
    private let failure: (any Error) -> S.Failure?
    private var subscriber: S?
    private var upstream: (any Disposable)?
    private var demand = Subscribers.Demand.none
    private var buffer: [S.Input] = []
    private var bufferHead = 0
    private var completion: Subscribers.Completion<S.Failure>?
    private var isStarted = false
    private var isDraining = false

    init(source: TetherReactive.Observable<S.Input>, subscriber: S, failure: @escaping (any Error) -> S.Failure?) {
        self.source = source
        self.subscriber = subscriber
        self.failure = failure
    }

    nonisolated func request(_ demand: Subscribers.Demand) {
        MainActor.assumeIsolated { requested(demand) }
    }

    nonisolated func cancel() {
        MainActor.assumeIsolated { cancelled() }
    }

    private func requested(_ more: Subscribers.Demand) {
        guard subscriber != nil, more > .none else { return }
        demand += more
        if !isStarted {
            isStarted = true
            let subscription = source.subscribe(AnyObserver { [weak self] event in self?.received(event) })
            if subscriber == nil { subscription.dispose() } else { upstream = subscription }
        }
        drain()
    }

    private func received(_ event: Event<S.Input>) {
        guard subscriber != nil, completion == nil else { return }
        switch event {
        case .next(let value):
            buffer.append(value)
        case .error(let error):
            if let failure = failure(error) {
                completion = .failure(failure)
            } else {
                Diagnostics.report("a publisher that never fails received error \(error); finishing instead")
                completion = .finished
            }
        case .completed:
            completion = .finished
        }
        drain()
    }

    /// Sends buffered values while there is demand, then the completion once they are out.
    /// A subscriber that requests more while receiving is served by the loop already running.
    private func drain() {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while let subscriber, demand > .none, bufferHead < buffer.count {
            let value = buffer[bufferHead]
            bufferHead += 1
            demand -= 1
            demand += subscriber.receive(value)
        }
        if bufferHead == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            bufferHead = 0
        }
        if bufferHead == buffer.count, let completion, let subscriber {
            self.subscriber = nil
            upstream?.dispose()
            upstream = nil
            subscriber.receive(completion: completion)
        }
    }

    private func cancelled() {
        subscriber = nil
        upstream?.dispose()
        upstream = nil
        buffer = []
        bufferHead = 0
    }
}
