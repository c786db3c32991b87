precedencegroup TwoWayBindingPrecedence {
    associativity: none
    higherThan: AssignmentPrecedence
}

/// Two-way binding: `view <-> model` keeps both sides equal.
///
/// The rules, for every pair of sides:
/// 1. On bind the right-hand side (the model) wins: its value is pushed into the left;
///    the left's initial value is never written back.
/// 2. A user edit reaches the model once, and the model does not send it back.
/// 3. A model write reaches the control once and is not reported back as an edit.
/// 4. A per-binding guard stops feedback loops even for values that are not `Equatable`.
/// 5. A write made while a value is being delivered (a model that trims what the user
///    typed) is queued and reaches the other side afterwards, in order.
/// 6. When a control completes (it went away) the binding ends; relays never complete.
///    Disposing the returned disposable stops both directions.
/// 7. The binding holds neither side strongly beyond its own lifetime: disposing it
///    (or the bag holding it) frees everything.
infix operator <-> : TwoWayBindingPrecedence

/// Binds a control property and a relay both ways; the relay's value wins on bind.
@MainActor
@inlinable
public func <-> <Value>(property: ControlProperty<Value>, relay: BehaviorRelay<Value>) -> any Disposable {
    // Inlinable: the engine's control and relay steps are specialised for `Value` in the caller's module.
    TwoWayBinding.bind(left: .control(property), right: .relay(relay))
}

/// Binds two relays both ways; the right-hand relay's value wins on bind.
@MainActor
@inlinable
public func <-> <Value>(left: BehaviorRelay<Value>, right: BehaviorRelay<Value>) -> any Disposable {
    // Inlinable: the engine's relay steps are specialised for `Value` in the caller's module.
    TwoWayBinding.bind(left: .relay(left), right: .relay(right))
}

/// Binds two control properties both ways; the right-hand control's value wins on bind.
@MainActor
@inlinable
public func <-> <Value>(left: ControlProperty<Value>, right: ControlProperty<Value>) -> any Disposable {
    TwoWayBinding.bind(left: .control(left), right: .control(right))
}
