/// A check that takes time (a server asked "is this handle taken?"), run after the value has
/// rested for ``debounce``.
///
/// While a check is due or running the field's validation is
/// ``ValidationResult/pending(_:)`` with ``checkingText``, its message row shows a spinner
/// and that text, and a submit waits for it. A newer value cancels the older check: its
/// `Task` is cancelled and whatever it returns is ignored. A check runs only when the
/// synchronous rules pass and the value is not empty.
@MainActor
public struct AsyncValidator<Value> {
    /// How long the value must rest before the check starts.
    public let debounce: Duration
    /// What the message row says while the check is due or running ("Checking…").
    public let checkingText: String
    let check: @MainActor (Value) async -> ValidationResult

    /// A check run `debounce` after the last change, saying `checking` while it runs.
    public init(
        debounce: Duration = .milliseconds(300), checking: String = "Checking…",
        _ check: @escaping @MainActor (Value) async -> ValidationResult
    ) {
        self.debounce = debounce
        self.checkingText = checking
        self.check = check
    }
}
