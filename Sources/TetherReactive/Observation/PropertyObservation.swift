// The one place that uses Observation's SPI: the willSet/didSet form of
// `withObservationTracking`, the mechanism SwiftUI and `Observations` are built on. The
// public form fires once, in willSet, before the new value is readable; this one calls
// back after the value has landed, synchronously, on the mutating thread. SE-0506 makes
// the same thing public in Swift 6.4 (`withObservationTracking(options: [.willSet, .didSet])`);
// only this file changes then. See docs/decisions/0019-observable-bindings-synchronous-through-observation-s-didset.md, "@Observable bindings".
@_spi(SwiftUI) import Observation

/// Watches one key path of one `@Observable` object, synchronously, for one subscriber:
/// a subscription to an ``ObservedProperty`` or to `observe(_:)`, or one side of a `<->`.
///
/// - **Timing.** A change is reported from Observation's didSet callback, inside the setter
///   that made it, with the value read after it landed. Nothing is asynchronous.
/// - **Equal values.** The `@Observable` macro (Swift 6.2+) skips notifications when an
///   `Equatable` property is set to an equal value; `_modify` paths (`count += 0`,
///   `array.append`) always notify, and so are always reported.
/// - **Dependencies.** A key path that is a tracked property is watched once. Any other key
///   path (a computed property, a chain through another object) is tracked anew after
///   each change, because what it reads can change (`a ? b : c`).
/// - **Nesting.** An endpoint that writes (a binding's model side) also registers for
///   willSet, and counts the depth of nested mutations (a property whose own `didSet`
///   writes it again). A write by this endpoint is recognised by the first didSet that
///   brings the depth back to where the write began: that is its echo. Other changes made inside the write (the model trimming what was written, an
///   observer reacting to it) are reported after the write returns, in order.
/// - **Specialised.** The per-change steps (``write(_:)``, the willSet and didSet steps) are
///   inlinable, and the steps the link calls back are closures made in ``start(includeCurrent:_:)``,
///   so a binding made in an app (`relay <-> model.binding(\.value)`, whose operator is
///   inlinable) runs them specialised for its model and value types, with no run-time generic
///   metadata lookups and no protocol dispatch (W2 by view-model style). Only registering with
///   Observation (the SPI) is an ordinary function.
/// - **Lifetime.** The registration's closures hold an ``ObservationLink``, which holds this
///   object until it stops, as a relay holds its subscribers: a subscription nobody keeps
///   goes on until disposed or until the model goes away. The model itself is held weakly.
///   When the model is deallocated its registrar drops the closures, the link's deinit
///   runs, and the subscriber receives `.completed`. A stopped observation cannot unregister
///   at once (the SPI hands out its handle only in callbacks), so its registration stays,
///   inert and holding only the emptied link, until the property next changes or the
///   model goes away. A key path that reads no tracked property (`@ObservationIgnored`)
///   registers nothing: its observation sends the current value and completes.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
@MainActor
@usableFromInline
final class PropertyObservation<Model: AnyObject & Observation.Observable, Value>: Disposable {
    // Read on every change; no access is held across a call out, so none can overlap and
    // none is checked at run time.
    @exclusivity(unchecked) @usableFromInline weak var model: Model?
    @usableFromInline let keyPath: KeyPath<Model, Value>
    /// Reads and writes the property of a binding's model side; `nil` for `observe(_:)`.
    @usableFromInline let access: PropertyAccess<Model, Value>?
    @usableFromInline let isEqual: ((Value, Value) -> Bool)?
    @usableFromInline let observers = ObserverList<Value>()
    @exclusivity(unchecked) @usableFromInline weak var link: ObservationLink?
    @exclusivity(unchecked) @usableFromInline var isStarted = false
    @exclusivity(unchecked) @usableFromInline var isDisposed = false
    /// Nested mutations in progress (willSet seen, didSet not yet).
    @exclusivity(unchecked) @usableFromInline var depth = 0
    /// While this endpoint writes into the model: the depth at which the write began.
    @exclusivity(unchecked) @usableFromInline var ownWriteDepth: Int?
    /// Whether the write in progress has not yet seen its echo.
    @exclusivity(unchecked) @usableFromInline var echoPending = false
    /// Values reported while this endpoint was writing; sent once the write returns.
    @exclusivity(unchecked) @usableFromInline var deferred: [Value] = []
    /// Set once a didSet has shown that the key path is a tracked property itself.
    @exclusivity(unchecked) @usableFromInline var isTrackedProperty = false

    /// Observes `keyPath` of `model`, read-only.
    @usableFromInline init(model: Model?, keyPath: KeyPath<Model, Value>) {
        self.model = model
        self.keyPath = keyPath
        self.access = nil
        self.isEqual = nil
    }

    /// Observes and writes the property `access` names, with the equality guard `isEqual` for writes.
    @usableFromInline init(model: Model?, access: PropertyAccess<Model, Value>, isEqual: ((Value, Value) -> Bool)?) {
        self.model = model
        self.keyPath = access.keyPath
        self.access = access
        self.isEqual = isEqual
    }

    // MARK: Reporting and writing (the steps of a two-way endpoint)

    @inlinable
    func start(includeCurrent: Bool, _ handler: @escaping (Event<Value>) -> Void) -> any Disposable {
        precondition(!isStarted, "a PropertyObservation is started once")
        isStarted = true
        let slot = observers.add(handler)
        guard !isDisposed, let model else {
            finish()
            return slot
        }
        // Made here so that the steps run specialised where this is inlined; the link holds
        // them (and so this object) until ``dispose()`` stops it.
        let link = ObservationLink(
            willSet: { self.modelWillChange() },
            didSet: { link in self.modelDidChange(link) },
            wentAway: { self.modelWentAway() })
        self.link = link
        let current = track(model, link: link)
        if includeCurrent { observers.send(.next(current)) }
        return self
    }

    @inlinable
    func write(_ value: Value) {
        guard !isDisposed, let model, let access else { return }
        if let isEqual, isEqual(access.get(model), value) { return }
        let enclosing = (ownWriteDepth, echoPending)
        (ownWriteDepth, echoPending) = (depth, true)
        access.set(model, value)
        (ownWriteDepth, echoPending) = enclosing
        guard enclosing.0 == nil, !deferred.isEmpty else { return }
        sendDeferred()
    }

    /// Sends the values reported while this endpoint was writing.
    @usableFromInline func sendDeferred() {
        let values = deferred
        deferred = []
        for value in values where !isDisposed { observers.send(.next(value)) }
    }

    @usableFromInline func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        link?.stop()
        link = nil
        deferred = []
        observers.removeAll()
    }

    // MARK: Observation callbacks (through the link)

    @inlinable func modelWillChange() {
        depth += 1
    }

    /// A change has landed; `link` holds the registration that reported it.
    @inlinable func modelDidChange(_ link: ObservationLink) {
        depth = max(0, depth - 1)
        guard !isDisposed else { return }
        // What a computed key path reads may have changed: track it anew, then drop the old
        // registration (the new one holds the link, so the link lives on).
        let retrack = depth == 0 && !isTrackedProperty && !changedIsOwnKeyPath(link)
        if echoPending, depth == ownWriteDepth {
            echoPending = false  // the echo of our own write; later changes inside it are the model's
            // `write(_:)` holds the model while it writes, so it is here.
            if retrack, let model {
                _ = track(model, link: link)
                link.cancelReportingRegistration()
            }
            return
        }
        guard let model else {
            finish()
            return
        }
        let current: Value
        if retrack {
            current = track(model, link: link)
            link.cancelReportingRegistration()
        } else if let access {
            current = access.get(model)
        } else {
            current = model[keyPath: keyPath]
        }
        if ownWriteDepth != nil {
            deferred.append(current)
        } else {
            observers.send(.next(current))
        }
    }

    @usableFromInline func modelWentAway() {
        guard !isDisposed else { return }
        finish()
    }

    // MARK: Helpers

    /// Reads the value while registering for changes of everything the read touches.
    ///
    /// Only an endpoint that writes needs the nesting depth (to recognise its echo), so only
    /// it registers for willSet too; a read-only observation asks for didSet alone, and
    /// treats every didSet as outermost.
    @usableFromInline func track(_ model: Model, link: ObservationLink) -> Value {
        let keyPath = self.keyPath
        guard access != nil else {
            return withObservationTracking({ model[keyPath: keyPath] }, didSet: { tracking in link.didSet(tracking) })
        }
        return withObservationTracking(
            { model[keyPath: keyPath] },
            willSet: { _ in link.willSet() },
            didSet: { tracking in link.didSet(tracking) })
    }

    /// Whether the change reported is to the observed key path itself, which makes it a
    /// tracked property whose only dependency is itself.
    @usableFromInline func changedIsOwnKeyPath(_ link: ObservationLink) -> Bool {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return false }
        guard let changed = link.reporting?.changed, changed == keyPath as AnyKeyPath else { return false }
        isTrackedProperty = true
        return true
    }

    @usableFromInline func finish() {
        guard !isDisposed else { return }
        observers.send(.completed)
        dispose()
    }
}
