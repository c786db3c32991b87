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

    /// `value` with exactly `fractionDigits` digits after the `.` (rounded half away from
    /// zero), every digit of the whole part written out however large (no exponent), so
    /// that ``parse(_:fractionDigits:)`` reads it back. Not-a-number and the infinities,
    /// which no text parses to, are written as Swift does (`nan`, `inf`, `-inf`).
    static func format(_ value: Double, _ fractionDigits: Int) -> String {
        guard value.isFinite else { return String(value) }
        let magnitude = abs(value)
        var whole = magnitude.rounded(.towardZero)
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }
        // The fraction alone is exact (`magnitude - whole` loses nothing), so large values
        // keep their fraction digits.
        var fraction = ((magnitude - whole) * scale).rounded()
        if fraction >= scale {
            fraction -= scale
            whole += 1
        }
        let sign = value < 0 && (whole > 0 || fraction > 0) ? "-" : ""
        guard fractionDigits > 0 else { return sign + digits(of: whole) }
        let fractionText = digits(of: fraction)
        return sign + digits(of: whole) + "."
            + String(repeating: "0", count: max(0, fractionDigits - fractionText.count))
            + fractionText
    }

    /// The decimal digits of a whole, non-negative `value`, exactly.
    static func digits(of value: Double) -> String {
        if value < 18_446_744_073_709_551_616 { return String(UInt64(value)) }
        // value = significand × 2^exponent: multiply out in base 10^9 limbs, least first.
        var limbs: [UInt64] = []
        var significand = UInt64(value.significandBitPattern | (1 << 52))
        while significand > 0 {
            limbs.append(significand % 1_000_000_000)
            significand /= 1_000_000_000
        }
        for _ in 0..<(Int(value.exponent) - 52) {
            var carry: UInt64 = 0
            for i in limbs.indices {
                let doubled = limbs[i] * 2 + carry
                limbs[i] = doubled % 1_000_000_000
                carry = doubled / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        var text = String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }
}
