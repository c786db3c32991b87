import TetherAnswers
import TetherUI
import Yams

/// A YAML answers file (`.yaml` or `.yml`), read with Yams (libyaml inside; decision 0112):
/// one mapping of field keys to answers, as in JSON. A scalar is the answer as written
/// (`share: yes`, `country: NO` stays `NO`: the field's own parsing decides); a sequence of
/// scalars checks those options of a check list; `~`, `null` or nothing gives no answer.
///
/// libyaml refuses a file nested more than 1,000 levels deep before Yams, which builds its
/// tree recursively, could run out of stack (20,000 `[` are refused on line 1).
extension AnswersFile {
    /// Whether the file at `path` is read as YAML: its name ends in `.yaml` or `.yml`.
    static func isYAML(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
    }

    /// The answers in `bytes`, the YAML text of the file at `path`.
    static func parseYAML(_ bytes: [UInt8], path: String) -> Result<[String: String], AnswersFileError> {
        let root: Node?
        do {
            root = try Yams.compose(yaml: String(decoding: bytes, as: UTF8.self))
        } catch let error as YamlError {
            return .failure(AnswersFileError("\(path): not YAML: \(describe(error, in: bytes))"))
        } catch {
            return .failure(AnswersFileError("\(path): not YAML"))
        }
        guard let root else { return .success([:]) }
        guard case .mapping(let mapping) = root else {
            return .failure(
                AnswersFileError("\(path): not a mapping of answers (one key per line: email: ada@example.com)"))
        }
        var answers: [String: String] = [:]
        for (keyNode, value) in mapping {
            guard case .scalar(let key) = keyNode else {
                return .failure(
                    AnswersFileError(
                        "\(path): line \(line(of: keyNode)): a key is a field's key, not a list or mapping"))
            }
            switch answer(value) {
            case .success(let text?): answers[key.string] = text
            case .success(nil): continue
            case .failure(let reason):
                let visibleKey = ProgramOutput.visible(key.string)
                return .failure(AnswersFileError("\(path): key \(visibleKey) (line \(line(of: value))): \(reason)"))
            }
        }
        return .success(answers)
    }

    /// The answer `node` gives: its text, `nil` for none, or why it cannot be one.
    private static func answer(_ node: Node) -> Result<String?, AnswersFileError> {
        switch node {
        case .scalar(let scalar):
            if node.null != nil { return .success(nil) }
            return .success(scalar.string)
        case .sequence(let items):
            var texts: [String] = []
            for item in items {
                guard case .scalar(let scalar) = item else {
                    return .failure(AnswersFileError("a list holds answers, not lists or mappings"))
                }
                texts.append(scalar.string)
            }
            return .success(texts.joined(separator: ", "))
        case .mapping, .alias:
            return .failure(
                AnswersFileError("an answer is a string, a number, yes or no, or a list of them; not a mapping"))
        }
    }

    private static func line(of node: Node) -> String {
        node.mark.map { String($0.line) } ?? "?"
    }

    /// What libyaml said and where, without quoting the file (its bytes could hold control
    /// characters): "mapping values are not allowed in this context on line 2, column 9".
    static func describe(_ error: YamlError, in bytes: [UInt8]) -> String {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            if problem.hasPrefix("Maximum nesting level reached") {
                return "nested more than 1,000 levels deep on line \(mark.line): an answers file is one key and "
                    + "answer per line"
            }
            return "\(ProgramOutput.visible(problem)) on line \(mark.line), column \(mark.column)"
        case .reader(let problem, let offset?, _, _):
            let before = bytes.prefix(max(0, min(offset, bytes.count)))
            let line = before.filter { $0 == 0x0A }.count + 1
            let column = before.count - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            return "\(ProgramOutput.visible(problem)) on line \(line), column \(column)"
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.sorted().map { ProgramOutput.visible($0) }.joined(separator: ", ")
            return "the key \(keys) is given twice (line \(context.mark.line))"
        default:
            return ProgramOutput.visible("\(error)")
        }
    }
}
