#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A draft on disk: one JSON object of field keys and values, written whole to a
/// temporary file readable by its owner only and renamed over the draft, so a crash never
/// leaves half a draft.
struct DraftFile {
    let path: String

    /// The entries saved, or `nil` when there is no draft (or it cannot be read).
    func read() -> [(key: String, value: DraftData)]? {
        guard let bytes = readFileBytes(atPath: path) else { return nil }
        var parser = DraftParser(bytes)
        return parser.object()
    }

    /// Writes `entries`; returns whether the draft is on disk.
    @discardableResult
    func write(_ entries: [(key: String, value: DraftData)]) -> Bool {
        let text =
            "{"
            + entries.map { "\n  " + DraftText.string($0.key) + ": " + DraftText.value($0.value) }
            .joined(separator: ",") + "\n}\n"
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { writeToDescriptor(descriptor, $0.baseAddress, $0.count) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { break }
            written += result
        }
        close(descriptor)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes the draft.
    func remove() { unlink(path) }
}

/// Draft data as JSON text.
enum DraftText {
    static func value(_ data: DraftData) -> String {
        switch data {
        case .string(let text): string(text)
        case .number(let number):
            number.isFinite
                ? (number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)") : "null"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array(let items): "[" + items.map(value).joined(separator: ", ") + "]"
        }
    }

    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// `write(2)`, named apart from ``DraftFile/write(_:)`` so that the call needs no C
/// library's module name.
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
