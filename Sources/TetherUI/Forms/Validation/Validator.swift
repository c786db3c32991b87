/// A rule a form field's value must follow: returns one ``ValidationResult`` for a value.
///
/// Built-in rules (``required(_:)``, ``length(min:max:_:)``, ``pattern(_:_:)``,
/// ``range(_:_:)``, ``oneOf(_:_:)``, ``equal(to:_:)``, ``custom(_:)``) compose with
/// ``and(_:)``: the first rule that fails gives the message. A rule that reads other fields
/// (``equal(to:_:)``) names them as dependencies, and runs again whenever one changes.
/// Asynchronous checks are ``AsyncValidator``s.
///
/// A rule runs on the main actor, each time the value changes (or a dependency does); it
/// should be fast and have no side effects.
@MainActor
public struct Validator<Value> {
    let check: (Value) -> ValidationResult
    /// Fields whose changes make this rule run again.
    let dependencies: [Form.Field]
    /// The rule in words, as a form's help says it (`Enter at least 8 characters`): the
    /// built-in rules say theirs; a closure says none unless given with ``described(_:)``.
    public let words: [String]
    /// The messages the rule can give, known ahead (the built-in rules' and ``rule(_:_:)``'s;
    /// none for a closure): the form keeps rows for the longest from the start, so the first
    /// one shown moves nothing.
    let messages: [String]

    /// A rule from a closure: return ``ValidationResult/invalid(_:)`` with a message, or
    /// ``ValidationResult/valid``.
    public init(_ check: @escaping (Value) -> ValidationResult) {
        self.init(words: [], check)
    }

    init(
        dependencies: [Form.Field] = [], words: [String], messages: [String] = [],
        _ check: @escaping (Value) -> ValidationResult
    ) {
        self.check = check
        self.dependencies = dependencies
        self.words = words
        self.messages = messages
    }

    /// This rule, said in `words` where a form explains its rules (`--help` of a form
    /// answered from outside).
    public func described(_ words: String) -> Validator {
        Validator(dependencies: dependencies, words: [words], messages: messages, check)
    }

    /// Checks `value`.
    public func validate(_ value: Value) -> ValidationResult { check(value) }

    /// This rule, then `other` when this one passes: the first failure's message wins.
    public func and(_ other: Validator<Value>) -> Validator<Value> {
        Validator(
            dependencies: dependencies + other.dependencies, words: words + other.words,
            messages: messages + other.messages
        ) { value in
            let first = check(value)
            return first.isValid ? other.check(value) : first
        }
    }

    /// A rule from a closure (the same as ``init(_:)``, for a modifier chain).
    public static func custom(_ check: @escaping (Value) -> ValidationResult) -> Validator {
        Validator(check)
    }

    /// Fails with `message` when `isValid` returns `false`.
    public static func rule(_ message: String, _ isValid: @escaping (Value) -> Bool) -> Validator {
        Validator(words: [message], messages: [message]) { isValid($0) ? .valid : .invalid(message) }
    }
}

extension Validator where Value: FormEmptiable {
    /// The value must not be empty (an empty string, no items checked, no choice made, a
    /// toggle off). `message` defaults to "This field is required"; a form field made with
    /// ``Form/Field/isRequired`` says "<Label> is required" instead.
    public static func required(_ message: String = "This field is required") -> Validator {
        Validator(words: [], messages: [message]) { $0.isEmptyFormValue ? .invalid(message) : .valid }
    }
}

extension Validator where Value: Collection {
    /// The value has at least `min` and at most `max` elements (characters of a string,
    /// items of a selection). The message defaults to one naming the limits.
    public static func length(min: Int? = nil, max: Int? = nil, _ message: String? = nil) -> Validator {
        let bounds = [min.map { "at least \($0)" }, max.map { "at most \($0)" }].compactMap { $0 }
        let unit = (max ?? min) == 1 ? "character" : "characters"
        let words =
            message.map { [$0] } ?? (bounds.isEmpty ? [] : ["Enter " + bounds.joined(separator: " and ") + " " + unit])
        let tooShort = min.map { message ?? "Enter at least \($0) \($0 == 1 ? "character" : "characters")" }
        let tooLong = max.map { message ?? "Enter at most \($0) \($0 == 1 ? "character" : "characters")" }
        return Validator(words: words, messages: [tooShort, tooLong].compactMap { $0 }) { value in
            let count = value.count
            if let min, let tooShort, count < min { return .invalid(tooShort) }
            if let max, let tooLong, count > max { return .invalid(tooLong) }
            return .valid
        }
    }
}

extension Validator where Value == String {
    /// The whole string matches `pattern` (a regular expression); an empty string passes,
    /// so an optional field may stay empty (combine with ``required(_:)`` otherwise). An
    /// invalid pattern is a programming error and stops the program with its message.
    public static func pattern(_ pattern: String, _ message: String) -> Validator {
        let regex: Regex<AnyRegexOutput>
        do {
            regex = try Regex(pattern)
        } catch {
            preconditionFailure("Validator.pattern: \(pattern) is not a regular expression: \(error)")
        }
        return Validator(words: [message], messages: [message]) { value in
            value.isEmpty || value.wholeMatch(of: regex) != nil ? .valid : .invalid(message)
        }
    }

    /// An email address: something, `@`, a domain with a dot. An empty string passes.
    public static func email(_ message: String = "Enter an email address like name@example.com") -> Validator {
        pattern(#"[^@\s]+@[^@\s]+\.[^@\s]+"#, message)
    }
}

extension Validator where Value: Comparable {
    /// The value lies in `range`. The message defaults to "Enter a value from A to B".
    public static func range(_ range: ClosedRange<Value>, _ message: String? = nil) -> Validator {
        let message = message ?? "Enter a value from \(range.lowerBound) to \(range.upperBound)"
        return Validator(words: [message], messages: [message]) { value in
            range.contains(value) ? .valid : .invalid(message)
        }
    }
}

extension Validator where Value: Equatable {
    /// The value is one of `allowed`.
    public static func oneOf(_ allowed: [Value], _ message: String) -> Validator {
        rule(message) { allowed.contains($0) }
    }

    /// The value equals `other`'s (a password and its confirmation); runs again whenever
    /// `other` changes. Passes while this field is empty, so the message waits for typing.
    public static func equal(to other: FormField<Value>, _ message: String) -> Validator {
        Validator(dependencies: [other], words: ["The same as \(other.title)"], messages: [message]) {
            [weak other] value in
            guard let other else { return .valid }
            if let empty = value as? any FormEmptiable, empty.isEmptyFormValue { return .valid }
            return value == other.value ? .valid : .invalid(message)
        }
    }
}

/// A value that can be empty, for ``Validator/required(_:)`` and required fields.
public protocol FormEmptiable {
    /// `true` when the value counts as "not filled in".
    var isEmptyFormValue: Bool { get }
}

extension String: FormEmptiable {
    /// `true` for an empty string or one of only spaces.
    public var isEmptyFormValue: Bool { allSatisfy(\.isWhitespace) }
}
extension Set: FormEmptiable {
    /// `true` when nothing is in the set.
    public var isEmptyFormValue: Bool { isEmpty }
}
extension Array: FormEmptiable {
    /// `true` when the array has no elements.
    public var isEmptyFormValue: Bool { isEmpty }
}
extension Optional: FormEmptiable {
    /// `true` for `nil`, or a wrapped value that is itself empty.
    public var isEmptyFormValue: Bool {
        switch self {
        case .none: true
        case .some(let value): (value as? any FormEmptiable)?.isEmptyFormValue ?? false
        }
    }
}
extension Bool: FormEmptiable {
    /// `true` for `false`: a required toggle must be on ("I accept the terms").
    public var isEmptyFormValue: Bool { !self }
}
