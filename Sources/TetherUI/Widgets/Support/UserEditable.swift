import TetherReactive

/// The value of a widget that the user edits (a field's text, a toggle's state, a
/// slider's value), with the two ways it changes:
///
/// - a **programmatic** set (``set(_:on:)``): normalised, equality-guarded, stored and
///   redrawn, never reported;
/// - a **user** change (``userSet(_:on:)``, or ``userEdited(_:)`` after an edit made in
///   place): stored, redrawn and reported on the edits.
///
/// It builds the widget's `rx` ``ControlProperty`` from these (``property(of:)``). The
/// widget owns it and nothing else holds it strongly, so it goes away with the widget and
/// its edits complete then, which completes every subscription to the control property.
@MainActor
final class UserEditable<Control: Widget, Value: Equatable> {
    /// Where the value is stored: read and written without side effects. Closures rather
    /// than a `ReferenceWritableKeyPath`: a key path read runs the run time's generic
    /// key-path walk (about 1,500 instructions and 100 L1i misses on every edit, issue 24).
    private let storage: Storage
    private let normalize: (Control, Value) -> Value
    private let edits = PublishSubject<Value>()

    /// The reader and writer of the stored value.
    struct Storage {
        let get: (Control) -> Value
        let set: (Control, Value) -> Void
    }

    /// A value read by `get` and stored by `set` (both without side effects), with every
    /// incoming value passed through `normalize` first (a slider clamps and snaps).
    init(
        get: @escaping (Control) -> Value, set: @escaping (Control, Value) -> Void,
        normalize: @escaping (Control, Value) -> Value = { $1 }
    ) {
        self.storage = Storage(get: get, set: set)
        self.normalize = normalize
    }

    isolated deinit { edits.onCompleted() }

    /// The user's edits, without a starting value.
    var userEdits: Observable<Value> { edits.asObservable() }

    /// Sets the value programmatically: stored and redrawn when it differs after
    /// normalising, never reported as an edit (the form field holding the control is told).
    func set(_ value: Value, on control: Control) {
        if store(value, in: control) { control.parent?.childValueStored(control) }
    }

    /// Sets `value` as the user would (a form field's reset): see ``userSet(_:on:)``.
    /// Returns `false` when `value` is not of this control's value type.
    func userSet(any value: Any, on control: Control) -> Bool {
        guard let value = value as? Value else { return false }
        userSet(value, on: control)
        return true
    }

    /// Sets the value as the user did: stored, redrawn and reported when it differs after
    /// normalising.
    func userSet(_ value: Value, on control: Control) {
        guard store(value, in: control) else { return }
        edits.onNext(storage.get(control))
    }

    /// Reports the value the user has just changed in place (a text field's editor), and
    /// redraws unless `redraw` is `false` (the control asked for what changed itself). Call
    /// it only when the value did change. The value is read only when someone listens (a
    /// long text is not turned into a string for nobody).
    func userEdited(_ control: Control, redraw: Bool = true) {
        if redraw { control.setNeedsDisplay() }
        guard edits.hasObservers else { return }
        edits.onNext(storage.get(control))
    }

    /// The value as a ``ControlProperty`` over `control`: the current value on
    /// subscription, then user edits; writes are programmatic sets. Its values complete
    /// when the widget goes away.
    func property(of control: Control) -> ControlProperty<Value> {
        // The setter holds what a set needs, not this object: no weak load per set.
        ControlProperty(
            control: control, getter: storage.get,
            setter: { [storage, normalize] control, value in
                if Self.store(value, in: control, at: storage, normalize: normalize) {
                    control.parent?.childValueStored(control)
                }
            },
            edits: edits)
    }

    private func store(_ value: Value, in control: Control) -> Bool {
        Self.store(value, in: control, at: storage, normalize: normalize)
    }

    private static func store(
        _ value: Value, in control: Control, at storage: Storage,
        normalize: (Control, Value) -> Value
    ) -> Bool {
        let normalized = normalize(control, value)
        guard normalized != storage.get(control) else { return false }
        storage.set(control, normalized)
        control.setNeedsDisplay()
        return true
    }
}
