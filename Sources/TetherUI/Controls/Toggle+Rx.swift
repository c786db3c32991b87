import TetherReactive

extension Reactive where Base: Toggle {
    /// The state (``Toggle/isOn``) as a control property: the current state on
    /// subscription, then each **user** flip, never a programmatic write. Writes set the
    /// state programmatically when it differs. Its values complete when the toggle goes
    /// away; a binding ends then or when its subscription is disposed.
    public var isOn: ControlProperty<Bool> { base.editable.property(of: base) }
}
