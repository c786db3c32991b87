import TetherReactive

extension Reactive where Base: Label {
    /// Binds ``Label/text``: `model.status.bind(to: label.rx.text)`. Each value applies on
    /// the main actor while the label lives; afterwards values are ignored. The binding
    /// ends when its subscription is disposed.
    public var text: Binder<String> { Binder(base) { label, value in label.text = value } }

    /// Binds optional text: a string shows it, `nil` empties and hides the label (an error
    /// message that comes and goes). Values apply, and the binding ends, as for `rx.text`.
    public var optionalText: Binder<String?> {
        Binder(base) { label, value in
            label.text = value ?? ""
            label.isHidden = value == nil
        }
    }
}
