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

    /// The largest draft read: a form's draft is a few hundred bytes; a file larger than
    /// this is not one (a 50 MB file once took 5 s and 464 MB to offer).
    static let maximumSize = 1 << 20

    /// What reading the draft gave.
    enum Reading {
        /// There is no draft.
        case none
        /// The entries saved.
        case draft([(key: String, value: DraftData)])
        /// A file is there but is not a draft that can be read: why, in words.
        case refused(String)
    }

    /// The draft on disk, if there is one and it can be read.
    func read() -> Reading {
        switch readFileBytes(atPath: path, limit: Self.maximumSize) {
        case .missing: return .none
        case .tooLarge: return .refused("it is larger than \(Self.maximumSize / 1024) KB")
        case .unreadable(let code): return .refused("it cannot be read: \(String(cString: strerror(code)))")
        case .bytes(let bytes):
            switch DraftDecoding.entries(bytes) {
            case .success(let entries): return .draft(entries)
            case .failure(let refusal): return .refused(refusal.reason)
            }
        }
    }

    /// Moves the draft aside to `<path>.corrupt` (replacing an older one), so that it is
    /// kept for a person to look at and never overwritten by the next save; the new path, or
    /// `nil` when it could not be moved.
    func moveAside() -> String? {
        let aside = path + ".corrupt"
        return rename(path, aside) == 0 ? aside : nil
    }

    /// Writes `entries`; returns the `errno` of a failure, or `nil` once the draft is on disk.
    func write(_ entries: [(key: String, value: DraftData)]) -> Int32? {
        let text =
            "{"
            + entries.map { "\n  " + DraftText.string($0.key) + ": " + DraftText.value($0.value) }
            .joined(separator: ",") + "\n}\n"
        return writeFileAtomically(Array(text.utf8), toPath: path)
    }

    /// Removes the draft; returns the `errno` of a failure (none when there was no file).
    @discardableResult
    func remove() -> Int32? {
        unlink(path) == 0 || errno == ENOENT ? nil : errno
    }
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
