import Foundation
import TetherAnswers
import TetherUI

/// An answers file: one JSON object whose keys are the form's keys and whose values are
/// answers, read through Foundation's `JSONDecoder` (decision 0110); where JSON does not
/// parse, `JSONSerialization` says at which character, told as a line and a column. A name
/// ending in `.yaml` or `.yml` is read as YAML instead (`AnswersFile+YAML.swift`).
///
/// A string is the answer as typed; `true` and `false` answer a yes/no field; a number is
/// its digits; a list of strings or numbers checks those options of a check list; `null`
/// gives no answer. The file is at most ``sizeLimit`` bytes; a list holds no list or object.
enum AnswersFile {
    /// The largest file read: 1 MB, as for drafts.
    static let sizeLimit = 1 << 20

    /// The answers in the file at `path` by key, in no order; or a sentence naming the file
    /// (and, for JSON that does not parse, the line) saying why it cannot be used.
    static func read(atPath path: String) -> Result<[String: String], AnswersFileError> {
        switch readFileBytes(atPath: path, limit: sizeLimit) {
        case .missing: return .failure(AnswersFileError("\(path): no such file"))
        case .tooLarge: return .failure(AnswersFileError("\(path): larger than 1 MB, not an answers file"))
        case .unreadable(let code): return .failure(AnswersFileError("\(path): cannot be read (errno \(code))"))
        case .bytes(let bytes): return isYAML(path) ? parseYAML(bytes, path: path) : parse(bytes, path: path)
        }
    }

    /// The answers in `bytes`, the text of the file at `path`.
    static func parse(_ bytes: [UInt8], path: String) -> Result<[String: String], AnswersFileError> {
        let values: [String: AnswerValue]
        do {
            values = try JSONDecoder().decode([String: AnswerValue].self, from: Data(bytes))
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let place = location(in: bytes) {
                return .failure(AnswersFileError("\(path): not JSON: \(place)"))
            }
            return .failure(AnswersFileError("\(path): \(describe(error))"))
        } catch {
            return .failure(AnswersFileError("\(path): \(error)"))
        }
        var answers: [String: String] = [:]
        for (key, value) in values {
            if let text = value.text { answers[key] = text }
        }
        return .success(answers)
    }

    /// Where JSON that does not parse stops making sense: "the error is on line 3, column 3
    /// (near “oops”)", from the character `JSONSerialization` names; `nil` when it names none.
    static func location(in bytes: [UInt8]) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            return nil
        } catch {
            let text = "\(error)"
            guard let range = text.range(of: "character "),
                let offset = Int(text[range.upperBound...].prefix { $0.isNumber })
            else { return nil }
            let before = bytes.prefix(min(offset, bytes.count))
            let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            let rest = bytes.dropFirst(min(offset, bytes.count)).prefix { $0 != UInt8(ascii: "\n") }.prefix(20)
            let near = String(decoding: rest, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            return "the error is on line \(line), column \(column)"
                + (near.isEmpty ? "" : " (near “\(ProgramOutput.visible(near))”)")
        }
    }

    /// What went wrong, in words, with the key.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as? any CustomStringConvertible)?.description
            let place = context.codingPath.last.map { "key \($0.stringValue): " } ?? ""
            if context.codingPath.isEmpty, underlying == nil {
                return "not JSON: \(context.debugDescription)"
            }
            return place + (underlying.map { "not JSON (\($0))" } ?? context.debugDescription)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            guard let key = context.codingPath.first?.stringValue else {
                return "not a JSON object of answers (one object: {\"email\": \"ada@example.com\"})"
            }
            return "key \(key): \(context.debugDescription)"
        case .keyNotFound(let key, _): return "key \(key.stringValue) missing"
        @unknown default: return "\(error)"
        }
    }
}

/// One value of an answers file.
private enum AnswerValue: Decodable {
    case text(String)
    case list([String])
    case none

    var text: String? {
        switch self {
        case .text(let text): text
        case .list(let items): items.joined(separator: ", ")
        case .none: nil
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .none
        } else if let scalar = try? container.decode(Scalar.self) {
            self = .text(scalar.text)
        } else if let items = try? container.decode([Scalar].self) {
            self = .list(items.map(\.text))
        } else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "an answer is a string, a number, true or false, or a list of them; not an object")
        }
    }
}

/// A string, a number, `true` or `false`, as the text of an answer.
private struct Scalar: Decodable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            text = bool ? "yes" : "no"
        } else if let integer = try? container.decode(Int.self) {
            text = String(integer)
        } else if let number = try? container.decode(Double.self), number.isFinite {
            text = String(number)
        } else {
            text = try container.decode(String.self)
        }
    }
}
