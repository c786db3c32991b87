/// The engine behind `<->`: one binding between two sides, and its guards.
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
@MainActor
@usableFromInline
final class TwoWayBinding<Value>: Disposable {
    /// One side of a binding.
    enum Side {
        case control(ControlProperty<Value>)
        case relay(BehaviorRelay<Value>)
        /// A side that filters its own echoes; one endpoint per binding.
        case endpoint(any TwoWayEndpoint<Value>)
    }

    @usableFromInline var subscriptions: [any Disposable] = []
    @exclusivity(unchecked) @usableFromInline var isDisposed = false
    private var writingInto: [Bool] = [false, false]

    @usableFromInline init() {}

    static func bind(left: Side, right: Side) -> TwoWayBinding<Value> {
        let binding = TwoWayBinding()
        // Rule 1: subscribe to the right (model) side first, with its current value, so it wins.
        binding.observe(right, index: 1, includeCurrent: true) { [weak binding] value in binding?.write(value, into: left, index: 0) }
        binding.observe(left, index: 0, includeCurrent: false) { [weak binding] value in binding?.write(value, into: right, index: 1) }
        return binding
    }

    private func observe(_ side: Side, index: Int, includeCurrent: Bool, forward: @escaping (Value) -> Void) {
        guard !isDisposed else { return }
        let onEvent: (Event<Value>) -> Bool = { [weak self] event in
            guard let self, !self.isDisposed else { return false }
            switch event {
            case .next(let value):
                return true.also { if !self.writingInto[index] { forward(value) } }
            case .error(let error):
                Diagnostics.bindingError("a two-way binding side failed with \(error)")
                self.dispose()
            case .completed:
                self.dispose()
            }
            return false
        }
        switch side {
        case .control(let property):
            let source = includeCurrent ? property.asObservable() : property.changed.asObservable()
            subscriptions.append(source.subscribeHandler(AnyObserver { _ = onEvent($0) }))
        case .relay(let relay):
            var isInitial = true
            subscriptions.append(relay.asObservable().subscribeHandler(AnyObserver { [weak self, weak relay] event in
                defer { isInitial = false }
                if isInitial && !includeCurrent { return }
                if let self, relay?.deliveringOrigin == ObjectIdentifier(self) { return }
                _ = onEvent(event)
            }))
        case .endpoint(let endpoint):
            subscriptions.append(endpoint.start(includeCurrent: includeCurrent) { _ = onEvent($0) })
        }
    }

    private func write(_ value: Value, into side: Side, index: Int) {
        guard !isDisposed else { return }
        switch side {
        case .control(let property):
            writingInto[index] = true
            property.on(.next(value))
            writingInto[index] = false
        case .relay(let relay):
            relay.accept(value, origin: self)
        case .endpoint(let endpoint):
            endpoint.write(value)
        }
    }

    @usableFromInline func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let subscriptions = self.subscriptions
        self.subscriptions = []
        for subscription in subscriptions { subscription.dispose() }
    }
}

// MARK: - Two relays

extension TwoWayBinding {
    /// `relay <-> relay`, the same rules as ``bind(left:right:)`` for two relay sides.
    ///
    /// Inlinable, with ``forward(_:into:includeCurrent:)``, so that the per-value path is
    /// specialised for `Value` in the caller's module: generic code that is not specialised
    /// looks up type metadata at run time on every value.
    @inlinable
    static func bind(left: BehaviorRelay<Value>, right: BehaviorRelay<Value>) -> TwoWayBinding<Value> {
        let binding = TwoWayBinding()
        // Rule 1: subscribe to the right (model) side first, with its current value, so it wins.
        binding.forward(right, into: left, includeCurrent: true)
        binding.forward(left, into: right, includeCurrent: false)
        return binding
    }

    /// Writes every value `source` delivers into `target`, tagged with this binding as its
    /// origin, except the echoes of the binding's own writes into `source`.
    @inlinable
    func forward(_ source: BehaviorRelay<Value>, into target: BehaviorRelay<Value>, includeCurrent: Bool) {
        guard !isDisposed else { return }
        let identity = ObjectIdentifier(self)
        let observers = source.observers
        // `observers` is unowned: this handler lives in that list and only the list calls it.
        let handler: (Event<Value>) -> Void = { [weak self, weak target, unowned(unsafe) observers] event in
            // A relay sends values only. Rules 2-4: skip the echo of this binding's own write.
            guard case .next(let value) = event, observers.deliveringOrigin != identity,
                  let self, !self.isDisposed, let target else { return }
            target.accept(value, origin: self)
        }
        // Without the current value, the handler is added to the list directly.
        subscriptions.append(includeCurrent ? source.asObservable().subscribeHandler(AnyObserver(handler)) : observers.add(handler))
    }
}

private extension Bool {
    func also(_ body: () -> Void) -> Bool {
        body()
        return self
    }
}
