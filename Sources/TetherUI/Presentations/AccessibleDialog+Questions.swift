extension AccessibleDialog {
    /// Asks `text` as a yes/no line (`[Y/n]` or `[y/N]`: an empty answer takes the default),
    /// then goes back to what was being asked; `completion` gets the answer first. Questions
    /// asked while one waits are asked in turn.
    func ask(_ text: String, defaultYes: Bool, _ completion: @escaping (Bool) -> Void) {
        enqueue(text, defaultYes: defaultYes, completion)
    }

    /// Offers the draft a form found at start ("Resume where you left off?"); returns
    /// whether it asked (the fields are asked once it is answered).
    func offerDraft() -> Bool {
        let forms = formsAsked()
        guard let drafts = forms.lazy.compactMap(\.drafts).first(where: { $0.hasDraft && !$0.offered }) else {
            return false
        }
        drafts.offered = true
        ask(FormDrafts.offerQuestion(changes: drafts.draftChanges), defaultYes: true) { [weak self] resume in
            if resume { drafts.resume() } else { drafts.discard() }
            self?.askFirstField()
        }
        return true
    }
}
