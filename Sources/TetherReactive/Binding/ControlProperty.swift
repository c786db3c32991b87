/// A two-sided view of one value of a control: the values it shows and a way to set it.
///
/// - Its values (subscribe, or use it as an observable) start with the control's current
///   value, read fresh from the getter at subscription, followed by **user edits only**:
///   programmatic value changes won't be reported. They never error, and they complete
///   when the control goes away. An edit made while the current value is being given
///   (say, by the subscriber's reaction to it) follows it, never recursively.
/// - Its sink (use it as an observer, or as a binding target) sets the value
///   programmatically. With an equality guard (the default for `Equatable` values) it
///   writes only when the new value differs from the current one, so a binding never
///   disturbs the caret or re-renders for an unchanged value.
///
/// Widgets expose their state this way (`TextField.text`, `Toggle.isOn`); you can build one
/// for any object from a getter, a setter and a source of edits.
//
// The initialisers and the per-value steps (the sink, the error guard on the edits) are
// inlinable, so that the module that builds a control property (a widget's, an app's) runs
// them specialised for its value type, with one weak load of the control per programmatic
// set (W6, W8; docs/decisions/0039-the-hot-path.md, "The hot path"). What runs once per subscription is not.
@MainActor
public struct ControlProperty<Value>: ObservableConvertible, ObserverType {
    @usableFromInline let values: Observable<Value>
    /// The user's edits alone, behind the property's one error guard: they never error.
    @usableFromInline let edits: Observable<Value>
    @usableFromInline let valueSink: AnyObserver<Value>

    /// A control property from its parts. The caller promises that `values` starts with
    /// the current value, reports user edits only and never errors.
    public init(values: Observable<Value>, valueSink: AnyObserver<Value>) {
        // The parts give no separate stream of edits: they are the values after the first.
        self.init(values: values, edits: Self.completingOnError(values.skip(1)), valueSink: valueSink)
    }

    /// A control property over `control`, which it holds weakly.
    ///
    /// - Parameters:
    ///   - control: The widget (or any object) whose value this is; held weakly.
    ///   - getter: Reads the current value; called at each subscription and by the guard.
    ///   - setter: Sets the value programmatically; must not report it as an edit.
    ///   - edits: The user's edits; it should complete when the control goes away.
    ///   - isEqual: The equality guard; `nil` writes every value.
    @inlinable
    public init<Control: AnyObject>(
        control: Control,
        getter: @escaping (Control) -> Value,
        setter: @escaping (Control, Value) -> Void,
        edits: some ObservableConvertible<Value>,
        isEqual: ((Value, Value) -> Bool)?
    ) {
        let edits = Self.completingOnError(edits.asObservable())
        // The guard and the set share one weak load of the control.
        let valueSink = AnyObserver<Value> { [weak control] event in
            guard case .next(let value) = event else { return Self.receiveTerminal(event) }
            guard let control else { return }
            if let isEqual, isEqual(getter(control), value) { return }
            setter(control, value)
        }
        self.init(
            values: Self.values(read: { [weak control] in control.map(getter) }, edits: edits),
            edits: Self.editsWhileAlive(isGone: { [weak control] in control == nil }, edits: edits),
            valueSink: valueSink)
    }

    /// A control property from closures alone (no control object): useful in tests and for
    /// adapting state that has no owner. Its values complete only when `edits` does.
    @inlinable
    public init(
        getter: @escaping () -> Value,
        setter: @escaping (Value) -> Void,
        edits: some ObservableConvertible<Value>,
        isEqual: ((Value, Value) -> Bool)?
    ) {
        let edits = Self.completingOnError(edits.asObservable())
        let valueSink = AnyObserver<Value> { event in
            guard case .next(let value) = event else { return Self.receiveTerminal(event) }
            if let isEqual, isEqual(getter(), value) { return }
            setter(value)
        }
        self.init(
            values: Self.values(read: { getter() }, edits: edits),
            edits: Self.editsWhileAlive(isGone: { false }, edits: edits),
            valueSink: valueSink)
    }

    @usableFromInline init(values: Observable<Value>, edits: Observable<Value>, valueSink: AnyObserver<Value>) {
        self.values = values
        self.edits = edits
        self.valueSink = valueSink
    }

    /// The values: the current value read by `read` at subscription (completing at once
    /// when it is `nil`: the control is gone), then `edits`.
    @usableFromInline static func values(read: @escaping () -> Value?, edits: Observable<Value>) -> Observable<Value> {
        Observable(unchecked: { observer in
            guard let current = read() else {
                observer.on(.completed)
                return NopDisposable()
            }
            return edits.subscribe(replaying: CollectionOfOne(current), to: observer)
        })
    }

    /// The edits, completing at once for a subscriber that comes after the control went away.
    @usableFromInline static func editsWhileAlive(isGone: @escaping () -> Bool, edits: Observable<Value>)
        -> Observable<Value>
    {
        Observable(unchecked: { observer in
            if isGone() {
                observer.on(.completed)
                return NopDisposable()
            }
            return edits.subscribeHandler(observer)
        })
    }

    /// The one error guard: an error from the edits is reported and becomes completion.
    @inlinable static func completingOnError(_ edits: Observable<Value>) -> Observable<Value> {
        Observable(unchecked: { observer in
            edits.subscribeHandler(
                AnyObserver { event in
                    if case .error(let error) = event {
                        Self.reportEditsFailure(error)
                        observer.on(.completed)
                    } else {
                        observer.on(event)
                    }
                })
        })
    }

    @usableFromInline static func reportEditsFailure(_ error: any Error) {
        Diagnostics.report("a ControlProperty's edits failed (\(error)); completing instead")
    }

    /// The sink's terminal events: an error is rejected, completion is ignored.
    @usableFromInline static func receiveTerminal(_ event: Event<Value>) {
        if case .error(let error) = event {
            Diagnostics.bindingError("a ControlProperty received error \(error)")
        }
    }

    /// The values: the current value at subscription, then user edits.
    @inlinable public func asObservable() -> Observable<Value> { values }

    /// Sets the value programmatically (through the equality guard, if any).
    /// Errors are rejected (asserted in debug builds, reported in release); completion is ignored.
    @inlinable public func on(_ event: Event<Value>) { valueSink.on(event) }

    /// User edits only, without the initial value; they complete when the control goes away.
    public var changed: ControlEvent<Value> { ControlEvent(neverFailing: edits) }
}

extension ControlProperty where Value: Equatable {
    /// A control property over `control` with the equality guard `==`.
    @inlinable
    public init<Control: AnyObject>(
        control: Control,
        getter: @escaping (Control) -> Value,
        setter: @escaping (Control, Value) -> Void,
        edits: some ObservableConvertible<Value>
    ) {
        self.init(control: control, getter: getter, setter: setter, edits: edits, isEqual: { $0 == $1 })
    }
}

extension ControlProperty where Value: Equatable {
    /// A control property from closures alone, with the equality guard `==`.
    @inlinable
    public init(
        getter: @escaping () -> Value, setter: @escaping (Value) -> Void, edits: some ObservableConvertible<Value>
    ) {
        self.init(getter: getter, setter: setter, edits: edits, isEqual: { $0 == $1 })
    }
}

extension ControlProperty where Value == String? {
    /// The property with `nil` read as the empty string; writes pass through unchanged.
    public var orEmpty: ControlProperty<String> {
        let sink = self
        return ControlProperty<String>(
            values: values.map { $0 ?? "" }, edits: edits.map { $0 ?? "" },
            valueSink: AnyObserver { event in
                switch event {
                case .next(let value): sink.on(.next(value))
                case .error(let error): sink.on(.error(error))
                case .completed: sink.on(.completed)
                }
            })
    }
}
