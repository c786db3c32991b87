extension Observable {
    /// Emits each element of `sequence` in order, then completes, synchronously on
    /// subscription. `sequence` must be finite.
    public static func from<S: Sequence>(_ sequence: S) -> Observable<Element> where S.Element == Element {
        Observable(unchecked: { observer in
            for element in sequence { observer.on(.next(element)) }
            observer.on(.completed)
            return NopDisposable()
        })
    }
}
