extension Observable {
    /// Calls `factory` at each subscription and subscribes to the observable it returns.
    public static func deferred(_ factory: @escaping () -> Observable<Element>) -> Observable<Element> {
        Observable(unchecked: { observer in factory().subscribe(observer) })
    }
}
