import TetherReactive

extension Form.Field: ReactiveCompatible {}

extension Reactive where Base == Form.Field {
    /// Binds ``Form/Field/error``: a string shows the validation message under the field,
    /// `nil` hides it. Each value applies on the main actor while the field lives (as long
    /// as its form); afterwards values are ignored. The binding ends when its subscription
    /// is disposed. The error label is made when the first message is shown.
    public var error: Binder<String?> { Binder(base) { field, message in field.error = message } }
}
