import TetherUI

extension AnswersReport {
    /// Before a form answered in part is shown: shows the step of the first field still to
    /// answer (missing or refused; else the first not answered from outside) and focuses
    /// it, so a person starts where the answers stopped. Steps before it, answered, are
    /// passed over; Back still reaches them. Call it once the form is in an
    /// `Application`'s tree (focus belongs to the application) and before it runs.
    /// Returns the field focused, if any.
    @MainActor
    @discardableResult
    public func focusFirstToAnswer(in form: Form) -> Form.Field? {
        let target =
            entries.first(where: \.needsAnswer)
            ?? entries.first { if case .kept = $0.state { true } else { false } }
        guard let target, let field = form.field(forKey: target.key) else { return nil }
        if let step = form.step(of: field) { form.currentStep = step }
        field.widget.focus()
        return field
    }
}
