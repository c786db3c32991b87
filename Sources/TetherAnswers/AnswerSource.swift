/// Where an answer given from outside the form came from, said in every message about it.
public enum AnswerSource: Hashable, Sendable, CustomStringConvertible {
    /// A command-line option (`--email`).
    case option(String)
    /// An environment variable (`ONBOARDING_EMAIL`).
    case environment(String)
    /// A key of an answers file.
    case answersFile(path: String, key: String)
    /// A file holding one secret (`--password-file PATH`).
    case secretFile(path: String)
    /// Standard input (`--password-file -`).
    case standardInput

    /// "the option --email", "the environment variable ONBOARDING_EMAIL", "answers.json
    /// (key email)", "the file /run/secrets/pw", "standard input".
    public var description: String {
        switch self {
        case .option(let name): "the option \(name)"
        case .environment(let name): "the environment variable \(name)"
        case .answersFile(let path, let key): "\(path) (key \(key))"
        case .secretFile(let path): "the file \(path)"
        case .standardInput: "standard input"
        }
    }

    /// Whether the answer came from the command line, which other users see (`ps`) and
    /// the shell keeps in its history.
    public var isCommandLine: Bool {
        if case .option = self { return true }
        return false
    }
}
