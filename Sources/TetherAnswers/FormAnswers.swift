import TetherUI

/// Answers to a form given from outside it: command-line options, environment variables and
/// an answers file, each named after a field's key (``AnswerNames``).
///
/// One precedence, whatever the order they are read in: an option beats an environment
/// variable, which beats the answers file, which beats the form's own value (the model's,
/// a draft's, a default). What none gives is asked (with a terminal) or listed as missing
/// (without one). Every answer goes through the field's own parsing and validators when it
/// is applied (``apply(to:)``), exactly as if it had been typed in the accessible
/// presentation: a choice by its number, its title (ignoring case) or the one title holding
/// it; a yes/no field by `yes`, `no`, `y`, `n`, `true` or `false`.
///
/// A secret (a `SecureField`, or a field marked secret) is never taken from the command
/// line, where other users see it in `ps` and the shell keeps it in its history: its
/// option is refused with a message naming the safe ways, its environment variable, a file
/// (`--password-file PATH`, readable only by its owner) or standard input (`--password-file -`).
@MainActor
public struct FormAnswers {
    /// One answer and where it came from.
    public struct Answer: Hashable, Sendable {
        /// The answer as text, as it would be typed.
        public var text: String
        /// Where it came from.
        public var source: AnswerSource

        /// An answer `text` from `source`.
        public init(text: String, source: AnswerSource) {
            self.text = text
            self.source = source
        }
    }

    /// The names used for options and variables.
    public let names: AnswerNames
    /// The answers by field key, each from the source that wins.
    public internal(set) var answers: [String: Answer] = [:]
    /// What could not be read, one sentence each (an unknown option, a secret on the
    /// command line, an answers file that does not parse); in the order found.
    public internal(set) var problems: [String] = []

    /// Reads the answers to `form`'s fields from `arguments` (the form's options only: an
    /// app's own options are parsed by the app), `environment` and `file`, an answers file
    /// already read (TetherAnswerFiles reads JSON and YAML files: its initializer takes the
    /// file's path). `readStandardInput` gives standard input's text, read only when a
    /// secret is asked for with `-` as its file.
    public init(
        for form: Form, names: AnswerNames, arguments: [String] = [], environment: [String: String] = [:],
        file: AnswersFileContents? = nil, readStandardInput: () -> String? = { nil }
    ) {
        self.names = names
        let fields = form.fields.filter { $0.widget is any AccessiblePrompting }
        if let file { read(file, fields: fields) }
        for field in fields {
            let variable = names.variable(forKey: field.key)
            if let value = environment[variable], !value.isEmpty {
                answers[field.key] = Answer(text: value, source: .environment(variable))
            }
        }
        readArguments(arguments, fields: fields, readStandardInput: readStandardInput)
    }

    private mutating func read(_ file: AnswersFileContents, fields: [Form.Field]) {
        let path = file.path
        switch file.answers {
        case .failure(let error):
            problems.append(error.description)
        case .success(let values):
            for key in values.keys.sorted() {
                guard let field = fields.first(where: { $0.key == key }) else {
                    let known = fields.map(\.key).joined(separator: ", ")
                    problems.append("\(path): no field has the key \(key) (the keys are \(known))")
                    continue
                }
                if field.isSecret {
                    problems.append(
                        "\(path): \(field.title) is secret and is not read from an answers file: "
                            + safeWays(for: field))
                    continue
                }
                answers[key] = Answer(text: values[key] ?? "", source: .answersFile(path: path, key: key))
            }
        }
    }

    /// The safe ways to give `field`'s secret, for a message.
    func safeWays(for field: Form.Field) -> String {
        "set \(names.variable(forKey: field.key)), or give \(names.fileOption(forKey: field.key)) FILE "
            + "(a file only you can read, or - for standard input)"
    }
}
