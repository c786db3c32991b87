extension Observable {
    /// Emits `element`, then completes, on subscription.
    public static func just(_ element: Element) -> Observable<Element> {
        Observable(unchecked: { observer in
            observer.on(.next(element))
            observer.on(.completed)
            return NopDisposable()
        })
    }
}
