extension ObservableConvertible {
    /// Drops the first `count` values, then passes on the rest.
    @inlinable
    public func skip(_ count: Int) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            var remaining = count
            return source.subscribeHandler(
                AnyObserver { event in
                    if case .next = event, remaining > 0 {
                        remaining -= 1
                        return
                    }
                    observer.handler(event)
                })
        })
    }
}
