/// Confirmation: a modal yes/no question on the overlay stack.
extension Widget {
    /// Asks the user to confirm, in a modal dialog centred on the screen (on the band,
    /// inline): a box with `title` in its top border, `message` wrapped by display width, and
    /// two buttons, `cancel` on the left, focused, and `confirm` on the right.
    ///
    /// ```swift
    /// form.presentConfirmation(
    ///     title: "Discard changes?", message: "Your edits to this profile will be lost.",
    ///     confirm: "Discard", cancel: "Keep editing"
    /// ) { discard in if discard { model.reset() } }
    /// ```
    ///
    /// While it is open, keys go to the dialog: Tab and Shift-Tab move between its two
    /// buttons only, ←/→ do too, Enter or Space presses the focused button, Esc answers no.
    /// A click on a button presses it; a click anywhere else does nothing (it neither closes
    /// the dialog nor reaches what is under it). The dialog is re-centred after a resize and
    /// is at most 60 columns wide.
    ///
    /// `completion` runs exactly once, after the dialog has closed and focus is back where
    /// it was: with `true` only when the user pressed the `confirm` button; with `false` for
    /// the `cancel` button, Esc, or the dialog closing because this widget was hidden or left
    /// the tree. When this widget is not in a running application's tree, no dialog opens and
    /// `completion(false)` runs at once. (If the application's run ends while the dialog is
    /// open, the answer never comes.)
    ///
    /// The answer that loses nothing is the default: `cancel` ("Keep editing"), or `confirm`
    /// when `confirmIsSafe` (a draft's "Resume", where `cancel` throws the draft away). That
    /// button is focused, so Enter gives it, and Esc gives it too.
    public func presentConfirmation(
        title: String, message: String, confirm: String = "OK", cancel: String = "Cancel",
        confirmIsSafe: Bool = false, _ completion: @escaping (Bool) -> Void
    ) {
        let dialog = ConfirmationDialog(
            title: title, message: message, confirm: confirm, cancel: cancel, confirmIsSafe: confirmIsSafe)
        var answered = false
        let opened =
            treeHost?.presentPopup(
                dialog, anchoredTo: self, placement: .centered,
                chrome: PopupChrome(bordered: true, title: title, isModal: true)
            ) {
                guard !answered else { return }
                answered = true
                completion(dialog.confirmed)
            } ?? false
        if opened {
            (confirmIsSafe ? dialog.confirmButton : dialog.cancelButton).focus()
        } else {
            completion(false)
        }
    }
}
