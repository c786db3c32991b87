import TetherReactive

extension Reactive where Base: Button {
    /// Fires on each press (Enter, Space, a click, ``Button/press()``) while the button is
    /// enabled. It completes when the button goes away.
    public var tap: ControlEvent<Void> { ControlEvent(events: base.taps) }

    /// Binds ``Button/isBusy`` (the spinner); ``Button/bind(_:describeResult:)`` binds it to a command's
    /// `isExecuting`. Each value applies on the main actor while the button lives;
    /// afterwards values are ignored. The binding ends when its subscription is disposed.
    public var isBusy: Binder<Bool> { Binder(base) { button, busy in button.isBusy = busy } }
}
