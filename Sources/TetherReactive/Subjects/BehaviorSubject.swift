/// A subject that holds a current value and sends it to each new subscriber.
///
/// `value` is stored before observers are notified, so an observer reading it during
/// delivery sees the new value. After a terminal event, new subscribers receive the
/// terminal event only. Giving a new subscriber the current value is a delivery: a value
/// sent during it is queued and delivered after it, to every observer.
@MainActor
public final class BehaviorSubject<Element>: ObservableConvertible, ObserverType {
    @usableFromInline let observers = ObserverList<Element>()
    @usableFromInline var current: Element
    @usableFromInline var terminal: Event<Element>?

    /// A subject whose current value is `value`.
    public init(value: Element) { current = value }

    /// The latest value sent (or the initial one).
    public var value: Element { current }

    /// Stores a ``Event/next(_:)`` value, then delivers the event. Ignored after a terminal event.
    @inlinable public func on(_ event: Event<Element>) {
        guard terminal == nil else { return }
        switch event {
        case .next(let value):
            current = value
            observers.send(event)
        case .error, .completed:
            terminal = event
            observers.send(event)
            observers.removeAll()
        }
    }

    /// The subject as an observable that starts with the current value.
    public func asObservable() -> Observable<Element> {
        Observable(unchecked: { [self] observer in
            if let terminal {
                observer.on(terminal)
                return NopDisposable()
            }
            return observers.add(observer.handler, replaying: CollectionOfOne(.next(current)))
        })
    }
}
