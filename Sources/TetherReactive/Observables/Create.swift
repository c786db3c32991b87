extension Observable {
    /// An observable whose subscriptions run `subscribe`.
    ///
    /// The observer handed to `subscribe` enforces the grammar for you: after it has
    /// delivered a terminal event, or after the subscription was disposed, it drops
    /// everything. The disposable `subscribe` returns is disposed when the subscriber
    /// disposes or when a terminal event has been delivered.
    @inlinable
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
///
/// Its steps are inlinable, so that they are specialised with the operator built on
/// ``Observable/create(_:)`` in the caller's module: unspecialised, reading each event looks
/// the metadata of `Event<Element>` up (issue 24).
@MainActor
@usableFromInline
final class GuardedSink<Element>: Disposable {
    @usableFromInline var downstream: AnyObserver<Element>?
    @usableFromInline var resource: (any Disposable)?
    @usableFromInline private(set) var isDisposed = false

    @inlinable init(_ downstream: AnyObserver<Element>) { self.downstream = downstream }

    @inlinable func forward(_ event: Event<Element>) {
        guard let downstream else { return }
        if event.isTerminal {
            self.downstream = nil
            downstream.on(event)
            dispose()
        } else {
            downstream.on(event)
        }
    }

    @inlinable func setResource(_ resource: any Disposable) {
        if isDisposed { resource.dispose() } else { self.resource = resource }
    }

    @usableFromInline func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        downstream = nil
        let resource = self.resource
        self.resource = nil
        resource?.dispose()
    }
}
