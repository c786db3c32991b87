extension AnswersReport {
    /// One message listing what could not be read and every field that still needs an
    /// answer, each with the ways to give it and, for a refused value, where it came from;
    /// `nil` when the form is complete. What a run without a terminal prints before it exits
    /// with status 2:
    ///
    /// ```
    /// 2 answers are missing or invalid:
    /// - Name is missing: give --name VALUE or set ONBOARDING_NAME.
    /// - Email: Enter an email address like you@example.com (from the option --email).
    /// ```
    public var failureMessage: String? {
        let fields = needingAnswers
        let pending = entries.filter { if case .pending = $0.state { true } else { false } }
        guard !problems.isEmpty || !fields.isEmpty || !pending.isEmpty else { return nil }
        var lines: [String] = []
        let count = fields.count + pending.count
        if count > 0 {
            lines.append(count == 1 ? "1 answer is missing or invalid:" : "\(count) answers are missing or invalid:")
        }
        for entry in fields + pending { lines.append("- " + sentence(for: entry)) }
        if !problems.isEmpty {
            lines.append(
                problems.count == 1
                    ? "1 problem with the answers given:" : "\(problems.count) problems with the answers given:")
            for problem in problems { lines.append("- " + problem) }
        }
        return lines.joined(separator: "\n")
    }

    /// The ways to give `entry`'s answer: its option and variable; for a secret its variable
    /// and its file option.
    public func ways(toAnswer entry: Entry) -> String {
        if entry.isSecret {
            return "set \(entry.variable) or give \(names.fileOption(forKey: entry.key)) FILE"
        }
        return "give \(entry.option) VALUE or set \(entry.variable)"
    }

    private func sentence(for entry: Entry) -> String {
        switch entry.state {
        case .missing:
            return "\(entry.title) is missing: \(ways(toAnswer: entry))."
        case .invalid(let message, let source):
            let from = source.map { " (from \($0))" } ?? " (the form's own value; \(ways(toAnswer: entry)))"
            return "\(entry.title): \(message)\(from)"
        case .pending(let text):
            return "\(entry.title): still being checked (\(text))"
        default:
            return entry.title
        }
    }

    /// What `--explain` prints: every field, its value (a secret's hidden) and where it came
    /// from, then what would still be asked. Nothing is run.
    ///
    /// ```
    /// Name      Ada                the option --name
    /// Email     ada@example.com    the environment variable ONBOARDING_EMAIL
    /// Editor    Vim                the form
    /// Notes     (no answer)        would be asked
    /// ```
    public var explanation: String {
        let titleWidth = entries.map(\.title.count).max() ?? 0
        let valueWidth = min(32, entries.map(\.value.count).max() ?? 0)
        var lines: [String] = []
        for entry in entries {
            let value = entry.value.count > valueWidth ? String(entry.value.prefix(valueWidth - 1)) + "…" : entry.value
            lines.append(
                pad(entry.title, titleWidth) + "  " + pad(value, valueWidth) + "  " + origin(of: entry))
        }
        let asked = entries.filter { $0.needsAnswer }.map(\.title)
        lines.append(asked.isEmpty ? "Nothing would be asked." : "Would be asked: \(asked.joined(separator: ", ")).")
        if !problems.isEmpty {
            lines.append("Problems with the answers given:")
            for problem in problems { lines.append("- " + problem) }
        }
        return lines.joined(separator: "\n")
    }

    private func origin(of entry: Entry) -> String {
        switch entry.state {
        case .answered(let source): return "\(source)"
        case .kept: return "the form (default, draft or model)"
        case .missing: return "missing: would be asked (\(ways(toAnswer: entry)))"
        case .invalid(let message, let source):
            return "refused: \(message)" + (source.map { " (from \($0))" } ?? "") + "; would be asked"
        case .pending(let text): return "being checked: \(text)"
        case .notAsked: return "not asked (hidden or disabled now)"
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
