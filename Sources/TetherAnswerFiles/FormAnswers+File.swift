import TetherAnswers
import TetherUI

extension FormAnswers {
    /// Reads the answers to `form`'s fields from `arguments` (the form's options only: an
    /// app's own options are parsed by the app), `environment` and the answers file at
    /// `answersFile`: JSON, or YAML when its name ends in `.yaml` or `.yml` (`nil`: none).
    /// `readStandardInput` gives standard input's text, read only when a secret is asked
    /// for with `-` as its file. A file that cannot be read or parsed is one of `problems`,
    /// naming the file and the line.
    public init(
        for form: Form, names: AnswerNames, arguments: [String] = [], environment: [String: String] = [:],
        answersFile: String?, readStandardInput: () -> String? = { nil }
    ) {
        self.init(
            for: form, names: names, arguments: arguments, environment: environment,
            file: answersFile.map { AnswersFileContents(path: $0, answers: AnswersFile.read(atPath: $0)) },
            readStandardInput: readStandardInput)
    }
}
