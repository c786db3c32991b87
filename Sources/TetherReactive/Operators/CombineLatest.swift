// combineLatest of two, three and four sources: one sink per subscription holding the latest
// values, whatever the number of sources (no nesting), inlinable so that an app's validation
// chain runs specialised for its own types (W7; docs/decisions/0039-the-hot-path.md, "The hot path").

extension Observable {
    /// Combines the latest values of two sources with `resultSelector`.
    ///
    /// Emits once both sources have emitted, and then on every value from either. Fails
    /// as soon as either fails; completes when both have completed, or at once when a
    /// source completes without ever emitting.
    @inlinable
    public static func combineLatest<A: ObservableConvertible, B: ObservableConvertible>(
        _ a: A, _ b: B, resultSelector: @escaping (A.Element, B.Element) -> Element
    ) -> Observable<Element> {
        let first = a.asObservable(), second = b.asObservable()
        return Observable(unchecked: { observer in
            let sink = CombineLatestSink<(A.Element?, B.Element?), Element>(
                observer, sources: 2, latest: (nil, nil), combine: { resultSelector($0.0!, $0.1!) })
            sink.add(first, index: 0) { $0.latest.0 = $1 }
            sink.add(second, index: 1) { $0.latest.1 = $1 }
            return sink
        })
    }

    /// Combines the latest values of three sources; see ``combineLatest(_:_:resultSelector:)``.
    @inlinable
    public static func combineLatest<A: ObservableConvertible, B: ObservableConvertible, C: ObservableConvertible>(
        _ a: A, _ b: B, _ c: C, resultSelector: @escaping (A.Element, B.Element, C.Element) -> Element
    ) -> Observable<Element> {
        let first = a.asObservable(), second = b.asObservable(), third = c.asObservable()
        return Observable(unchecked: { observer in
            let sink = CombineLatestSink<(A.Element?, B.Element?, C.Element?), Element>(
                observer, sources: 3, latest: (nil, nil, nil), combine: { resultSelector($0.0!, $0.1!, $0.2!) })
            sink.add(first, index: 0) { $0.latest.0 = $1 }
            sink.add(second, index: 1) { $0.latest.1 = $1 }
            sink.add(third, index: 2) { $0.latest.2 = $1 }
            return sink
        })
    }

    /// Combines the latest values of four sources; see ``combineLatest(_:_:resultSelector:)``.
    @inlinable
    public static func combineLatest<
        A: ObservableConvertible, B: ObservableConvertible, C: ObservableConvertible, D: ObservableConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D,
        resultSelector: @escaping (A.Element, B.Element, C.Element, D.Element) -> Element
    ) -> Observable<Element> {
        let first = a.asObservable(), second = b.asObservable()
        let third = c.asObservable(), fourth = d.asObservable()
        return Observable(unchecked: { observer in
            let sink = CombineLatestSink<(A.Element?, B.Element?, C.Element?, D.Element?), Element>(
                observer, sources: 4, latest: (nil, nil, nil, nil),
                combine: { resultSelector($0.0!, $0.1!, $0.2!, $0.3!) })
            sink.add(first, index: 0) { $0.latest.0 = $1 }
            sink.add(second, index: 1) { $0.latest.1 = $1 }
            sink.add(third, index: 2) { $0.latest.2 = $1 }
            sink.add(fourth, index: 3) { $0.latest.3 = $1 }
            return sink
        })
    }

    /// Combines the latest values of two sources into a tuple.
    @inlinable
    public static func combineLatest<A: ObservableConvertible, B: ObservableConvertible>(_ a: A, _ b: B) -> Observable<
        Element
    >
    where Element == (A.Element, B.Element) {
        combineLatest(a, b) { ($0, $1) }
    }

    /// Combines the latest values of three sources into a tuple.
    @inlinable
    public static func combineLatest<A: ObservableConvertible, B: ObservableConvertible, C: ObservableConvertible>(
        _ a: A, _ b: B, _ c: C
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element) {
        combineLatest(a, b, c) { ($0, $1, $2) }
    }

    /// Combines the latest values of four sources into a tuple.
    @inlinable
    public static func combineLatest<
        A: ObservableConvertible, B: ObservableConvertible, C: ObservableConvertible, D: ObservableConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element, D.Element) {
        combineLatest(a, b, c, d) { ($0, $1, $2, $3) }
    }

    /// Combines the latest values of any number of sources of one type into an array,
    /// in the sources' order.
    ///
    /// Emits once every source has emitted, and then on every value from any. Fails as soon
    /// as one fails; completes when all have completed, or at once when a source completes
    /// without ever emitting (no array can be made any more). An empty collection completes
    /// at once.
    public static func combineLatest<Source: ObservableConvertible>(_ sources: [Source]) -> Observable<Element>
    where Element == [Source.Element] {
        let sources = sources.map { $0.asObservable() }
        if sources.isEmpty { return .empty() }
        return Observable.create { observer in
            var latest = [Source.Element?](repeating: nil, count: sources.count)
            var missing = sources.count
            var completed = 0
            let subscriptions = CompositeDisposable()
            for (index, source) in sources.enumerated() {
                subscriptions.insert(
                    source.subscribeHandler(
                        AnyObserver { event in
                            switch event {
                            case .next(let value):
                                if latest[index] == nil { missing -= 1 }
                                latest[index] = value
                                if missing == 0 { observer.on(.next(latest.map { $0! })) }
                            case .error(let error):
                                observer.on(.error(error))
                            case .completed:
                                completed += 1
                                if latest[index] == nil || completed == sources.count { observer.on(.completed) }
                            }
                        }))
            }
            return subscriptions
        }
    }
}

/// One subscription to `combineLatest` of two to four sources: their latest values
/// (`Latest` is a tuple of optionals, one per source), which have emitted and completed,
/// the subscriptions to them, and the downstream observer.
///
/// It keeps the grammar itself: after a terminal event, or once disposed, it forwards
/// nothing and has disposed its subscriptions. Each source's handler holds it until that
/// subscription is disposed. Exclusivity is not checked at run time on the per-value state;
/// no access to it is held across a call out.
@MainActor
@usableFromInline
final class CombineLatestSink<Latest, Result>: Disposable {
    @exclusivity(unchecked) @usableFromInline var latest: Latest
    @usableFromInline let combine: (Latest) -> Result
    /// `nil` once a terminal event has been forwarded or the sink was disposed.
    @exclusivity(unchecked) @usableFromInline var downstream: AnyObserver<Result>?
    /// One bit per source: set once it has emitted, or completed.
    @exclusivity(unchecked) @usableFromInline var emitted: UInt = 0
    @exclusivity(unchecked) @usableFromInline var completed: UInt = 0
    @usableFromInline let all: UInt
    @usableFromInline var subscriptions: [any Disposable] = []
    @usableFromInline var isDisposed = false

    @inlinable init(
        _ downstream: AnyObserver<Result>, sources: Int, latest: Latest, combine: @escaping (Latest) -> Result
    ) {
        self.downstream = downstream
        self.latest = latest
        self.combine = combine
        self.all = (1 << UInt(sources)) - 1
    }

    /// Subscribes `source`, the `index`th; `store` keeps each of its values in ``latest``.
    @inlinable func add<Value>(
        _ source: Observable<Value>, index: Int, store: @escaping (CombineLatestSink, Value) -> Void
    ) {
        let bit: UInt = 1 << UInt(index)
        let subscription = source.subscribeHandler(
            AnyObserver { [self] event in
                guard let downstream else { return }
                switch event {
                case .next(let value):
                    store(self, value)
                    emitted |= bit
                    if emitted == all { downstream.on(.next(combine(latest))) }
                case .error(let error):
                    finish(.error(error))
                case .completed:
                    completed |= bit
                    if emitted & bit == 0 || completed == all { finish(.completed) }
                }
            })
        if isDisposed { subscription.dispose() } else { subscriptions.append(subscription) }
    }

    /// Forwards the terminal `event`, then disposes.
    @usableFromInline func finish(_ event: Event<Result>) {
        guard let downstream else { return }
        self.downstream = nil
        downstream.on(event)
        dispose()
    }

    @usableFromInline func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        downstream = nil
        let subscriptions = self.subscriptions
        self.subscriptions = []
        for subscription in subscriptions { subscription.dispose() }
    }
}

/// A sink reflects as its state alone: its latest values may be secrets (a password field's
/// text), and `dump` of any object that keeps the subscription would show them.
extension CombineLatestSink: @MainActor CustomReflectable {
    @usableFromInline var customMirror: Mirror { Mirror(self, children: ["isDisposed": isDisposed]) }
}
