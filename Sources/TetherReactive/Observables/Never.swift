extension Observable {
    /// Never emits and never terminates.
    public static func never() -> Observable<Element> {
        Observable(unchecked: { _ in AnonymousDisposable {} })
    }
}
