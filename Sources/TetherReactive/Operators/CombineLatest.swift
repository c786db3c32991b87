extension Observable {
    /// Combines the latest values of two sources with `resultSelector`.
    ///
    /// Emits once both sources have emitted, and then on every value from either. Fails
    /// as soon as either fails; completes when both have completed, or at once when a
    /// source completes without ever emitting.
    public static func combineLatest<A: ObservableConvertible, B: ObservableConvertible>(
        _ a: A, _ b: B, resultSelector: @escaping (A.Element, B.Element) -> Element
    ) -> Observable<Element> {
        let first = a.asObservable(), second = b.asObservable()
        return Observable.create { observer in
            let state = CombineLatestPair<A.Element, B.Element>()
            let emit = { if let x = state.a, let y = state.b { observer.on(.next(resultSelector(x, y))) } }
            let subscriptions = CompositeDisposable()
            subscriptions.insert(
                first.subscribeHandler(
                    AnyObserver { event in
                        switch event {
                        case .next(let value): state.a = value; emit()
                        case .error(let error): observer.on(.error(error))
                        case .completed:
                            state.completed += 1
                            if state.a == nil || state.completed == 2 { observer.on(.completed) }
                        }
                    }))
            subscriptions.insert(
                second.subscribeHandler(
                    AnyObserver { event in
                        switch event {
                        case .next(let value): state.b = value; emit()
                        case .error(let error): observer.on(.error(error))
                        case .completed:
                            state.completed += 1
                            if state.b == nil || state.completed == 2 { observer.on(.completed) }
                        }
                    }))
            return subscriptions
        }
    }

    /// Combines the latest values of three sources; see ``combineLatest(_:_:resultSelector:)``.
    public static func combineLatest<A: ObservableConvertible, B: ObservableConvertible, C: ObservableConvertible>(
        _ a: A, _ b: B, _ c: C, resultSelector: @escaping (A.Element, B.Element, C.Element) -> Element
    ) -> Observable<Element> {
        combineLatest(Observable<(A.Element, B.Element)>.combineLatest(a, b), c) { ab, c in
            resultSelector(ab.0, ab.1, c)
        }
    }

    /// Combines the latest values of four sources; see ``combineLatest(_:_:resultSelector:)``.
    public static func combineLatest<
        A: ObservableConvertible, B: ObservableConvertible, C: ObservableConvertible, D: ObservableConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D,
        resultSelector: @escaping (A.Element, B.Element, C.Element, D.Element) -> Element
    ) -> Observable<Element> {
        combineLatest(
            Observable<(A.Element, B.Element)>.combineLatest(a, b),
            Observable<(C.Element, D.Element)>.combineLatest(c, d)
        ) {
            ab, cd in resultSelector(ab.0, ab.1, cd.0, cd.1)
        }
    }

    /// Combines the latest values of two sources into a tuple.
    public static func combineLatest<A: ObservableConvertible, B: ObservableConvertible>(_ a: A, _ b: B) -> Observable<
        Element
    >
    where Element == (A.Element, B.Element) {
        combineLatest(a, b) { ($0, $1) }
    }

    /// Combines the latest values of three sources into a tuple.
    public static func combineLatest<A: ObservableConvertible, B: ObservableConvertible, C: ObservableConvertible>(
        _ a: A, _ b: B, _ c: C
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element) {
        combineLatest(a, b, c) { ($0, $1, $2) }
    }

    /// Combines the latest values of four sources into a tuple.
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

@MainActor
final class CombineLatestPair<A, B> {
    var a: A?
    var b: B?
    var completed = 0
}
