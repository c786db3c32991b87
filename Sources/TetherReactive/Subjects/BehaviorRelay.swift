/// A value holder that observers can watch: a ``BehaviorSubject`` that never terminates.
///
/// `value` always holds the latest accepted value: it is stored before observers are
/// notified, so an observer reading `value` during delivery sees the new value. A value
/// accepted while the relay is delivering is stored at once and delivered after the
/// current delivery, in order. New subscribers receive the current value first; that
/// replay is a delivery too, so a value accepted during it follows it, to every observer.
/// A relay is the usual view-model side of a ``<->(_:_:)-(ControlProperty<Value>,BehaviorRelay<Value>)`` binding.
@MainActor
public final class BehaviorRelay<Element>: ObservableConvertible {
    @usableFromInline let observers = ObserverList<Element>()
    @exclusivity(unchecked) @usableFromInline var current: Element

    /// A relay whose value is `value`.
    public init(value: Element) { current = value }

    /// The latest accepted value.
    public var value: Element { current }

    /// Stores `value`, then delivers it to the observers.
    @inlinable public func accept(_ value: Element) {
        current = value
        observers.send(.next(value))
    }

    /// Stores `value` and delivers it with an origin tag, so a binding can recognise
    /// its own write when the relay delivers it back.
    @inlinable func accept(_ value: Element, origin: AnyObject) {
        current = value
        observers.send(.next(value), origin: origin)
    }

    /// The relay as an observable that starts with the current value and never terminates.
    @inlinable public func asObservable() -> Observable<Element> {
        Observable(unchecked: { [self] observer in
            observers.add(observer.handler, replaying: CollectionOfOne(.next(current)))
        })
    }
}
