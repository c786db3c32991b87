extension ObservableConvertible {
    /// Emits `values` first, in order, then the source's events.
    public func startWith(_ values: Element...) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            for value in values { observer.handler(.next(value)) }
            return source.subscribeHandler(observer)
        })
    }
}
