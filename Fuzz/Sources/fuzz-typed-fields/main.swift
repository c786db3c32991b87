import CFuzzDriver
import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherUI

/// The typed-field formats (`TextFormat`) under texts and values read from the input. The
/// first byte picks a format: integers (`Int`, `Int8`, `UInt8`, `Int64`; with or without a
/// range), decimals (0–6 fraction digits, any `Double` bit pattern, with or without a range),
/// or either made optional. For each:
/// - parsing any text (digits, signs, separators, spaces, exponents, non-ASCII digits,
///   `inf`/`nan`) never crashes, and a value it reads lies in the range;
/// - formatting any value never crashes; a value in range formats to text that parses back
///   to the same value (a decimal: to the value rounded to its fraction digits, which then
///   formats the same again), and every character of it passes the format's input filter.
func fuzzTypedFields(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let optional = input.chance(3)
    switch input.int(in: 0...4) {
    case 0: checkInteger(Int.self, &input, optional: optional)
    case 1: checkInteger(Int8.self, &input, optional: optional)
    case 2: checkInteger(UInt8.self, &input, optional: optional)
    case 3: checkInteger(Int64.self, &input, optional: optional)
    default: checkDecimal(&input, optional: optional)
    }
    return 0
}

/// Pieces of text a user might type or paste into a number field.
let textPieces: [String] = [
    "0", "1", "7", "9", "00", "-", "+", ".", ",", " ", "e", "E5", "x", "0x1F", "٣", "１", "∞", "inf", "nan", "-0",
    "9223372036854775807", "9223372036854775808", "18446744073709551616", "1e308",
    "1" + String(repeating: "0", count: 330),
]

func text(from input: inout FuzzInput) -> String {
    (0..<input.int(in: 0...8)).map { _ in input.pick(textPieces) }.joined()
}

func checkInteger<Value: FixedWidthInteger & Sendable>(_ type: Value.Type, _ input: inout FuzzInput, optional: Bool) {
    var range: ClosedRange<Value>?
    if input.chance(2) {
        let a = integer(Value.self, &input), b = integer(Value.self, &input)
        range = min(a, b)...max(a, b)
    }
    let format = TextFormat<Value>.integer(in: range)
    while !input.isAtEnd {
        let typed = text(from: &input)
        if let value = format.parse(typed), let range, !range.contains(value) {
            fuzzFailure("\(typed.debugDescription) parsed to \(value), outside \(range)")
        }
        if optional { _ = TextFormat.optional(format).parse(typed) }
        var value = integer(Value.self, &input)
        if let range { value = min(max(value, range.lowerBound), range.upperBound) }
        roundTrip(value, format, optional: optional)
    }
}

func integer<Value: FixedWidthInteger>(_ type: Value.Type, _ input: inout FuzzInput) -> Value {
    var bits: UInt64 = 0
    for _ in 0..<(Value.bitWidth / 8) { bits = bits << 8 | UInt64(input.byte()) }
    return Value(truncatingIfNeeded: bits)
}

func checkDecimal(_ input: inout FuzzInput, optional: Bool) {
    let digits = input.int(in: 0...6)
    var range: ClosedRange<Double>?
    if input.chance(2) {
        let a = Double(integer(Int32.self, &input)) / 100, b = Double(integer(Int32.self, &input)) / 100
        range = min(a, b)...max(a, b)
    }
    let format = TextFormat<Double>.decimal(fractionDigits: digits, in: range)
    while !input.isAtEnd {
        let typed = text(from: &input)
        if let value = format.parse(typed), let range, !range.contains(value) {
            fuzzFailure("\(typed.debugDescription) parsed to \(value), outside \(range)")
        }
        if optional { _ = TextFormat.optional(format).parse(typed) }
        let any = Double(bitPattern: integer(UInt64.self, &input))
        _ = format.format(any)
        // A value with `digits` decimals, n / 10^digits with |n| < 10^15 (clamped into the range).
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let exact = Double(integer(Int64.self, &input) % 1_000_000_000_000_000) / scale
        let value = range.map { min(max(exact, $0.lowerBound), $0.upperBound) } ?? exact
        let text = format.format(value)
        guard let parsed = format.parse(text) else {
            if let range, let plain = Double(text), !range.contains(plain) { continue }  // rounded out of the range
            fuzzFailure("\(value) formatted as \(text.debugDescription), which does not parse")
        }
        if format.format(parsed) != text { fuzzFailure("\(value) → \(text) → \(parsed) → \(format.format(parsed))") }
        if value == exact && parsed != value {
            fuzzFailure("\(value) formatted as \(text.debugDescription) parsed back as \(parsed)")
        }
        checkFilter(text, format)
        if optional { roundTripOptional(value, format) }
    }
}

func roundTrip<Value: Equatable & Sendable>(_ value: Value, _ format: TextFormat<Value>, optional: Bool) {
    let text = format.format(value)
    guard let parsed = format.parse(text), parsed == value else {
        fuzzFailure("\(value) formatted as \(text.debugDescription) does not parse back")
    }
    checkFilter(text, format)
    if optional { roundTripOptional(value, format) }
}

func roundTripOptional<Value: Equatable & Sendable>(_ value: Value, _ format: TextFormat<Value>) {
    let optional = TextFormat.optional(format)
    guard optional.format(nil) == "", case .some(.none) = optional.parse("") else {
        fuzzFailure("an optional format does not read empty text as nil")
    }
    let text = optional.format(value)
    guard case .some(.some) = optional.parse(text) else {
        fuzzFailure("\(value) in an optional format, \(text.debugDescription), does not parse")
    }
}

func checkFilter<Value>(_ text: String, _ format: TextFormat<Value>) {
    if let filter = format.inputFilter, let refused = text.first(where: { !filter.accepts($0) }) {
        fuzzFailure("the default filter refuses \(refused.debugDescription) of the formatted \(text.debugDescription)")
    }
}

// Last, so that the globals above are initialised first (main.swift runs top to bottom).
exit(tether_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzTypedFields))
