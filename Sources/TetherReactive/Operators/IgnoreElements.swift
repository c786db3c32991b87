extension ObservableConvertible {
    /// Drops every value and passes on only the terminal event.
    public func ignoreElements() -> Observable<Never> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            source.subscribeHandler(
                AnyObserver { event in
                    switch event {
                    case .next: break
                    case .error(let error): observer.handler(.error(error))
                    case .completed: observer.handler(.completed)
                    }
                })
        })
    }
}
