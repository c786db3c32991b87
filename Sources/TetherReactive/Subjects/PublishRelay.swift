/// A ``PublishSubject`` that never terminates: it can only `accept` values.
///
/// Use relays for view-model state and UI events, where an error or completion would
/// silently break every binding downstream.
@MainActor
public final class PublishRelay<Element>: ObservableConvertible {
    @usableFromInline let observers = ObserverList<Element>()

    /// A relay with no observers.
    public init() {}

    /// Delivers `value` to the current observers (queued when a delivery is running).
    @inlinable public func accept(_ value: Element) { observers.send(.next(value)) }

    /// The relay as an observable that never errors or completes.
    @inlinable public func asObservable() -> Observable<Element> {
        Observable(unchecked: { [self] observer in observers.add(observer.handler) })
    }
}
