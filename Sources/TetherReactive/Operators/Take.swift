extension ObservableConvertible {
    /// Passes on the first `count` values, then completes and disposes the source.
    public func take(_ count: Int) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            var remaining = count
            if remaining <= 0 {
                observer.on(.completed)
                return NopDisposable()
            }
            let upstream = SingleAssignmentDisposable()
            upstream.set(
                source.subscribeHandler(
                    AnyObserver { event in
                        guard remaining > 0 else { return }
                        switch event {
                        case .next(let value):
                            remaining -= 1
                            observer.handler(.next(value))
                            if remaining == 0 {
                                observer.handler(.completed)
                                upstream.dispose()
                            }
                        case .error, .completed:
                            remaining = 0
                            observer.handler(event)
                        }
                    }))
            return upstream
        })
    }

    /// Passes on values until `trigger` emits a value or completes, then completes and
    /// disposes both. An error from `trigger` is forwarded.
    public func take<Trigger: ObservableConvertible>(until trigger: Trigger) -> Observable<Element> {
        let source = asObservable()
        let trigger = trigger.asObservable()
        return Observable.create { observer in
            let both = CompositeDisposable()
            both.insert(
                trigger.subscribeHandler(
                    AnyObserver { event in
                        switch event {
                        case .next, .completed: observer.on(.completed)
                        case .error(let error): observer.on(.error(error))
                        }
                        both.dispose()
                    }))
            if !both.isDisposed { both.insert(source.subscribe(observer)) }
            return both
        }
    }
}
