extension Observable {
    /// Emits every value from all `sources` as it arrives. Fails as soon as one fails
    /// (a source that fails while being subscribed leaves the rest unsubscribed);
    /// completes when all have completed.
    @inlinable
    public static func merge<Source: ObservableConvertible>(_ sources: [Source]) -> Observable<Element>
    where Source.Element == Element {
        let sources = sources.map { $0.asObservable() }
        if sources.isEmpty { return .empty() }
        return Observable.create { observer in
            var active = sources.count
            var failed = false
            let subscriptions = CompositeDisposable()
            for source in sources {
                if failed { break }
                subscriptions.insert(
                    source.subscribeHandler(
                        AnyObserver { event in
                            switch event {
                            case .next: observer.on(event)
                            case .error:
                                failed = true
                                observer.on(event)
                            case .completed:
                                active -= 1
                                if active == 0 { observer.on(.completed) }
                            }
                        }))
            }
            return subscriptions
        }
    }

    /// Emits every value from all `sources`; see ``merge(_:)-([Source])``.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        merge(sources)
    }
}
