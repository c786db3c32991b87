extension ObservableConvertible {
    /// Maps each value to an observable and mirrors only the most recent one.
    ///
    /// A new value disposes the previous inner subscription. Fails when the source or
    /// the current inner observable fails; completes when the source and the current
    /// inner observable have both completed.
    public func flatMapLatest<Inner: ObservableConvertible>(_ selector: @escaping (Element) -> Inner) -> Observable<
        Inner.Element
    > {
        let source = asObservable()
        return Observable.create { observer in
            let inner = SerialDisposable()
            var outerDone = false
            var innerActive = false
            var generation = 0
            let outer = source.subscribeHandler(
                AnyObserver { event in
                    switch event {
                    case .next(let value):
                        generation += 1
                        let mine = generation
                        innerActive = true
                        inner.disposable = nil
                        inner.disposable = selector(value).asObservable().subscribeHandler(
                            AnyObserver { innerEvent in
                                guard mine == generation else { return }
                                switch innerEvent {
                                case .next: observer.on(innerEvent)
                                case .error: observer.on(innerEvent)
                                case .completed:
                                    innerActive = false
                                    if outerDone { observer.on(.completed) }
                                }
                            })
                    case .error(let error):
                        observer.on(.error(error))
                    case .completed:
                        outerDone = true
                        if !innerActive { observer.on(.completed) }
                    }
                })
            return CompositeDisposable([outer, inner])
        }
    }
}
