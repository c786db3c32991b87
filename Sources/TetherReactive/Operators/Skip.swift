extension ObservableConvertible {
    /// Drops the first `count` values, then passes on the rest.
    @inlinable
    public func skip(_ count: Int) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let state = SkipState(remaining: count)
            return source.subscribeHandler(
                AnyObserver { event in
                    if case .next = event, state.remaining > 0 {
                        state.remaining -= 1
                        return
                    }
                    observer.handler(event)
                })
        })
    }
}

/// The values a `skip` subscription has still to drop. A class rather than a captured
/// `var`, which is read and written with a run-time exclusivity check (as
/// `DistinctState`); no access has a call inside it.
@usableFromInline
final class SkipState {
    @exclusivity(unchecked) @usableFromInline var remaining: Int

    @inlinable init(remaining: Int) { self.remaining = remaining }
}
