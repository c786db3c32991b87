import Observation

// `<->` with a property of an `@Observable` object (see ``ObservedProperty``). The rules are
// those of the relay versions (see ``<->(_:_:)-(ControlProperty<Value>,BehaviorRelay<Value>)``);
// the right-hand side is the model and wins on bind. The operators are inlinable, so the
// binding and the model's endpoint run specialised in the module that binds (W2 by
// view-model style; docs/decisions/0039-the-hot-path.md, "The hot path").

/// Binds a control property and a property of an `@Observable` object both ways; the
/// object's value wins on bind.
///
/// ```swift
/// (usernameField.text <-> model.binding(\.username)).disposed(by: bag)
/// ```
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
@MainActor
@inlinable
public func <-> <Model, Value>(property: ControlProperty<Value>, model: ObservedProperty<Model, Value>)
    -> any Disposable
{
    TwoWayBinding.bind(left: .control(property), right: .endpoint(model.makeEndpoint()))
}

/// Binds a relay and a property of an `@Observable` object both ways; the object's value
/// wins on bind.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
@MainActor
@inlinable
public func <-> <Model, Value>(relay: BehaviorRelay<Value>, model: ObservedProperty<Model, Value>) -> any Disposable {
    TwoWayBinding.bind(left: .relay(relay), right: .endpoint(model.makeEndpoint()))
}

/// Binds a property of an `@Observable` object and a relay both ways; the relay's value
/// wins on bind.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
@MainActor
@inlinable
public func <-> <Model, Value>(model: ObservedProperty<Model, Value>, relay: BehaviorRelay<Value>) -> any Disposable {
    TwoWayBinding.bind(left: .endpoint(model.makeEndpoint()), right: .relay(relay))
}

/// Binds properties of two `@Observable` objects both ways; the right-hand value wins on bind.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
@MainActor
@inlinable
public func <-> <Left, Right, Value>(left: ObservedProperty<Left, Value>, right: ObservedProperty<Right, Value>)
    -> any Disposable
{
    TwoWayBinding.bind(left: .endpoint(left.makeEndpoint()), right: .endpoint(right.makeEndpoint()))
}
