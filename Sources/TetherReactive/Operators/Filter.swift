extension ObservableConvertible {
    /// Passes on only the values for which `isIncluded` returns `true`.
    @inlinable
    public func filter(_ isIncluded: @escaping (Element) -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            source.subscribeHandler(
                AnyObserver { event in
                    if case .next(let value) = event, !isIncluded(value) { return }
                    observer.handler(event)
                })
        })
    }
}
