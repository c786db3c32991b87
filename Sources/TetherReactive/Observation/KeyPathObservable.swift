import Observation

@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
extension Observation.Observable where Self: AnyObject {
    /// The values at `keyPath` as an ``Observable``: the current value at subscription, then
    /// the value after every change of anything it reads, until the object is deallocated.
    ///
    /// Any key path works: a stored property, a computed one (`\.isValid`, which re-reads
    /// the properties it depends on, and follows them as they change), or a chain through
    /// other `@Observable` objects (`\.account.name`). Use it with `bind(to:)` and `<~`:
    ///
    /// ```swift
    /// signInButton.isEnabled <~ model.observe(\.isValid)
    /// model.observe(\.usernameError).bind(to: usernameRow.error).disposed(by: bag)
    /// ```
    ///
    /// Delivery is synchronous, from inside the setter that made the change, once the new
    /// value has landed. Every change is delivered, even when a computed value comes out the
    /// same: add `distinctUntilChanged()` to skip repeats. The object must be changed on the
    /// main actor, and is held weakly.
    @MainActor
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>) -> Observable<Value> {
        Observable(unchecked: { [weak self] observer in
            PropertyObservation(model: self, keyPath: keyPath).start(includeCurrent: true, observer.on)
        })
    }
}
