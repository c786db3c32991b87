import TetherUI

/// The accessible and scripted presentations ask for the date as one line.
extension DateField: AccessiblePrompting {
    /// `(day/month/year) [27/11/2026]`.
    public var accessiblePrompt: AccessiblePrompt {
        AccessiblePrompt(question: "(day/month/year) [\(committed.text)]", value: committed.text)
    }

    /// A date as `27/11/2026` (or `27.11.2026`, `27-11-2026`, `27 11 2026`, the ISO
    /// `2026-11-27`) is entered as the user's edit, as keys would; an empty answer keeps the
    /// date. An answer that is not a date changes nothing and says why.
    public func applyAccessibleAnswer(_ answer: String) -> AccessibleAnswer {
        let answer = answer.trimmingSpaces
        guard !answer.isEmpty else { return .accepted }
        let example = "Answer day/month/year, like \(committed.text)."
        guard let day = CalendarDay.parse(answer) else { return .invalid("\(answer) is not a date. \(example)") }
        if let problem = day.problem(years: years) { return .invalid("\(problem) \(example)") }
        typedDigits = 0
        userEnter(day)
        return .accepted
    }
}

extension String {
    /// The string without spaces at either end.
    var trimmingSpaces: String {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else {
            return ""
        }
        return String(self[first...last])
    }
}
