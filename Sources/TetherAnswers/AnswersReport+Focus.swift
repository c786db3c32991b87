import TetherReactive
import TetherUI

extension AnswersReport {
    /// Before a form answered in part is shown: shows the step of the first field still to
    /// answer (missing or refused; else the first not answered from outside) and focuses
    /// it, so a person starts where the answers stopped. Steps before it, answered, are
    /// passed over; Back still reaches them. An answer before it whose asynchronous check has
    /// not answered yet is waited for there, as Next waits: its field shows (with the check's
    /// spinner) until the check answers; accepted, the form moves on to the field to answer
    /// (unless the person moved first), refused, it stays there with the verdict. Call it once
    /// the form is in an `Application`'s tree (focus belongs to the application) and before it
    /// runs. Returns the field focused, if any.
    @MainActor
    @discardableResult
    public func focusFirstToAnswer(in form: Form) -> Form.Field? {
        let targetIndex =
            entries.firstIndex(where: \.needsAnswer)
            ?? entries.firstIndex { if case .kept = $0.state { true } else { false } }
        let target = targetIndex.flatMap { form.field(forKey: entries[$0].key) }
        let pendingIndex = entries.firstIndex { if case .pending = $0.state { true } else { false } }
        if let pendingIndex, pendingIndex < targetIndex ?? entries.count,
            let pending = form.field(forKey: entries[pendingIndex].key)
        {
            Self.show(pending, in: form)
            Self.moveOn(from: pending, to: target, in: form)
            return pending
        }
        guard let target else { return nil }
        Self.show(target, in: form)
        return target
    }

    @MainActor
    private static func show(_ field: Form.Field, in form: Form) {
        if let step = form.step(of: field) { form.currentStep = step }
        field.widget.focus()
    }

    /// Once `pending`'s check answers: shows `target` when the check accepted and focus is
    /// still on `pending`'s widget.
    @MainActor
    private static func moveOn(from pending: Form.Field, to target: Form.Field?, in form: Form) {
        _ = pending.rx.validation.filter { !$0.isPending }.take(1)
            .subscribe(onNext: { [weak form, weak pending, weak target] verdict in
                guard let form, let pending, verdict.isValid, pending.widget.isFocused, let target else { return }
                show(target, in: form)
            })
    }
}
