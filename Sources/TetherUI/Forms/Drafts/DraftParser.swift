/// Reads the JSON a ``DraftFile`` writes: one object of keys and values (strings, numbers,
/// `true`, `false`, `null`, arrays of them). Anything else makes it give up (`nil`), with
/// ``failure`` saying why and on which line. Arrays nest at most ``maximumDepth`` deep, so
/// the recursion is bounded whatever the file holds (20,000 `[` once overflowed the stack).
struct DraftParser {
    /// How deep arrays may nest (a draft's deepest is one: a check list's values).
    static let maximumDepth = 16

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// Why the last parse gave up, with the line; `nil` after a success.
    private(set) var failure: String?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The object, or `nil` with ``failure`` set.
    mutating func object() -> [(key: String, value: DraftData)]? {
        failure = nil
        guard let entries = parseObject() else {
            if failure == nil { failure = "it is not a draft (unexpected text on line \(line))" }
            return nil
        }
        skipSpace()
        guard index == bytes.count else {
            failure = "it is not a draft (text after its end on line \(line))"
            return nil
        }
        return entries
    }

    /// The line of the byte being read, from 1.
    private var line: Int { 1 + bytes[..<min(index, bytes.count)].lazy.filter { $0 == 0x0A }.count }

    private mutating func parseObject() -> [(key: String, value: DraftData)]? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var entries: [(key: String, value: DraftData)] = []
        if take(UInt8(ascii: "}")) { return entries }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")), let value = value() else { return nil }
            entries.append((key, value))
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? entries : nil
    }

    private mutating func value() -> DraftData? {
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string().map(DraftData.string)
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return word("null") ? .null : nil
        default: return number()
        }
    }

    private mutating func array() -> DraftData? {
        guard take(UInt8(ascii: "[")) else { return nil }
        guard depth < Self.maximumDepth else {
            failure = "its lists nest more than \(Self.maximumDepth) deep (line \(line))"
            return nil
        }
        depth += 1
        defer { depth -= 1 }
        var items: [DraftData] = []
        if take(UInt8(ascii: "]")) { return .array(items) }
        repeat {
            guard let item = value() else { return nil }
            items.append(item)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? .array(items) : nil
    }

    private mutating func number() -> DraftData? {
        let start = index
        let allowed = Set("+-0123456789.eE".utf8)
        while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
        // A draft never holds infinity (1e999 reads as it): refused, as JSON has no such number.
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)), number.isFinite
        else { return nil }
        return .number(number)
    }

    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                flush()
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else {
                raw.append(byte)
                continue
            }
            flush()
            guard index < bytes.count else { return nil }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count,
                    let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(code)
                else { return nil }
                index += 4
                scalars.append(scalar)
            default: scalars.append(Unicode.Scalar(escape))
            }
        }
        return nil
    }

    private mutating func word(_ word: String) -> Bool {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected
        else { return false }
        index += expected.count
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }
}
