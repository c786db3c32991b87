extension Form {
    /// Runs `discard` at once when the form is clean; when it is dirty, asks first:
    /// "Discard changes?" naming what changed, with "Keep editing" focused. `discard` runs
    /// only when the user confirms. Attach it to Esc and to a Cancel button:
    ///
    /// ```swift
    /// app.onKey(.escape) { form.confirmDiscard { app.quit() } }
    /// ```
    ///
    /// Full screen and inline, the question is a modal dialog (``Widget/presentConfirmation(title:message:confirm:cancel:confirmIsSafe:_:)``);
    /// in the accessible presentation it is a `[y/N]` line. Confirming removes the form's
    /// draft (``keepDrafts(at:debounce:)``), so the next start does not offer what was just
    /// thrown away; the values are the app's: `discard` decides what leaving means (quit,
    /// ``reset()``, close a page).
    public func confirmDiscard(_ discard: @escaping () -> Void) {
        let changed = fields.filter(\.isDirty).map(\.title)
        guard !changed.isEmpty else { return discard() }
        let what = changed.count == 1 ? changed[0] : "\(changed.count) fields (\(changed.joined(separator: ", ")))"
        let message = "Unsaved changes in \(what). Leave without saving?"
        let confirmed: () -> Void = { [weak self] in
            self?.drafts?.discard()
            discard()
        }
        let asked = treeHost?.askInConversation("Discard changes? " + message, defaultYes: false) { yes in
            if yes { confirmed() }
        }
        guard asked != true else { return }
        presentConfirmation(title: "Discard changes?", message: message, confirm: "Discard", cancel: "Keep editing") {
            if $0 { confirmed() }
        }
    }

    /// Offers the draft waiting since the last session, once, when the form first shows on
    /// a screen (the accessible presentation asks it before the first field).
    func offerDraftIfWaiting() {
        guard let drafts = draftStore, drafts.hasDraft, !drafts.offered, let host = treeHost, !host.isConversation
        else { return }
        drafts.offered = true
        // After the layout in progress, so the dialog is centred on the form's frame.
        _ = hostScheduler?.schedule { [weak self, weak drafts] in
            guard let self, let drafts, drafts.hasDraft else { return }
            // Resume loses nothing: Enter and Esc give it; Start over removes the draft.
            self.presentConfirmation(
                title: "Resume where you left off?",
                message: "A draft \(drafts.draftAge.map { "saved \($0) " } ?? "")holds \(drafts.draftChanges) "
                    + "\(drafts.draftChanges == 1 ? "answer" : "answers"). Resume it, or start over (the draft is removed)?",
                confirm: "Resume", cancel: "Start over", confirmIsSafe: true
            ) { resume in
                if resume { drafts.resume() } else { drafts.discard() }
            }
        }
    }
}
