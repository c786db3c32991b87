extension Observable {
    /// Fails at once with `error`.
    public static func error(_ error: any Error) -> Observable<Element> {
        Observable(unchecked: { observer in
            observer.on(.error(error))
            return NopDisposable()
        })
    }
}
