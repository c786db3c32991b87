#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the JSON a ``DraftFile`` writes, through FoundationEssentials' `JSONDecoder` (the
/// decoder answers files use; decision 0113): one object of keys and values (strings,
/// numbers, `true`, `false`, `null`, lists of them). Lists nest at most ``maximumDepth``
/// deep; the decoder itself refuses JSON nested past 512 levels before anything could run
/// out of stack (20,000 `[` once overflowed it, with the hand-written parser before).
enum DraftDecoding {
    /// How deep lists may nest (a draft's deepest is one: a check list's values).
    static let maximumDepth = 16

    /// The entries of the draft in `bytes`, by key; or why it is not a draft, in words.
    static func entries(_ bytes: [UInt8]) -> Result<[(key: String, value: DraftData)], DraftRefusal> {
        do {
            let object = try JSONDecoder().decode([String: DraftData].self, from: Data(bytes))
            return .success(object.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
        } catch let error as DecodingError {
            return .failure(DraftRefusal(reason: describe(error)))
        } catch {
            return .failure(DraftRefusal(reason: "it is not a draft (\(error))"))
        }
    }

    /// What is wrong, naming the key where the decoder says which.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "it is not a draft (not valid JSON, or nested more than 512 deep)"
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            guard let key = context.codingPath.first?.stringValue else {
                return "it is not a draft (not one JSON object of field keys)"
            }
            return "it is not a draft (key \(ProgramOutput.visible(key)): \(context.debugDescription))"
        case .keyNotFound(let key, _):
            return "it is not a draft (key \(ProgramOutput.visible(key.stringValue)) missing)"
        @unknown default:
            return "it is not a draft"
        }
    }
}

/// Why a file is not a draft: one phrase ("it is not a draft (…)").
struct DraftRefusal: Error {
    let reason: String
}

extension DraftData: Decodable {
    /// A string, a finite number, `true`, `false`, `null`, or a list of them nested at most
    /// 16 deep; an object is not draft data.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            guard number.isFinite else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a number out of range")
            }
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else {
            let depth = decoder.codingPath.count
            guard depth <= DraftDecoding.maximumDepth else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "its lists nest more than \(DraftDecoding.maximumDepth) deep")
            }
            do {
                self = .array(try container.decode([DraftData].self))
            } catch DecodingError.dataCorrupted(let context) {
                throw DecodingError.dataCorrupted(context)  // from inside the list: too deep
            } catch {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "a value is a string, a number, true, false, null or a list")
            }
        }
    }
}
