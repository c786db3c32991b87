import TetherReactive

extension Reactive where Base: SecureField {
    /// Binds ``SecureField/isRevealed``: `true` shows the text in clear (a "show password"
    /// toggle), `false` masks it again. Each value applies on the main actor while the
    /// field lives; afterwards values are ignored. The binding ends when its subscription
    /// is disposed.
    public var isRevealed: Binder<Bool> { Binder(base) { field, reveal in field.isRevealed = reveal } }
}
