import TetherUI

extension FormAnswers {
    /// Applies every answer to its field, in form order, as a person's edit (through the
    /// widget's `AccessiblePrompting/applyAccessibleAnswer(_:)`: the same parsing, matching
    /// and validators as the accessible presentation; bindings carry it to the model), and
    /// marks the field answered (`Form/Field/isAnsweredFromOutside`), so the presentations
    /// ask it no more unless it is refused. An accepted answer is the value the form starts
    /// from, not the person's change: leaving without an edit asks nothing. Returns what
    /// became of every field.
    ///
    /// An asynchronous check starts as it would after typing; ``AnswersReport/Entry/State/pending(_:)``
    /// until it answers: apply again, or read ``report(for:)`` once the form has none pending.
    @discardableResult
    public func apply(to form: Form) -> AnswersReport {
        var refused: [String: (String, AnswerSource)] = [:]
        for field in form.fields {
            guard let answer = answers[field.key], let widget = field.widget as? any AccessiblePrompting else {
                continue
            }
            guard widget.isEffectivelyEnabled else { continue }
            switch widget.applyAccessibleAnswer(answer.text) {
            case .accepted:
                field.isAnsweredFromOutside = true
                field.takeAnswerAsLoaded()
            case .invalid(let sentence):
                field.isAnsweredFromOutside = false
                refused[field.key] = (sentence, answer.source)
            }
        }
        return report(for: form, refused: refused)
    }

    /// What became of every field now (after ``apply(to:)``, once asynchronous checks answered).
    public func report(for form: Form) -> AnswersReport { report(for: form, refused: [:]) }

    private func report(for form: Form, refused: [String: (String, AnswerSource)]) -> AnswersReport {
        var entries: [AnswersReport.Entry] = []
        for field in form.fields {
            guard let widget = field.widget as? any AccessiblePrompting else { continue }
            let prompt = widget.accessiblePrompt
            let given = answers[field.key]
            let secret = prompt.isSecret || field.isSecret
            // A secret's prompt never says its value; a text field says whether it holds one.
            let isEmpty = (field.widget as? TextField).map { $0.text.isEmpty } ?? (prompt.value ?? "").isEmpty
            let state: AnswersReport.Entry.State
            if !field.isVisible || widget.isEffectivelyHidden || !widget.isEffectivelyEnabled {
                state = .notAsked
            } else if let (sentence, source) = refused[field.key] {
                state = .invalid(sentence, source)
            } else {
                state = FormAnswers.state(of: field, given: given, isEmpty: isEmpty)
            }
            entries.append(
                AnswersReport.Entry(
                    title: field.title, key: field.key, option: names.option(forKey: field.key),
                    variable: names.variable(forKey: field.key), isSecret: secret,
                    value: FormAnswers.spoken(prompt, secret: secret, isEmpty: isEmpty), state: state))
        }
        return AnswersReport(entries: entries, problems: problems, names: names)
    }

    private static func state(of field: Form.Field, given: Answer?, isEmpty: Bool) -> AnswersReport.Entry.State {
        switch field.validation {
        case .valid: return given.map { .answered($0.source) } ?? .kept
        case .pending(let text): return .pending(text)
        case .invalid(let message):
            if given == nil, field.isRequired, isEmpty { return .missing }
            return .invalid(message, given?.source)
        }
    }

    /// The value as the accessible review says it.
    private static func spoken(_ prompt: AccessiblePrompt, secret: Bool, isEmpty: Bool) -> String {
        if secret { return isEmpty ? "(no answer)" : "(hidden)" }
        let value = prompt.value ?? ""
        return value.isEmpty ? "(no answer)" : value
    }
}
