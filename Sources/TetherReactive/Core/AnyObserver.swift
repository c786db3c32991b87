/// A type-erased observer: a closure that receives events.
@MainActor
public struct AnyObserver<Element>: ObserverType {
    @usableFromInline let handler: (Event<Element>) -> Void

    /// An observer that calls `handler` with every event it receives.
    @inlinable public init(_ handler: @escaping (Event<Element>) -> Void) {
        self.handler = handler
    }

    /// Forwards `event` to the handler.
    @inlinable public func on(_ event: Event<Element>) { handler(event) }
}
