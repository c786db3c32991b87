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
        // Inlinable so that the whole path is specialised in the caller's module; the
        // subscription is itself the observer (no separate closure context per subscription).
        let subscription = ClosureSubscription<Element>(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        subscription.setUpstream(asObservable().subscribeHandler(AnyObserver { [subscription] in subscription.on($0) }))
        return subscription
    }
}

/// The disposable behind `subscribe(onNext:onError:onCompleted:onDisposed:)`, and the
/// observer it subscribes.
///
/// Kept to four words so that a live subscription stays small: `onNext` is `nil` exactly
/// when the subscription has stopped (a terminal event arrived or it was disposed), and the
/// rarely given terminal callbacks live in a separate ``ClosureCallbacks`` object.
@MainActor
@usableFromInline
final class ClosureSubscription<Element>: Disposable {
    @exclusivity(unchecked) @usableFromInline var onNext: ((Element) -> Void)?
    @usableFromInline var callbacks: ClosureCallbacks?
    @usableFromInline var upstream: (any Disposable)?

    @inlinable init(
        onNext: ((Element) -> Void)?, onError: ((any Error) -> Void)?,
        onCompleted: (() -> Void)?, onDisposed: (() -> Void)?
    ) {
        // Pattern matching, not `??` or `!= nil`: those generic operators would wrap the
        // closures in reabstraction thunks (extra allocations and calls per event).
        if let onNext { self.onNext = onNext } else { self.onNext = { _ in } }
        switch (onError, onCompleted, onDisposed) {
        case (.none, .none, .none): break
        default: callbacks = ClosureCallbacks(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        }
    }

    /// `true` once a terminal event arrived or `dispose()` ran.
    @usableFromInline var isDisposed: Bool {
        if case .none = onNext { return true }
        return false
    }

    @inlinable func setUpstream(_ disposable: any Disposable) {
        // Stopped before the source's subscribe returned: the terminal path has already run.
        if case .none = onNext { disposable.dispose() } else { upstream = disposable }
    }

    @inlinable func on(_ event: Event<Element>) {
        guard let onNext else { return }
        if case .next(let value) = event { onNext(value) } else { finish(event) }
    }

    @usableFromInline func finish(_ event: Event<Element>) {
        onNext = nil
        let callbacks = self.callbacks
        switch event {
        case .next: return
        case .error(let error):
            if let onError = callbacks?.onError { onError(error) } else { Diagnostics.report(unhandled: error) }
        case .completed:
            callbacks?.onCompleted?()
        }
        dispose()
    }

    @usableFromInline func dispose() {
        if case .none = onNext, upstream == nil, callbacks == nil { return }
        let upstream = self.upstream, onDisposed = callbacks?.onDisposed
        onNext = nil
        self.upstream = nil
        callbacks = nil
        upstream?.dispose()
        onDisposed?()
    }
}

/// The terminal and disposal callbacks of a ``ClosureSubscription``, when any were given.
@usableFromInline
final class ClosureCallbacks {
    @usableFromInline let onError: ((any Error) -> Void)?
    @usableFromInline let onCompleted: (() -> Void)?
    @usableFromInline let onDisposed: (() -> Void)?

    @usableFromInline init(onError: ((any Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) {
        self.onError = onError
        self.onCompleted = onCompleted
        self.onDisposed = onDisposed
    }
}
