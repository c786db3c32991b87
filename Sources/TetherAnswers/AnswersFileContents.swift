/// What an answers file gave: its path and its answers by key (each as the text a person
/// would type: a list joined with `, `), or why it cannot be used. TetherAnswerFiles reads
/// JSON and YAML files into it (`FormAnswers(for:names:arguments:environment:answersFile:readStandardInput:)`);
/// an app with a format of its own builds one and passes it as ``FormAnswers/init(for:names:arguments:environment:file:readStandardInput:)``'s `file`.
public struct AnswersFileContents: Sendable {
    /// The file's path, said in every message about its answers.
    public var path: String
    /// The answers by field key, or why the file cannot be used.
    public var answers: Result<[String: String], AnswersFileError>

    /// The contents of the file at `path`.
    public init(path: String, answers: Result<[String: String], AnswersFileError>) {
        self.path = path
        self.answers = answers
    }
}

/// Why an answers file cannot be used: one sentence naming the file.
public struct AnswersFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    /// An error saying `description` (a sentence that names the file).
    public init(_ description: String) { self.description = description }
}
