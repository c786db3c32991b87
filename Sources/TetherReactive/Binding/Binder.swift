/// A binding target that applies each value to an object it holds weakly.
///
/// Values are applied on the main actor. Once the target is gone, values are ignored.
/// A binder rejects errors: binding an observable that fails is a programming error,
/// asserted in debug builds and reported through ``Diagnostics`` in release builds.
/// Completion is ignored, so the target keeps its last value.
@MainActor
public struct Binder<Value>: ObserverType {
    @usableFromInline let apply: (Value) -> Void

    /// A binder that calls `binding(target, value)` for each value while `target` lives.
    public init<Target: AnyObject>(_ target: Target, binding: @escaping (Target, Value) -> Void) {
        apply = { [weak target] value in
            if let target { binding(target, value) }
        }
    }

    /// Applies ``Event/next(_:)`` values; rejects errors; ignores completion.
    ///
    /// Inlinable, so that it is specialised where the binder is used: unspecialised, reading
    /// the event looks the metadata of `Event<Value>` up on every value (issue 24).
    @inlinable
    public func on(_ event: Event<Value>) {
        switch event {
        case .next(let value): apply(value)
        case .error(let error): BinderError.reject(error)
        case .completed: break
        }
    }
}

/// What a binder does with an error, kept out of the inlined ``Binder/on(_:)``.
@usableFromInline
enum BinderError {
    /// Reports `error` through ``Diagnostics``: binding an observable that fails is a
    /// programming error.
    @usableFromInline @MainActor static func reject(_ error: any Error) {
        Diagnostics.bindingError("a Binder received error \(error)")
    }
}
