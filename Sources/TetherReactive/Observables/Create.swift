extension Observable {
    /// An observable whose subscriptions run `subscribe`.
    ///
    /// The observer handed to `subscribe` enforces the grammar for you: after it has
    /// delivered a terminal event, or after the subscription was disposed, it drops
    /// everything. The disposable `subscribe` returns is disposed when the subscriber
    /// disposes or when a terminal event has been delivered.
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> any Disposable) -> Observable<Element> {
        Observable(unchecked: { downstream in
            let sink = GuardedSink(downstream)
            let resource = subscribe(AnyObserver { sink.forward($0) })
            sink.setResource(resource)
            return sink
        })
    }
}

/// Enforces `next* (error | completed)?` and silence after dispose for one subscription.
@MainActor
final class GuardedSink<Element>: Disposable {
    private var downstream: AnyObserver<Element>?
    private var resource: (any Disposable)?
    private(set) var isDisposed = false

    init(_ downstream: AnyObserver<Element>) { self.downstream = downstream }

    func forward(_ event: Event<Element>) {
        guard let downstream else { return }
        if event.isTerminal {
            self.downstream = nil
            downstream.on(event)
            dispose()
        } else {
            downstream.on(event)
        }
    }

    func setResource(_ resource: any Disposable) {
        if isDisposed { resource.dispose() } else { self.resource = resource }
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        downstream = nil
        let resource = self.resource
        self.resource = nil
        resource?.dispose()
    }
}
