/// A sequence of values over time: `next* (error | completed)?`.
///
/// An `Observable` is a recipe: nothing happens until it is subscribed, and each
/// subscription runs the recipe anew (use ``ObservableConvertible/share(replay:)`` to
/// share one). Like every reactive type in Tether it lives on the main actor; values
/// from other threads enter through the async bridges (``Observable/from(_:)-2ryw6``).
@MainActor
public struct Observable<Element>: ObservableConvertible {
    @usableFromInline let subscribeHandler: (AnyObserver<Element>) -> any Disposable

    /// An observable whose subscriptions call `subscribe` directly.
    ///
    /// The handler must itself keep the grammar (no events after a terminal one or after
    /// disposal). Use ``create(_:)`` when it cannot promise that.
    @inlinable init(unchecked subscribe: @escaping (AnyObserver<Element>) -> any Disposable) {
        self.subscribeHandler = subscribe
    }

    /// Returns `self`.
    @inlinable public func asObservable() -> Observable<Element> { self }

    /// Subscribes `observer`.
    @inlinable public func subscribe<O: ObserverType>(_ observer: O) -> any Disposable where O.Element == Element {
        if let erased = observer as? AnyObserver<Element> { return subscribeHandler(erased) }
        return subscribeHandler(AnyObserver { observer.on($0) })
    }
}

// MARK: - The rest of the per-value core
//
// AnyObserver, `onNext(_:)` and `subscribe(_:)` are inlinable, so they live here with
// Observable, in one of the few files allowed to be (docs/decisions/0039-the-hot-path.md, "The hot path").

/// A type-erased observer: a closure that receives events.
@MainActor
public struct AnyObserver<Element>: ObserverType {
    @usableFromInline let handler: (Event<Element>) -> Void

    /// An observer that calls `handler` with every event it receives.
    @inlinable public init(_ handler: @escaping (Event<Element>) -> Void) {
        self.handler = handler
    }

    /// Forwards `event` to the handler.
    @inlinable public func on(_ event: Event<Element>) { handler(event) }
}

extension ObserverType {
    /// Delivers a ``Event/next(_:)`` event.
    @inlinable public func onNext(_ element: Element) { on(.next(element)) }
}

extension ObservableConvertible {
    /// Subscribes `observer` to the sequence.
    ///
    /// - Returns: A disposable that ends the subscription. After `dispose()` the
    ///   observer receives nothing more.
    @inlinable public func subscribe<O: ObserverType>(_ observer: O) -> any Disposable where O.Element == Element {
        asObservable().subscribe(observer)
    }
}
