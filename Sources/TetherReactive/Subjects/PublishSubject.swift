/// A subject that delivers each event to the observers subscribed at the time.
///
/// Late subscribers get no earlier values. After a terminal event, new subscribers
/// receive that terminal event immediately. A value sent while the subject is
/// delivering is queued and delivered afterwards, in order.
@MainActor
public final class PublishSubject<Element>: ObservableConvertible, ObserverType {
    @usableFromInline let observers = ObserverList<Element>()
    @exclusivity(unchecked) @usableFromInline var terminal: Event<Element>?

    /// A subject with no observers.
    public init() {}

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { !observers.isEmpty }

    /// Sends `event` to the current observers. Ignored after a terminal event.
    @inlinable public func on(_ event: Event<Element>) {
        guard terminal == nil else { return }
        if case .next = event {
            observers.send(event)
        } else {
            terminal = event
            observers.send(event)
            observers.removeAll()
        }
    }

    /// The subject as an observable.
    @inlinable public func asObservable() -> Observable<Element> {
        Observable(unchecked: { [self] observer in subscribe(observer.handler) })
    }

    @inlinable func subscribe(_ handler: @escaping (Event<Element>) -> Void) -> any Disposable {
        if terminal != nil { return replayTerminal(to: handler) }
        return observers.add(handler)
    }

    /// A subscriber that comes after the terminal event receives it at once.
    @usableFromInline func replayTerminal(to handler: (Event<Element>) -> Void) -> any Disposable {
        if let terminal { handler(terminal) }
        return NopDisposable()
    }
}
