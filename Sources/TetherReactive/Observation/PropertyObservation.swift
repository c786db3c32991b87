// The one place that uses Observation's SPI: the willSet/didSet form of
// `withObservationTracking`, the mechanism SwiftUI and `Observations` are built on. The
// public form fires once, in willSet, before the new value is readable; this one calls
// back after the value has landed, synchronously, on the mutating thread. SE-0506 makes
// the same thing public in Swift 6.4 (`withObservationTracking(options: [.willSet, .didSet])`);
// only this file changes then. See DECISIONS.md, "@Observable bindings".
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
final class PropertyObservation<Model: AnyObject & Observation.Observable, Value>: TwoWayEndpoint, Disposable,
    ObservationLinkClient
{
    private weak var model: Model?
    private let keyPath: KeyPath<Model, Value>
    /// `keyPath` when it is writable (a binding's model side); `nil` for `observe(_:)`.
    private let writableKeyPath: ReferenceWritableKeyPath<Model, Value>?
    private let isEqual: ((Value, Value) -> Bool)?
    private let observers = ObserverList<Value>()
    private weak var link: ObservationLink?
    private var isStarted = false
    private(set) var isDisposed = false
    /// Nested mutations in progress (willSet seen, didSet not yet).
    private var depth = 0
    /// While this endpoint writes into the model: the depth at which the write began.
    private var ownWriteDepth: Int?
    /// Whether the write in progress has not yet seen its echo.
    private var echoPending = false
    /// Values reported while this endpoint was writing; sent once the write returns.
    private var deferred: [Value] = []
    /// Set once a didSet has shown that the key path is a tracked property itself.
    private var isTrackedProperty = false

    /// Observes `keyPath` of `model`, read-only.
    init(model: Model?, keyPath: KeyPath<Model, Value>) {
        self.model = model
        self.keyPath = keyPath
        self.writableKeyPath = nil
        self.isEqual = nil
    }

    /// Observes and writes `keyPath` of `model`, with the equality guard `isEqual` for writes.
    init(model: Model?, keyPath: ReferenceWritableKeyPath<Model, Value>, isEqual: ((Value, Value) -> Bool)?) {
        self.model = model
        self.keyPath = keyPath
        self.writableKeyPath = keyPath
        self.isEqual = isEqual
    }

    // MARK: TwoWayEndpoint

    func start(includeCurrent: Bool, _ handler: @escaping (Event<Value>) -> Void) -> any Disposable {
        precondition(!isStarted, "a PropertyObservation is started once")
        isStarted = true
        let slot = observers.add(handler)
        guard !isDisposed, let model else {
            finish()
            return slot
        }
        let link = ObservationLink(client: self)
        self.link = link
        let current = track(model, link: link)
        if includeCurrent { observers.send(.next(current)) }
        return self
    }

    func write(_ value: Value) {
        guard !isDisposed, let model, let writable = writableKeyPath else { return }
        if let isEqual, isEqual(model[keyPath: keyPath], value) { return }
        let enclosing = (ownWriteDepth, echoPending)
        (ownWriteDepth, echoPending) = (depth, true)
        model[keyPath: writable] = value
        (ownWriteDepth, echoPending) = enclosing
        guard enclosing.0 == nil, !deferred.isEmpty else { return }
        let values = deferred
        deferred = []
        for value in values where !isDisposed { observers.send(.next(value)) }
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        link?.client = nil
        link = nil
        deferred = []
        observers.removeAll()
    }

    // MARK: Observation callbacks (through the link)

    func modelWillChange() {
        depth += 1
    }

    func modelDidChange(_ tracking: ObservationTracking, link: ObservationLink) {
        depth = max(0, depth - 1)
        guard !isDisposed else { return }
        guard let model else {
            finish()
            return
        }
        // What a computed key path reads may have changed: track it anew, then drop the old
        // registration (the new one holds the link, so the link lives on).
        let retrack = depth == 0 && !isTrackedProperty && !changedIsOwnKeyPath(tracking)
        if echoPending, depth == ownWriteDepth {
            echoPending = false  // the echo of our own write; later changes inside it are the model's
            if retrack {
                _ = track(model, link: link)
                tracking.cancel()
            }
            return
        }
        let current: Value
        if retrack {
            current = track(model, link: link)
            tracking.cancel()
        } else {
            current = model[keyPath: keyPath]
        }
        if ownWriteDepth != nil {
            deferred.append(current)
        } else {
            observers.send(.next(current))
        }
    }

    func modelWentAway() {
        guard !isDisposed else { return }
        finish()
    }

    // MARK: Helpers

    /// Reads the value while registering for changes of everything the read touches.
    ///
    /// Only an endpoint that writes needs the nesting depth (to recognise its echo), so only
    /// it registers for willSet too; a read-only observation asks for didSet alone, and
    /// treats every didSet as outermost.
    private func track(_ model: Model, link: ObservationLink) -> Value {
        let keyPath = self.keyPath
        guard writableKeyPath != nil else {
            return withObservationTracking({ model[keyPath: keyPath] }, didSet: { tracking in link.didSet(tracking) })
        }
        return withObservationTracking(
            { model[keyPath: keyPath] },
            willSet: { _ in link.willSet() },
            didSet: { tracking in link.didSet(tracking) })
    }

    /// Whether the change reported is to the observed key path itself, which makes it a
    /// tracked property whose only dependency is itself.
    private func changedIsOwnKeyPath(_ tracking: ObservationTracking) -> Bool {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return false }
        guard let changed = tracking.changed, changed == keyPath as AnyKeyPath else { return false }
        isTrackedProperty = true
        return true
    }

    private func finish() {
        guard !isDisposed else { return }
        observers.send(.completed)
        dispose()
    }
}

/// What an ``ObservationLink`` calls back.
@MainActor
protocol ObservationLinkClient: AnyObject {
    func modelWillChange()
    @available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
    func modelDidChange(_ tracking: ObservationTracking, link: ObservationLink)
    func modelWentAway()
}

/// The object an Observation registration's closures hold: it forwards callbacks to its
/// client on the main actor, and tells the client when the registrar lets it go because the
/// model was deallocated. It holds the client until the client stops and clears it.
///
/// The callbacks arrive on the thread that mutated the model; `MainActor.assumeIsolated`
/// checks that it is the main actor (a model mutated elsewhere is a programming error, as
/// for every reactive type in Tether). Once the client is gone, the next callback cancels
/// the registration it came from.
@MainActor
final class ObservationLink {
    var client: (any ObservationLinkClient)?

    init(client: any ObservationLinkClient) { self.client = client }

    nonisolated func willSet() {
        MainActor.assumeIsolated { client?.modelWillChange() }
    }

    @available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
    nonisolated func didSet(_ tracking: ObservationTracking) {
        MainActor.assumeIsolated {
            if let client {
                client.modelDidChange(tracking, link: self)
            } else {
                tracking.cancel()
            }
        }
    }

    // Runs when the last registration holding the link is dropped: the model's registrar
    // dropped it on deinit (the model went away), or a stopped client's last registration
    // was cancelled (then `client` is already nil). It may run while the registrar holds its
    // lock, so it must not touch the registrar: clients never cancel outside a callback.
    isolated deinit {
        client?.modelWentAway()
    }
}
