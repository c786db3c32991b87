#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherAnswers
import TetherUI

/// A record of a form's answers (`--record FILE`): the value of every field a person could
/// answer, as YAML that `FormAnswers` reads back (`--answers FILE`), every value checked
/// again then. A secret is never written: a comment names it and the safe ways to give it,
/// so the record plus the secrets from the environment reproduces the run.
///
/// Values are written as double-quoted YAML strings (`"ada@example.com"`, `"yes"`), so a
/// country code `NO` or a version `1.10` comes back as written, never as a truth value or a
/// number; a check list's choices as one string, `"Backups, Audit"`, as they are typed.
@MainActor
public enum AnswersRecord {
    /// The record of `form` now: one line per field that is visible and enabled, in form
    /// order; a field with no value is `~` (no answer: asked again on replay).
    public static func text(of form: Form, names: AnswerNames) -> String {
        var lines = [
            "# Answers recorded from the form. Replay them with --answers FILE: every answer is",
            "# checked again, and only what is missing or refused is asked.",
        ]
        for field in form.fields {
            guard let widget = field.widget as? any AccessiblePrompting, field.isVisible,
                !widget.isEffectivelyHidden, widget.isEffectivelyEnabled
            else { continue }
            let prompt = widget.accessiblePrompt
            let key = plainKey(field.key) ? field.key : quoted(field.key)
            if prompt.isSecret || field.isSecret {
                lines.append(
                    "# \(field.key): left out, a secret is never recorded; give it with "
                        + "\(names.variable(forKey: field.key)) or \(names.fileOption(forKey: field.key)) FILE")
                continue
            }
            let answer = prompt.answer ?? prompt.value ?? ""
            lines.append(answer.isEmpty ? "\(key): ~" : "\(key): \(quoted(answer))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the record of `form` to `path` (readable by its owner only, replaced whole)
    /// and returns the secret fields left out of it, to be given again on replay; throws a
    /// sentence naming the file when it cannot (``problem(writing:)``).
    @discardableResult
    public static func write(
        _ form: Form, names: AnswerNames, toPath path: String
    ) throws(AnswersFileError) -> [Form.Field] {
        if let problem = problem(writing: path) { throw problem }
        if let code = writeFileAtomically(Array(text(of: form, names: names).utf8), toPath: path) {
            throw AnswersFileError("\(path): cannot be written (\(String(cString: strerror(code))))")
        }
        return form.fields.filter { field in
            guard let widget = field.widget as? any AccessiblePrompting, field.isVisible,
                !widget.isEffectivelyHidden, widget.isEffectivelyEnabled
            else { return false }
            return field.isSecret || widget.accessiblePrompt.isSecret
        }
    }

    /// Whether `key` reads back as itself unquoted: letters, digits, `_` and `-`, not
    /// starting with a digit or `-`.
    static func plainKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return key.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "-"
        }
    }

    /// Why a record cannot be written to `path`, found before the form runs so that nobody
    /// fills in a form whose record is then lost: a name not ending in `.yaml` or `.yml`, or
    /// a folder that does not exist or cannot be written; `nil` when it can.
    public static func problem(writing path: String) -> AnswersFileError? {
        guard AnswersFile.isYAML(path) else {
            return AnswersFileError(
                "\(path): a record is YAML (it names each secret it leaves out in a comment): "
                    + "give a name ending in .yaml")
        }
        let folder = path.lastIndex(of: "/").map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        guard access(folder, W_OK) == 0 else {
            return AnswersFileError(
                "\(path): the folder \(folder) cannot be written (\(String(cString: strerror(errno))))")
        }
        return nil
    }

    /// `text` as a double-quoted YAML scalar: `"` and `\` escaped, and every control
    /// character, line break (YAML 1.1 counts U+0085, U+2028 and U+2029 as line breaks)
    /// and byte-order mark as `\uXXXX`, so the file holds one line per answer and reads back
    /// exactly.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case 0x0D: result += "\\r"
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
