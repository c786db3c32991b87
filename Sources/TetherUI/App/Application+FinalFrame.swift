/// The frame an inline run leaves in the scrollback.
extension Application {
    /// Inline, the last frame stays on the terminal after the program ends: it is drawn once
    /// more as the form itself, without what was only passing over it. A popup or dialog
    /// still open (the key list, a dropdown's list, a "Discard changes?" whose answer ended
    /// the run) is closed without being answered, and a button's spinner stops, as does a
    /// field's running check, whose line goes (it never answered). Full screen
    /// and in the accessible presentation nothing stays, and nothing is drawn.
    func leaveFinalFrame() {
        guard started, case .band = backend.features.screen else { return }
        closePopupsUnanswered()
        stopSpinners(in: root)
        renderIfNeeded()
    }

    /// Closes every popup as if it had never opened: no `onDismiss` runs (a dialog's
    /// completion must not take the run's end for an answer).
    private func closePopupsUnanswered() {
        guard let lowest = overlays.entries.first else { return }
        closePopup(lowest.popup, answered: false)
    }

    /// Saves now each draft still waiting for its debounce (Ctrl-C, a signal, a quit within
    /// a second of the last key): what was typed is in the draft the next start offers.
    func saveWaitingDrafts(in widget: Widget) {
        if let drafts = (widget as? Form)?.drafts, drafts.isWaitingToSave { drafts.save() }
        for child in widget.children { saveWaitingDrafts(in: child) }
    }

    private func stopSpinners(in widget: Widget) {
        if let button = widget as? Button, button.isBusy { button.isBusy = false }
        if let form = widget as? Form { for field in form.fields { field.stopCheckLine() } }
        for child in widget.children { stopSpinners(in: child) }
    }
}
