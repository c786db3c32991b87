/// How a form's keyed fields are named outside the form: a command-line option and an
/// environment variable for each key.
///
/// The key `first-name` (or `firstName`, `first_name`) is the option `--first-name` and,
/// with the prefix `ONBOARDING_`, the variable `ONBOARDING_FIRST_NAME`; the answers file
/// uses the key itself.
public struct AnswerNames: Hashable, Sendable {
    /// What every variable starts with (`ONBOARDING_`); empty for none.
    public var environmentPrefix: String

    /// Names with `environmentPrefix` (a `_` is added when it does not end with one).
    public init(environmentPrefix: String) {
        let trimmed = environmentPrefix.uppercased()
        self.environmentPrefix = trimmed.isEmpty || trimmed.hasSuffix("_") ? trimmed : trimmed + "_"
    }

    /// The key's words, lowercased: `firstName`, `first-name` and `first_name` are
    /// `["first", "name"]`.
    static func words(of key: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in key {
            if !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                if character.isUppercase, let previous, previous.isLowercase || previous.isNumber, !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current += character.lowercased()
            }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `--first-name` for the key `first-name`.
    public func option(forKey key: String) -> String { "--" + AnswerNames.words(of: key).joined(separator: "-") }

    /// `--first-name-file` for the key `first-name`: the option that names a file holding
    /// a secret.
    public func fileOption(forKey key: String) -> String { option(forKey: key) + "-file" }

    /// `--no-share` for the key `share`: the option that answers no to a yes/no field.
    public func negatedOption(forKey key: String) -> String {
        "--no-" + AnswerNames.words(of: key).joined(separator: "-")
    }

    /// `ONBOARDING_FIRST_NAME` for the key `first-name`.
    public func variable(forKey key: String) -> String {
        environmentPrefix + AnswerNames.words(of: key).joined(separator: "_").uppercased()
    }
}
