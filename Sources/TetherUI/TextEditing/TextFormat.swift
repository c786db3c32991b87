/// How a typed value is written as text and read back: a parse, a format, the message a
/// failed parse shows, and the input filter a field uses for it by default.
///
/// Bind a text field to a typed model value with it:
/// `age.rx.value(as: .integer(in: 0...150)) <-> model.age`.
public struct TextFormat<Value>: Sendable {
    /// Reads a value from text; `nil` when the text does not parse.
    public let parse: @Sendable (String) -> Value?
    /// Writes a value as text.
    public let format: @Sendable (Value) -> String
    /// What the user is told when the text does not parse.
    public let message: String
    /// The characters a field accepts by default for this format (`nil`: any).
    public let inputFilter: InputFilter?

    /// A custom format from a parse closure and a format closure.
    public init(
        message: String, inputFilter: InputFilter? = nil,
        parse: @escaping @Sendable (String) -> Value?, format: @escaping @Sendable (Value) -> String
    ) {
        self.parse = parse
        self.format = format
        self.message = message
        self.inputFilter = inputFilter
    }

    /// This format with `filter` as its default input filter (`nil`: accept any character).
    public func filtering(_ filter: InputFilter?) -> TextFormat {
        TextFormat(message: message, inputFilter: filter, parse: parse, format: format)
    }
}

extension TextFormat where Value: FixedWidthInteger & Sendable {
    /// Whole numbers in decimal digits with an optional sign, within `range` when given.
    /// `007` reads as 7. The default filter accepts digits, and `-`/`+` when the range allows.
    public static func integer(in range: ClosedRange<Value>? = nil) -> TextFormat {
        let message =
            range.map { "Enter a whole number between \($0.lowerBound) and \($0.upperBound)" } ?? "Enter a whole number"
        let signed = range.map { $0.lowerBound < 0 } ?? Value.isSigned
        let filter = InputFilter { ($0.isASCII && $0.isNumber) || (signed && ($0 == "-" || $0 == "+")) }
        return TextFormat(
            message: message, inputFilter: filter,
            parse: { text in
                guard let value = Value(text, radix: 10) else { return nil }
                return range.map { $0.contains(value) } ?? true ? value : nil
            }, format: { String($0) })
    }
}

extension TextFormat where Value == Double {
    /// Decimal numbers with at most `fractionDigits` digits after a `.` (whatever the
    /// locale), within `range` when given. `1.` reads as 1. Formatting shows exactly
    /// `fractionDigits` digits. The default filter accepts digits, one `.` and a sign.
    public static func decimal(fractionDigits: Int = 2, in range: ClosedRange<Double>? = nil) -> TextFormat {
        let digits = max(0, fractionDigits)
        let bounds =
            range.map {
                " between \(DecimalText.format($0.lowerBound, digits)) and \(DecimalText.format($0.upperBound, digits))"
            } ?? ""
        let places = digits == 0 ? "a whole number" : "a number with at most \(digits) decimal\(digits == 1 ? "" : "s")"
        let filter = InputFilter { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "-" || $0 == "+" }
        return TextFormat(
            message: "Enter \(places)\(bounds)", inputFilter: filter,
            parse: { text in
                guard let value = DecimalText.parse(text, fractionDigits: digits) else { return nil }
                return range.map { $0.contains(value) } ?? true ? value : nil
            }, format: { DecimalText.format($0, digits) })
    }
}

extension TextFormat {
    /// `wrapped`, with empty text read as `nil` and `nil` written as empty text.
    public static func optional<Wrapped>(_ wrapped: TextFormat<Wrapped>) -> TextFormat where Value == Wrapped? {
        TextFormat(
            message: wrapped.message, inputFilter: wrapped.inputFilter,
            parse: { text in
                if text.isEmpty { return .some(nil) }
                return wrapped.parse(text).map { .some($0) }
            }, format: { $0.map(wrapped.format) ?? "" })
    }
}

/// Decimal text with `.` as the separator, independent of the locale.
enum DecimalText {
    static func parse(_ text: String, fractionDigits: Int) -> Double? {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty || parts.count == 2,
            whole.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= fractionDigits, fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
            !(whole.isEmpty && fraction.isEmpty)
        else { return nil }
        return Double(text.hasSuffix(".") ? String(text.dropLast()) : text)
    }

    static func format(_ value: Double, _ fractionDigits: Int) -> String {
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = (scaled / scale).rounded(.down)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard fractionDigits > 0 else { return sign + String(Int(whole)) }
        let fraction = String(Int(scaled - whole * scale))
        return sign + String(Int(whole)) + "." + String(repeating: "0", count: fractionDigits - fraction.count)
            + fraction
    }
}
