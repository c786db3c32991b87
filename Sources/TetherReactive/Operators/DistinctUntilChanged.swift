// Inlinable, so that a validation chain's last step runs specialised for the app's types
// (W7; docs/decisions/0039-the-hot-path.md, "The hot path").

extension ObservableConvertible {
    /// Drops each value that `isEquivalent` finds equal to the previous value passed on.
    @inlinable
    public func distinctUntilChanged(_ isEquivalent: @escaping (Element, Element) -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let last = OperatorState<Element?>(nil)
            return source.subscribeHandler(
                AnyObserver { event in
                    if case .next(let value) = event {
                        if let previous = last.value, isEquivalent(previous, value) { return }
                        last.value = value
                    }
                    observer.handler(event)
                })
        })
    }

    /// Drops each value whose `key` equals the key of the previous value passed on.
    @inlinable
    public func distinctUntilChanged<Key: Equatable>(by key: @escaping (Element) -> Key) -> Observable<Element> {
        distinctUntilChanged { key($0) == key($1) }
    }
}

extension ObservableConvertible where Element: Equatable {
    /// Drops each value equal to the previous value passed on.
    @inlinable
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged { $0 == $1 }
    }
}
