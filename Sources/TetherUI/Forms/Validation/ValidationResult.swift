/// What a form field's one validation channel says about its value: valid, invalid with a
/// message a person can act on, or waiting for an asynchronous check.
///
/// Every source of "this field is wrong" — a typed field's parse error, a
/// ``CheckList``'s count, the field's ``Validator``s, an asynchronous check, a message
/// the app sets with ``Form/Field/error`` — ends up as one `ValidationResult` on
/// ``Form/Field/validation``.
public enum ValidationResult: Hashable, Sendable {
    /// The value is acceptable.
    case valid
    /// The value is not acceptable; the message says what to do ("Enter an email address").
    case invalid(String)
    /// A check is running; the text says what is being checked ("Checking the handle…").
    case pending(String)

    /// The message to show: the reason when invalid, the check's text when pending.
    public var message: String? {
        switch self {
        case .valid: nil
        case .invalid(let message), .pending(let message): message
        }
    }

    /// `true` for ``valid``.
    public var isValid: Bool { self == .valid }
    /// `true` for ``invalid(_:)``.
    public var isInvalid: Bool {
        if case .invalid = self { return true }
        return false
    }
    /// `true` for ``pending(_:)``.
    public var isPending: Bool {
        if case .pending = self { return true }
        return false
    }
}
