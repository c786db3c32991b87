extension ObservableConvertible {
    /// Drops the first `count` values, then passes on the rest.
    @inlinable
    public func skip(_ count: Int) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let remaining = OperatorState(count)
            return source.subscribeHandler(
                AnyObserver { event in
                    if case .next = event, remaining.value > 0 {
                        remaining.value -= 1
                        return
                    }
                    observer.handler(event)
                })
        })
    }
}
