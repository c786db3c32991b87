import TetherUI

extension AnswerNames {
    /// The form's part of `--help`: every field that takes an answer, with its option, its
    /// variable, its description, whether it is required or secret, its choices and its
    /// current value (the default a run without it keeps):
    ///
    /// ```
    /// FORM ANSWERS (an option beats ONBOARDING_*, which beats --answers FILE):
    ///   --email VALUE, ONBOARDING_EMAIL  (required)
    ///       Email. Where we send your invite.
    ///   --password-file FILE, ONBOARDING_PASSWORD  (required, secret)
    ///       Password. Never on the command line.
    /// ```
    ///
    /// `answersFileOption` is the app's option for an answers file (`--answers`), said in the
    /// precedence; `nil` for an app that takes none.
    @MainActor
    public func help(for form: Form, answersFileOption: String? = "--answers") -> String {
        let file = answersFileOption.map { ", which beats \($0) FILE" } ?? ""
        var lines = AnswerNames.wrapped(
            "FORM ANSWERS (an option beats \(environmentPrefix)*\(file); what none gives is asked):", indent: 0,
            width: 78)
        for field in form.fields {
            guard let widget = field.widget as? any AccessiblePrompting else { continue }
            let prompt = widget.accessiblePrompt
            let secret = prompt.isSecret || field.isSecret
            var flags: [String] = []
            if field.isRequired { flags.append("required") }
            if secret { flags.append("secret") }
            let option: String
            if secret {
                option = fileOption(forKey: field.key) + " FILE"
            } else if widget is Toggle {
                option = self.option(forKey: field.key) + ", " + negatedOption(forKey: field.key)
            } else {
                option = self.option(forKey: field.key) + " VALUE"
            }
            let marks = flags.isEmpty ? "" : "  (\(flags.joined(separator: ", ")))"
            lines.append("  \(option), \(variable(forKey: field.key))\(marks)")
            var about = field.title + "."
            if let description = field.description {
                about += " " + description + (description.last.map { ".!?".contains($0) } == true ? "" : ".")
            }
            if !prompt.options.isEmpty { about += " " + AnswerNames.choices(prompt.options) }
            for rule in (prompt.rule.map { [$0] } ?? []) + field.ruleWords {
                about += " " + rule + (rule.last.map { ".!?".contains($0) } == true ? "" : ".")
            }
            if !secret, let value = prompt.value, !value.isEmpty { about += " Now: \(value)." }
            if secret { about += " Never taken from the command line; - reads standard input." }
            lines += AnswerNames.wrapped(about, indent: 6, width: 78)
        }
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` columns (a word longer than that stands alone),
    /// each indented by `indent`: a help text's own wrapping keeps the indentation, which a
    /// command-line parser re-wrapping long lines would lose.
    static func wrapped(_ text: String, indent: Int, width: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = margin
        for word in text.split(separator: " ") {
            if line.count > indent, line.count + 1 + word.count > width {
                lines.append(line)
                line = margin
            }
            line += (line.count > indent ? " " : "") + word
        }
        if line.count > indent { lines.append(line) }
        return lines
    }

    /// "Choices: Free, Pro, Team." — for a long list the first few and how many there are,
    /// since a choice is also taken by part of its name.
    static func choices(_ options: [String]) -> String {
        guard options.count > 9 else { return "Choices: " + options.joined(separator: ", ") + "." }
        return "\(options.count) choices, such as " + options.prefix(3).joined(separator: ", ")
            + "; a choice is also taken by the one name holding what is given."
    }
}
