extension ObservableConvertible {
    /// Replaces an error with the sequence `handler` returns for it.
    public func `catch`(_ handler: @escaping (any Error) -> Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let upstream = SingleAssignmentDisposable()
            let fallback = SingleAssignmentDisposable()
            upstream.set(
                source.subscribeHandler(
                    AnyObserver { event in
                        if case .error(let error) = event {
                            fallback.set(handler(error).subscribeHandler(observer))
                        } else {
                            observer.handler(event)
                        }
                    }))
            return CompositeDisposable([upstream, fallback])
        })
    }

    /// Replaces an error with `value`, then completes.
    public func catchAndReturn(_ value: Element) -> Observable<Element> {
        `catch` { _ in .just(value) }
    }
}
