/// When a form's fields show their validation messages. Whatever the timing, a field's
/// ``Form/Field/validation`` is always current, the form's validity follows it at once, and
/// a submit shows every message.
public enum ValidationTiming: Hashable, Sendable {
    /// When the user leaves a field, and live from then on (the default).
    case onLeave
    /// As the user edits a field.
    case live
    /// Only once the user submits, and live from then on.
    case onSubmit
}
