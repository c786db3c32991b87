/// The engine behind `<->`: one binding between two sides, and its guards.
///
/// Every pair of sides runs through the same steps: each side's reports go through
/// ``receive(_:from:)``, which forwards a value to the opposite side with
/// ``write(_:into:)`` unless it is an echo, and ends the binding on an error or completion.
///
/// Two guards stop feedback loops without comparing values, so they work for values that
/// are not `Equatable` (rule 4):
/// - A write into a relay carries this binding as its *origin*; when the relay delivers
///   that write back, the binding recognises its own echo and skips exactly that one.
///   Other writes queued by the relay meanwhile (rule 5) are delivered normally.
/// - While the binding writes into a control, edits the control reports synchronously are
///   echoes of that write (a well-behaved control reports none) and are dropped.
/// - A ``TwoWayEndpoint`` (an `@Observable` property, a bridged subject) recognises its
///   own echoes itself and never reports them.
///
/// The binding holds its two sides until it is disposed (rule 7); the handlers it gives
/// the sides hold it unowned, so no cycle forms through them, and its deinit disposes it, so
/// no handler runs once it is gone (a binding nobody keeps ends at once). Unowned rather
/// than weak: a weakly referenced object moves its reference counts to a side table, and
/// every value a binding forwards retains it (W2, W6). Of a control property it keeps
/// only the sink once it has subscribed: its values and edits are needed only to subscribe,
/// and what a bound field costs in memory is mostly its binding (tether-scale).
///
/// **The fast case.** The steps a relay side takes (its handler, ``receive(_:from:)``,
/// ``write(_:into:)``) and a control's and an endpoint's are inlinable, so `relay <-> relay`,
/// `control <-> relay` and the `@Observable` bindings, whose operators are inlinable too, run
/// them specialised for `Value` in the caller's module: generic code that is not specialised
/// looks up type metadata at run time on every value (W2, W6).
@MainActor
@usableFromInline
final class TwoWayBinding<Value>: Disposable {
    /// One side of a binding.
    @usableFromInline enum Side {
        case control(ControlProperty<Value>)
        case relay(BehaviorRelay<Value>)
        /// A side that filters its own echoes; one endpoint per binding.
        case endpoint(Endpoint)
    }

    /// What the binding keeps of a side to write into it, once it has subscribed to the side.
    @usableFromInline enum Target {
        /// A control property's sink.
        case control(AnyObserver<Value>)
        case relay(BehaviorRelay<Value>)
        /// An endpoint's ``Endpoint/write``.
        case endpoint((Value) -> Void)
    }

    /// A ``TwoWayEndpoint``'s two steps, for ``Side``: the protocol is SPI, which a
    /// declaration usable from inlinable code cannot name. An endpoint of a concrete type
    /// made in inlinable code (an `@Observable` property's) passes closures made there, so
    /// its steps run specialised in the caller's module.
    @MainActor @usableFromInline struct Endpoint {
        /// ``TwoWayEndpoint/start(includeCurrent:_:)``.
        @usableFromInline let start:
            (_ includeCurrent: Bool, _ handler: @escaping (Event<Value>) -> Void) -> any Disposable
        /// ``TwoWayEndpoint/write(_:)``.
        @usableFromInline let write: (Value) -> Void

        /// An endpoint reached through its protocol (a bridge's).
        init(_ endpoint: any TwoWayEndpoint<Value>) {
            start = { endpoint.start(includeCurrent: $0, $1) }
            write = { endpoint.write($0) }
        }

        @inlinable init(
            start: @escaping (_ includeCurrent: Bool, _ handler: @escaping (Event<Value>) -> Void) -> any Disposable,
            write: @escaping (Value) -> Void
        ) {
            self.start = start
            self.write = write
        }
    }

    /// Where a side sits in `left <-> right`; the right-hand side is the model.
    @usableFromInline enum Position {
        case left, right

        @inlinable var opposite: Position {
            switch self {
            case .left: .right
            case .right: .left
            }
        }
    }

    /// What the binding keeps for one side.
    @MainActor @usableFromInline struct SideState {
        /// What writes into the side, until the binding is disposed.
        @usableFromInline var target: Target?
        /// The subscription to the side's reports, until the binding is disposed.
        @usableFromInline var subscription: (any Disposable)?
        /// `true` while the binding writes into this side's control: what the control
        /// reports meanwhile is the echo of that write.
        @usableFromInline var isBeingWritten = false

        @inlinable init(_ side: Side) {
            switch side {
            case .control(let property): target = .control(property.valueSink)
            case .relay(let relay): target = .relay(relay)
            case .endpoint(let endpoint): target = .endpoint(endpoint.write)
            }
        }
    }

    // Read on every value; no access is held across a call out.
    @exclusivity(unchecked) @usableFromInline var left: SideState
    @exclusivity(unchecked) @usableFromInline var right: SideState
    @exclusivity(unchecked) @usableFromInline var isDisposed = false

    @inlinable init(left: Side, right: Side) {
        self.left = SideState(left)
        self.right = SideState(right)
    }

    /// Binds `left` and `right` with the rules of `<->` (see `TwoWayOperator.swift`).
    @inlinable
    static func bind(left: Side, right: Side) -> TwoWayBinding<Value> {
        let binding = TwoWayBinding(left: left, right: right)
        // Rule 1: subscribe to the right (model) side first, with its current value, so it wins.
        binding.observe(right, at: .right, includeCurrent: true)
        binding.observe(left, at: .left, includeCurrent: false)
        return binding
    }

    // MARK: Observing the sides

    /// Subscribes to `side`, at `position`; everything it reports goes to ``receive(_:from:)``.
    @inlinable
    func observe(_ side: Side, at position: Position, includeCurrent: Bool) {
        guard !isDisposed else { return }
        let subscription: any Disposable
        switch side {
        case .relay(let relay): subscription = observe(relay, at: position, includeCurrent: includeCurrent)
        case .control(let property): subscription = observe(property, at: position, includeCurrent: includeCurrent)
        case .endpoint(let endpoint): subscription = observe(endpoint, at: position, includeCurrent: includeCurrent)
        }
        // The first value may already have ended the binding (a control that completes when set).
        if isDisposed {
            subscription.dispose()
            return
        }
        switch position {
        case .left: left.subscription = subscription
        case .right: right.subscription = subscription
        }
    }

    /// A relay reports every value it delivers. The echo of this binding's own write, which
    /// carries the binding as its origin, is skipped here (rules 2 to 5).
    @inlinable
    func observe(_ relay: BehaviorRelay<Value>, at position: Position, includeCurrent: Bool) -> any Disposable {
        let identity = ObjectIdentifier(self)
        let observers = relay.observers
        // `observers` is unowned: this handler lives in that list and only the list calls it.
        let handler: (Event<Value>) -> Void = { [unowned self, unowned(unsafe) observers] event in
            guard observers.deliveringOrigin != identity else { return }
            self.receive(event, from: position)
        }
        // Without the current value, the handler joins the list directly.
        return includeCurrent ? relay.asObservable().subscribeHandler(AnyObserver(handler)) : observers.add(handler)
    }

    /// A control reports its value, then the user's edits; its echoes are dropped by ``receive(_:from:)``.
    @inlinable
    func observe(_ property: ControlProperty<Value>, at position: Position, includeCurrent: Bool) -> any Disposable {
        let source = includeCurrent ? property.values : property.edits
        return source.subscribeHandler(AnyObserver { [unowned self] event in self.receive(event, from: position) })
    }

    /// An endpoint reports no echoes of its own.
    @inlinable
    func observe(_ endpoint: Endpoint, at position: Position, includeCurrent: Bool) -> any Disposable {
        endpoint.start(includeCurrent) { [unowned self] event in self.receive(event, from: position) }
    }

    // MARK: Forwarding

    /// Handles what the side at `position` reports: a value goes to the opposite side unless
    /// it is the echo of this binding's write into that control; an error or completion
    /// ends the binding (rule 6).
    @inlinable
    func receive(_ event: Event<Value>, from position: Position) {
        guard !isDisposed else { return }
        switch event {
        case .next(let value):
            if isBeingWritten(position) { return }
            write(value, into: position.opposite)
        case .error(let error):
            fail(error)
        case .completed:
            dispose()
        }
    }

    /// Writes a value from the opposite side into the side at `position`.
    @inlinable
    func write(_ value: Value, into position: Position) {
        switch target(at: position) {
        case .relay(let relay)?: relay.accept(value, origin: self)
        case .control(let sink)?: write(value, into: sink, at: position)
        case .endpoint(let write)?: write(value)
        case nil: break
        }
    }

    @inlinable
    func write(_ value: Value, into sink: AnyObserver<Value>, at position: Position) {
        setBeingWritten(true, at: position)
        sink.on(.next(value))
        setBeingWritten(false, at: position)
    }

    @usableFromInline
    func fail(_ error: any Error) {
        Diagnostics.bindingError("a two-way binding side failed with \(error)")
        dispose()
    }

    // MARK: Per-side state

    @inlinable
    func target(at position: Position) -> Target? {
        switch position {
        case .left: left.target
        case .right: right.target
        }
    }

    @inlinable
    func isBeingWritten(_ position: Position) -> Bool {
        switch position {
        case .left: left.isBeingWritten
        case .right: right.isBeingWritten
        }
    }

    @inlinable
    func setBeingWritten(_ isBeingWritten: Bool, at position: Position) {
        switch position {
        case .left: left.isBeingWritten = isBeingWritten
        case .right: right.isBeingWritten = isBeingWritten
        }
    }

    // MARK: Disposing

    // Ends the subscriptions, so the sides' handlers, which hold the binding unowned, are
    // never called once it is gone.
    isolated deinit {
        dispose()
    }

    @usableFromInline func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let subscriptions = (right.subscription, left.subscription)
        (right.subscription, left.subscription) = (nil, nil)
        subscriptions.0?.dispose()
        subscriptions.1?.dispose()
        // Rule 7: an ended binding that is still referenced (by a bag) keeps neither side.
        left.target = nil
        right.target = nil
    }
}

/// A binding reflects as its state alone: it holds its sides, and reflecting them would show
/// their values (a password relay's text) in a `dump` of any object that keeps the binding.
extension TwoWayBinding: @MainActor CustomReflectable {
    @usableFromInline var customMirror: Mirror { Mirror(self, children: ["isDisposed": isDisposed]) }
}
