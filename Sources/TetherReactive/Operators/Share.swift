extension ObservableConvertible {
    /// Shares one subscription to the source among all subscribers.
    ///
    /// The first subscriber connects to the source; when the last one disposes, the
    /// source subscription is disposed (the subscriptions keep the connection, so the shared
    /// observable itself need not be kept). While connected, late subscribers first receive
    /// up to `replay` of the latest values; a value the source sends during that replay is
    /// queued and delivered after it, to every subscriber. After the source terminates, the next
    /// subscriber connects anew.
    public func share(replay: Int = 0) -> Observable<Element> {
        let connection = ShareConnection(source: asObservable(), replay: replay)
        return Observable(unchecked: { observer in connection.subscribe(observer) })
    }
}

@MainActor
final class ShareConnection<Element> {
    private let source: Observable<Element>
    private let replayCount: Int
    private var observers = ObserverList<Element>()
    private var buffer: [Element] = []
    private var upstream: SingleAssignmentDisposable?

    init(source: Observable<Element>, replay: Int) {
        self.source = source
        self.replayCount = max(0, replay)
    }

    func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        let list = observers
        let slot = list.add(observer.handler, replaying: buffer.lazy.map { .next($0) })
        // The subscription holds the connection, so that dropping the shared observable (a
        // temporary, as in `source.share().subscribe(…)`) neither silences the subscribers
        // nor leaves the source subscribed once they have all disposed.
        let subscription = AnonymousDisposable { [self] in
            slot.dispose()
            guard list === observers, list.isEmpty else { return }
            disconnect()
        }
        if upstream == nil {
            let connection = SingleAssignmentDisposable()
            upstream = connection
            connection.set(
                source.subscribeHandler(AnyObserver { [weak self] event in self?.forward(event, from: list) }))
        }
        return subscription
    }

    private func forward(_ event: Event<Element>, from list: ObserverList<Element>) {
        guard list === observers else { return }
        switch event {
        case .next(let value):
            if replayCount > 0 {
                buffer.append(value)
                if buffer.count > replayCount { buffer.removeFirst() }
            }
            list.send(event)
        case .error, .completed:
            disconnect()
            list.send(event)
            list.removeAll()
        }
    }

    private func disconnect() {
        let connection = upstream
        upstream = nil
        buffer = []
        observers = ObserverList()
        connection?.dispose()
    }
}
