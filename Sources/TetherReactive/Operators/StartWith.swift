extension ObservableConvertible {
    /// Emits `values` first, in order, then the source's events.
    ///
    /// The source is subscribed before `values` are emitted, and emitting them is a
    /// delivery: whatever the source sends meanwhile (even because of a subscriber's
    /// reaction to one of `values`) is held and emitted after them, in order.
    public func startWith(_ values: Element...) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            source.subscribe(replaying: values, to: observer)
        })
    }
}

extension Observable {
    /// Subscribes `observer` to this observable, giving it `values` first: what this
    /// observable sends before they are all given is queued and given after them, in
    /// order, never recursively. The shared rule for starting a subscription with stored
    /// values (``startWith(_:)``, ``ControlProperty``'s current value).
    func subscribe(replaying values: some Sequence<Element>, to observer: AnyObserver<Element>) -> any Disposable {
        let queue = ReplayQueue<Element>()
        let subscription = subscribeHandler(
            AnyObserver { event in
                if queue.isReplaying { queue.events.append(event) } else { observer.on(event) }
            })
        for value in values { observer.on(.next(value)) }
        var next = 0
        while next < queue.events.count {
            observer.on(queue.events[next])
            next += 1
        }
        queue.isReplaying = false
        queue.events = []
        return subscription
    }
}

/// What a source sent while stored values were being given to a new subscriber.
@MainActor
final class ReplayQueue<Element> {
    var isReplaying = true
    var events: [Event<Element>] = []
}
