/// A type that can be viewed as an ``Observable`` sequence of values.
///
/// Subjects, relays, ``ControlProperty`` and ``ControlEvent`` conform, so every
/// operator defined on this protocol applies to all of them.
@MainActor
public protocol ObservableConvertible<Element> {
    /// The type of value the sequence produces.
    associatedtype Element
    /// The sequence itself.
    func asObservable() -> Observable<Element>
}

extension ObservableConvertible {
    /// Subscribes `observer` to the sequence.
    ///
    /// - Returns: A disposable that ends the subscription. After `dispose()` the
    ///   observer receives nothing more.
    @inlinable public func subscribe<O: ObserverType>(_ observer: O) -> any Disposable where O.Element == Element {
        asObservable().subscribe(observer)
    }

    /// Subscribes closures to the sequence's events.
    ///
    /// `onNext` is called for every value; `onError` or `onCompleted` at most once, after
    /// which the subscription disposes itself (so a ``DisposeBag`` can let it go) and
    /// `onDisposed` runs. `onDisposed` also runs when the subscription is disposed early.
    @inlinable
    @discardableResult
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((any Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        // Inlinable so that the whole path is specialised in the caller's module. `onNext`
        // is captured by the observer closure (immutable there, so calling it costs no
        // retain); the closure is released when the upstream lets it go on dispose.
        let subscription = ClosureSubscription(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        let next: (Element) -> Void
        if let onNext { next = onNext } else { next = { _ in } }  // not `??`: it would add thunks
        let observer = AnyObserver<Element> { [subscription] event in
            guard case .active = subscription.phase else { return }
            switch event {
            case .next(let value): next(value)
            case .error(let error): subscription.finish(error)
            case .completed: subscription.finish(nil)
            }
        }
        subscription.setUpstream(asObservable().subscribeHandler(observer))
        return subscription
    }
}
