/// A stream of events from a control, such as a button's taps or a field's edits.
///
/// It never errors (an error from its source is reported and turned into completion),
/// delivers on the main actor, and completes when its control goes away.
@MainActor
public struct ControlEvent<Element>: ObservableConvertible {
    private let events: Observable<Element>

    /// A control event over `events`.
    public init(events: some ObservableConvertible<Element>) {
        let source = events.asObservable()
        self.events = Observable(unchecked: { observer in
            source.subscribeHandler(
                AnyObserver { event in
                    if case .error(let error) = event {
                        Diagnostics.report("a ControlEvent's source failed (\(error)); completing instead")
                        observer.on(.completed)
                    } else {
                        observer.on(event)
                    }
                })
        })
    }

    /// A control event over `events`, which never error: the caller has guarded them already.
    init(neverFailing events: Observable<Element>) {
        self.events = events
    }

    /// The events as an observable.
    public func asObservable() -> Observable<Element> { events }
}
