extension ObservableConvertible {
    /// Transforms each value with `transform` and drops the `nil` results.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Observable<Result> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            source.subscribeHandler(
                AnyObserver { event in
                    switch event {
                    case .next(let value): if let result = transform(value) { observer.handler(.next(result)) }
                    case .error(let error): observer.handler(.error(error))
                    case .completed: observer.handler(.completed)
                    }
                })
        })
    }
}
