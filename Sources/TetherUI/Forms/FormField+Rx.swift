import TetherReactive

extension Form.Field: ReactiveCompatible {}

extension Reactive where Base == Form.Field {
    /// Binds ``Form/Field/error``: a string shows the validation message under the field,
    /// `nil` hides it. Each value applies on the main actor while the field's label lives;
    /// afterwards values are ignored. The binding ends when its subscription is disposed.
    public var error: Binder<String?> { base.errorLabel.rx.optionalText }
}
