import TetherReactive

/// A field's asynchronous checks by ear. After an answer, a check still pending is waited
/// for and its verdict said at its field ("Checking availability…", then "@ada is taken:
/// try another." and the question again), as suggestions are waited for. Before the
/// default button is pressed, checks still pending (on answers given from outside) are
/// waited for too, so the button's "Saving…" is never said before a refusal.
extension AccessibleDialog {
    /// Starts waiting for the verdict of the item at `index` when one of its checks is
    /// pending; returns whether it waits (the dialog reads no answer meanwhile).
    func awaitVerdict(_ index: Int, offeringSuggestions: Bool) -> Bool {
        guard let field = items[index].field, case .pending(let checking) = field.validation else { return false }
        write(CommandRun.sentence(checking) + "\n")
        state = .checking(index)
        checkSubscription?.dispose()
        checkSubscription = field.rx.validation.filter { !$0.isPending }.take(1)
            .subscribe(onNext: { [weak self] _ in
                guard let self, self.state == .checking(index) else { return }
                self.state = .idle
                self.answered(index, offeringSuggestions: offeringSuggestions)
            })
        return true
    }

    /// Presses `button` once its form has no pending check, saying the first one's text
    /// while it waits; returns whether it waits.
    func pressWhenChecked(_ button: Button) -> Bool {
        guard let form = formOfDefaultButton, let first = form.pendingFields.first,
            case .pending(let checking) = first.validation
        else { return false }
        write(CommandRun.sentence(checking) + "\n")
        state = .idle
        checkSubscription?.dispose()
        checkSubscription = form.rx.pendingFields.filter(\.isEmpty).take(1)
            .subscribe(onNext: { [weak self] _ in
                guard let self, self.state == .idle else { return }
                self.press(button)
            })
        return true
    }
}
