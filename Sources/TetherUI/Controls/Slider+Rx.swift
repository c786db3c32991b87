import TetherReactive

extension Reactive where Base: Slider {
    /// The value (``Slider/value``) as a control property: the current value on
    /// subscription, then each **user** change, never a programmatic write. Writes are
    /// clamped, snapped and set programmatically when that differs. Its values complete
    /// when the slider goes away; a binding ends then or when its subscription is disposed.
    public var value: ControlProperty<Double> { base.editable.property(of: base) }

    /// The value rounded to an integer, for whole-number sliders: the current value on
    /// subscription, then each user change that alters the rounded value. Writes set the
    /// value programmatically. Completes, and bindings end, as `rx.value` does.
    public var intValue: ControlProperty<Int> {
        ControlProperty(
            control: base, getter: { Int($0.value.rounded()) }, setter: { $0.value = Double($1) },
            edits: base.editable.userEdits.map { Int($0.rounded()) }.distinctUntilChanged())
    }
}
