import Observation

/// A property of an `@Observable` object, named by key path: the model side of a `<->`
/// binding, an observable of the property's values, and a binding target that sets it.
///
/// Make one with ``Observation/Observable/binding(_:)-48q1h``:
///
/// ```swift
/// @Observable @MainActor final class Profile { var name = "" }
///
/// (nameField.text <-> profile.binding(\.name)).disposed(by: bag)
/// ```
///
/// - **Bound with `<->`** it follows exactly the rules of a ``BehaviorRelay``: the model wins
///   on bind, no echo, no loops without `Equatable`, writes made during a delivery queued in
///   order, the binding ends when either side goes away, and it holds neither side strongly.
/// - **Its values** (subscribe, or use it as an observable) start with the current value and
///   follow every change, however it is made (`profile.name = …`, `profile.name += "!"`, a
///   binding). They complete when the object is deallocated. Delivery is synchronous: an
///   observer hears of a change inside the setter that made it, after the value has landed.
/// - **Its sink** (bind to it, or `profile.binding(\.name) <~ source`) sets the property,
///   through an equality guard when the value is `Equatable`.
///
/// The object must be changed on the main actor, as every reactive type in Tether is used;
/// an `@Observable @MainActor` class guarantees it. The property holds the object weakly.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
@MainActor
public struct ObservedProperty<Model: AnyObject & Observation.Observable, Value>: ObservableConvertible, ObserverType {
    @usableFromInline weak var model: Model?
    /// Reads, writes and names the property (its key path applied by one closure).
    @usableFromInline let access: PropertyAccess<Model, Value>
    @usableFromInline let isEqual: ((Value, Value) -> Bool)?

    /// The property at `keyPath` of `model`.
    ///
    /// - Parameters:
    ///   - model: The `@Observable` object that holds the property.
    ///   - keyPath: The property, read and written through Observation.
    ///   - isEqual: The equality guard for writes; `nil` writes every value.
    public init(_ model: Model, _ keyPath: ReferenceWritableKeyPath<Model, Value>, isEqual: ((Value, Value) -> Bool)?) {
        self.model = model
        self.access = PropertyAccess(keyPath)
        self.isEqual = isEqual
    }

    /// The property `access` reads and writes; made by the inlinable `binding(_:)` functions,
    /// where the key path is a literal.
    @inlinable init(_ model: Model, access: PropertyAccess<Model, Value>, isEqual: ((Value, Value) -> Bool)?) {
        self.model = model
        self.access = access
        self.isEqual = isEqual
    }

    /// The current value, or `nil` once the object is gone.
    public var value: Value? { model.map { access.get($0) } }

    /// The values: the current value at subscription, then every change, synchronously;
    /// completes when the object is deallocated.
    public func asObservable() -> Observable<Value> { observable(includeCurrent: true) }

    /// Every change, without the current value.
    public var changed: Observable<Value> { observable(includeCurrent: false) }

    /// Sets the property (unless the equality guard finds it equal). Errors are rejected
    /// (asserted in debug builds, reported in release builds); completion is ignored.
    public func on(_ event: Event<Value>) {
        switch event {
        case .next(let value):
            guard let model else { return }
            if let isEqual, isEqual(access.get(model), value) { return }
            access.set(model, value)
        case .error(let error):
            Diagnostics.bindingError("an ObservedProperty received error \(error)")
        case .completed:
            break
        }
    }

    /// A fresh endpoint for one `<->` binding. Inlinable, with its steps as closures made
    /// here, so that the binding runs them specialised in the module that binds (W2).
    @inlinable func makeEndpoint() -> TwoWayBinding<Value>.Endpoint {
        let observation = PropertyObservation(model: model, access: access, isEqual: isEqual)
        return TwoWayBinding<Value>.Endpoint(
            start: { observation.start(includeCurrent: $0, $1) }, write: { observation.write($0) })
    }

    private func observable(includeCurrent: Bool) -> Observable<Value> {
        let keyPath: KeyPath<Model, Value> = access.keyPath
        return Observable(unchecked: { [weak model = self.model] observer in
            PropertyObservation(model: model, keyPath: keyPath).start(includeCurrent: includeCurrent, observer.on)
        })
    }
}

@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
extension Observation.Observable where Self: AnyObject {
    /// The property at `keyPath`, for `<->`, `bind(to:)` and `<~`; no equality guard.
    ///
    /// ```swift
    /// (usernameField.text <-> model.binding(\.username)).disposed(by: bag)
    /// ```
    @MainActor @inlinable
    public func binding<Value>(_ keyPath: ReferenceWritableKeyPath<Self, Value>) -> ObservedProperty<Self, Value> {
        ObservedProperty(self, access: PropertyAccess(keyPath), isEqual: nil)
    }

    /// The property at `keyPath`, for `<->`, `bind(to:)` and `<~`, with the equality guard
    /// `==`: writing a value equal to the current one does nothing.
    @MainActor @inlinable
    public func binding<Value: Equatable>(_ keyPath: ReferenceWritableKeyPath<Self, Value>) -> ObservedProperty<
        Self, Value
    > {
        ObservedProperty(self, access: PropertyAccess(keyPath), isEqual: { $0 == $1 })
    }

    /// The property at `keyPath`, with the equality guard `isEqual` (`nil` writes every value).
    @MainActor @inlinable
    public func binding<Value>(
        _ keyPath: ReferenceWritableKeyPath<Self, Value>,
        isEqual: ((Value, Value) -> Bool)?
    ) -> ObservedProperty<Self, Value> {
        ObservedProperty(self, access: PropertyAccess(keyPath), isEqual: isEqual)
    }
}
