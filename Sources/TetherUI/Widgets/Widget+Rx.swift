import TetherReactive

extension Widget: ReactiveCompatible {}

extension Reactive where Base: Widget {
    /// Binds ``Widget/isEnabled``: `command.isEnabled.bind(to: button.rx.isEnabled)`.
    /// Each value applies on the main actor, as a programmatic set, while the widget lives;
    /// afterwards values are ignored. The binding ends when its subscription is disposed.
    public var isEnabled: Binder<Bool> { Binder(base) { widget, value in widget.isEnabled = value } }

    /// Binds ``Widget/isHidden``. Each value applies on the main actor while the widget
    /// lives; afterwards values are ignored. The binding ends when its subscription is disposed.
    public var isHidden: Binder<Bool> { Binder(base) { widget, value in widget.isHidden = value } }

    /// The focus state (``Widget/isFocused``): the current value on subscription, then each
    /// change as focus arrives or leaves. It completes when the widget goes away.
    public var isFocused: Observable<Bool> { base.focusSubject.asObservable().distinctUntilChanged() }
}
