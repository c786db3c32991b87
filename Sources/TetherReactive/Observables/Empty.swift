extension Observable {
    /// Completes at once, with no values.
    public static func empty() -> Observable<Element> {
        Observable(unchecked: { observer in
            observer.on(.completed)
            return NopDisposable()
        })
    }
}
