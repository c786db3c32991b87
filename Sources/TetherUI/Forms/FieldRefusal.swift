/// An error a submit's command throws to refuse one field's value (a name already taken on
/// the server): ``Form/submitCommand(running:)`` shows ``message`` under the field whose key
/// is ``key``, at once, and moves focus to it; the field counts as invalid (the form's
/// default button is disabled) until its value changes. The accessible presentation says
/// the message once and asks that field again without the refused value as its default.
///
/// With no visible field of that key the message shows in the form's message row, as any
/// other error of the command does.
public struct FieldRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key of the field refused.
    public var key: String
    /// Why, in words for the person: "ada has already signed up: sign up with your own name."
    public var message: String

    /// A refusal of the field keyed `key`, saying `message`.
    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
