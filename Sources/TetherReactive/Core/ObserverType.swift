/// Something that receives the events of an observable sequence.
///
/// Observers live on the main actor, like every reactive type in Tether.
@MainActor
public protocol ObserverType<Element> {
    /// The type of value the observer receives.
    associatedtype Element
    /// Delivers one event. The caller guarantees the `next* (error | completed)?` grammar.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    // `onNext(_:)` is in Observable.swift, inlinable with the rest of the per-value path.

    /// Delivers an ``Event/error(_:)`` event.
    public func onError(_ error: any Error) { on(.error(error)) }
    /// Delivers a ``Event/completed`` event.
    public func onCompleted() { on(.completed) }

    /// A type-erased observer that forwards to this one.
    public func asObserver() -> AnyObserver<Element> {
        if let erased = self as? AnyObserver<Element> { return erased }
        return AnyObserver { self.on($0) }
    }
}
