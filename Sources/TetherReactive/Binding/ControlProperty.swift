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
@MainActor
public struct ControlProperty<Value>: ObservableConvertible, ObserverType {
    private let values: Observable<Value>
    /// The user's edits alone, behind the property's one error guard: they never error.
    private let edits: Observable<Value>
    private let valueSink: AnyObserver<Value>

    /// A control property from its parts. The caller promises that `values` starts with
    /// the current value, reports user edits only and never errors.
    public init(values: Observable<Value>, valueSink: AnyObserver<Value>) {
        // The parts give no separate stream of edits: they are the values after the first.
        self.init(values: values, edits: Self.completingOnError(values.skip(1)), valueSink: valueSink)
    }

    /// A control property over `control`, which it holds weakly.
    ///
    /// - Parameters:
    ///   - getter: Reads the current value; called at each subscription and by the guard.
    ///   - setter: Sets the value programmatically; must not report it as an edit.
    ///   - edits: The user's edits; it should complete when the control goes away.
    ///   - isEqual: The equality guard; `nil` writes every value.
    public init<Control: AnyObject>(
        control: Control,
        getter: @escaping (Control) -> Value,
        setter: @escaping (Control, Value) -> Void,
        edits: some ObservableConvertible<Value>,
        isEqual: ((Value, Value) -> Bool)?
    ) {
        self.init(
            read: { [weak control] in control.map(getter) },
            isGone: { [weak control] in control == nil },
            write: { [weak control] value in if let control { setter(control, value) } },
            edits: edits.asObservable(), isEqual: isEqual)
    }

    /// A control property from closures alone (no control object): useful in tests and for
    /// adapting state that has no owner. Its values complete only when `edits` does.
    public init(
        getter: @escaping () -> Value,
        setter: @escaping (Value) -> Void,
        edits: some ObservableConvertible<Value>,
        isEqual: ((Value, Value) -> Bool)?
    ) {
        self.init(read: { getter() }, isGone: { false }, write: setter, edits: edits.asObservable(), isEqual: isEqual)
    }

    /// `read` returns `nil` once the control is gone, which `isGone` tells without reading.
    private init(
        read: @escaping () -> Value?, isGone: @escaping () -> Bool, write: @escaping (Value) -> Void,
        edits: Observable<Value>, isEqual: ((Value, Value) -> Bool)?
    ) {
        let edits = Self.completingOnError(edits)
        let values = Observable<Value>(unchecked: { observer in
            guard let current = read() else {
                observer.on(.completed)
                return NopDisposable()
            }
            return edits.subscribe(replaying: CollectionOfOne(current), to: observer)
        })
        let editsWhileAlive = Observable<Value>(unchecked: { observer in
            if isGone() {
                observer.on(.completed)
                return NopDisposable()
            }
            return edits.subscribeHandler(observer)
        })
        let valueSink = AnyObserver<Value> { event in
            switch event {
            case .next(let value):
                guard let current = read() else { return }
                if let isEqual, isEqual(current, value) { return }
                write(value)
            case .error(let error):
                Diagnostics.bindingError("a ControlProperty received error \(error)")
            case .completed:
                break
            }
        }
        self.init(values: values, edits: editsWhileAlive, valueSink: valueSink)
    }

    private init(values: Observable<Value>, edits: Observable<Value>, valueSink: AnyObserver<Value>) {
        self.values = values
        self.edits = edits
        self.valueSink = valueSink
    }

    /// The one error guard: an error from the edits is reported and becomes completion.
    private static func completingOnError(_ edits: Observable<Value>) -> Observable<Value> {
        Observable(unchecked: { observer in
            edits.subscribeHandler(
                AnyObserver { event in
                    if case .error(let error) = event {
                        Diagnostics.report("a ControlProperty's edits failed (\(error)); completing instead")
                        observer.on(.completed)
                    } else {
                        observer.on(event)
                    }
                })
        })
    }

    /// The values: the current value at subscription, then user edits.
    public func asObservable() -> Observable<Value> { values }

    /// Sets the value programmatically (through the equality guard, if any).
    /// Errors are rejected (asserted in debug builds, reported in release); completion is ignored.
    public func on(_ event: Event<Value>) { valueSink.on(event) }

    /// User edits only, without the initial value; they complete when the control goes away.
    public var changed: ControlEvent<Value> { ControlEvent(neverFailing: edits) }
}

extension ControlProperty where Value: Equatable {
    /// A control property over `control` with the equality guard `==`.
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
