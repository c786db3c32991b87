/// Reads, writes and names one property of a model through one closure that applies its key
/// path: the model side of a `<->` binding uses it instead of applying the key path itself.
///
/// Made where the key path is a literal (``Observation/Observable/binding(_:)-48q1h`` is
/// inlinable), the closure's one capture is a constant, and the optimizer makes a copy of
/// the closure with the literal inside, where reading and writing become direct calls of the
/// property's getter and setter instead of the key path's run-time projection (a write
/// through `ReferenceWritableKeyPath` runs the getter, then the setter from a write-back
/// buffer it allocates: about a third of a relay ⇄ `@Observable` write, issue 24). The key
/// path has to be captured exactly once for that, which is why one closure does all three
/// steps and the key path itself is asked of it rather than stored beside it. Made from a
/// key path that is not a literal, it costs what applying the key path costs.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
@usableFromInline
struct PropertyAccess<Model: AnyObject, Value> {
    @usableFromInline enum Step {
        case get
        case set(Value)
        case keyPath
    }

    @usableFromInline enum Outcome {
        case value(Value)
        case keyPath(ReferenceWritableKeyPath<Model, Value>)
        case done
    }

    @usableFromInline let perform: (Model?, Step) -> Outcome

    @inlinable @inline(__always) init(_ keyPath: ReferenceWritableKeyPath<Model, Value>) {
        perform = { model, step in
            switch step {
            case .get:
                return .value(model.unsafelyUnwrapped[keyPath: keyPath])
            case .set(let value):
                model.unsafelyUnwrapped[keyPath: keyPath] = value
                return .done
            case .keyPath:
                return .keyPath(keyPath)
            }
        }
    }

    /// The property's value in `model`.
    @inlinable func get(_ model: Model) -> Value {
        guard case .value(let value) = perform(model, .get) else { preconditionFailure("PropertyAccess.get") }
        return value
    }

    /// Sets the property in `model` to `value`.
    @inlinable func set(_ model: Model, _ value: Value) {
        _ = perform(model, .set(value))
    }

    /// The key path this applies.
    @inlinable var keyPath: ReferenceWritableKeyPath<Model, Value> {
        guard case .keyPath(let keyPath) = perform(nil, .keyPath) else { preconditionFailure("PropertyAccess.keyPath") }
        return keyPath
    }
}
