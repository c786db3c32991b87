#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherUI

/// The form's command-line options: `--key VALUE` or `--key=VALUE` for every field,
/// `--key` alone and `--no-key` for a yes/no field, `--key-file PATH` for a secret.
extension FormAnswers {
    /// What an option names.
    private enum Named {
        case value(Form.Field)
        case negated(Form.Field)
        case secretFile(Form.Field)
    }

    private func named(_ option: String, in fields: [Form.Field]) -> Named? {
        for field in fields {
            if names.option(forKey: field.key) == option { return .value(field) }
            if field.widget is Toggle, names.negatedOption(forKey: field.key) == option { return .negated(field) }
            if field.isSecret, names.fileOption(forKey: field.key) == option { return .secretFile(field) }
        }
        return nil
    }

    mutating func readArguments(_ arguments: [String], fields: [Form.Field], readStandardInput: () -> String?) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                problems.append(
                    "unexpected argument “\(ProgramOutput.visible(argument))”: the form's answers are options such as \(exampleOption(fields))"
                )
                continue
            }
            let (option, inline) = split(argument)
            guard let named = named(option, in: fields) else {
                problems.append(
                    "unknown option \(ProgramOutput.visible(option)) (the form's options: \(optionList(fields)))")
                continue
            }
            switch named {
            case .negated(let field):
                answers[field.key] = Answer(text: "no", source: .option(option))
            case .value(let field) where field.isSecret:
                // Never read the value: skip it too, so it is not taken for an option.
                if inline == nil, index < arguments.count, !arguments[index].hasPrefix("--") { index += 1 }
                problems.append(
                    "\(option): \(field.title) is secret and is never taken from the command line, which other "
                        + "users can see and the shell keeps in its history: " + safeWays(for: field))
            case .value(let field):
                if let inline {
                    answers[field.key] = Answer(text: inline, source: .option(option))
                } else if field.widget is Toggle, index >= arguments.count || arguments[index].hasPrefix("--") {
                    answers[field.key] = Answer(text: "yes", source: .option(option))
                } else if index < arguments.count {
                    answers[field.key] = Answer(text: arguments[index], source: .option(option))
                    index += 1
                } else {
                    problems.append("\(option) needs a value: \(option) VALUE")
                }
            case .secretFile(let field):
                let path = inline ?? (index < arguments.count ? arguments[index] : nil)
                if inline == nil, path != nil { index += 1 }
                guard let path else {
                    problems.append("\(option) needs a file: \(option) FILE (or - for standard input)")
                    continue
                }
                readSecret(for: field, path: path, option: option, readStandardInput: readStandardInput)
            }
        }
    }

    /// `--key=value` as (`--key`, `value`); `--key` as (`--key`, nil).
    private func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private mutating func readSecret(
        for field: Form.Field, path: String, option: String, readStandardInput: () -> String?
    ) {
        if path == "-" {
            guard let text = readStandardInput() else {
                return problems.append("\(option) -: standard input gave nothing for \(field.title)")
            }
            answers[field.key] = Answer(text: FormAnswers.firstLine(of: text), source: .standardInput)
            return
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            return problems.append("\(option): \(path) cannot be read (\(String(cString: strerror(errno))))")
        }
        if info.st_mode & 0o077 != 0 {
            let mode = String(info.st_mode & 0o777, radix: 8)
            return problems.append(
                "\(option): \(path) can be read by other users (mode \(mode)); make it yours alone: chmod 600 \(path)")
        }
        switch readFileBytes(atPath: path, limit: 64 * 1024) {
        case .bytes(let bytes):
            answers[field.key] = Answer(
                text: FormAnswers.firstLine(of: String(decoding: bytes, as: UTF8.self)), source: .secretFile(path: path)
            )
        case .tooLarge:
            problems.append("\(option): \(path) is larger than 64 KB, not a secret")
        case .missing, .unreadable:
            problems.append("\(option): \(path) cannot be read")
        }
    }

    /// A secret file's text without its line break: the first line.
    static func firstLine(of text: String) -> String {
        String(text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
    }

    private func optionList(_ fields: [Form.Field]) -> String {
        fields.map { names.option(forKey: $0.key) }.joined(separator: ", ")
    }

    private func exampleOption(_ fields: [Form.Field]) -> String {
        fields.first.map { names.option(forKey: $0.key) + " VALUE" } ?? "--key VALUE"
    }
}
