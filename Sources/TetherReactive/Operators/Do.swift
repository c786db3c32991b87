extension ObservableConvertible {
    /// Runs side effects for each event before passing it on, unchanged.
    ///
    /// `onSubscribe` runs before the source is subscribed; `onDispose` runs when the
    /// subscription is disposed (including after a terminal event).
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        onError: ((any Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        let source = asObservable()
        // `create` disposes the subscription after a terminal event, so `onDispose` runs then too.
        return Observable.create { observer in
            onSubscribe?()
            let upstream = source.subscribeHandler(
                AnyObserver { event in
                    switch event {
                    case .next(let value): onNext?(value)
                    case .error(let error): onError?(error)
                    case .completed: onCompleted?()
                    }
                    observer.on(event)
                })
            guard let onDispose else { return upstream }
            return AnonymousDisposable {
                upstream.dispose()
                onDispose()
            }
        }
    }
}
