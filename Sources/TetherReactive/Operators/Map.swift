extension ObservableConvertible {
    /// Transforms each value with `transform`. Terminal events pass through.
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Observable<Result> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            source.subscribeHandler(
                AnyObserver { event in
                    switch event {
                    case .next(let value): observer.handler(.next(transform(value)))
                    case .error(let error): observer.handler(.error(error))
                    case .completed: observer.handler(.completed)
                    }
                })
        })
    }
}
