/// The help overlay (see ``Application/showsKeyHelp``).
extension Application {
    /// Opens the help overlay now, whether or not ``showsKeyHelp`` is on: every binding with
    /// help, the focused widget's first, in a bordered modal popup centred on the screen.
    /// Does nothing when it is already open or the application runs as a conversation (the
    /// accessible presentation). Esc, `?`, F1 or Enter close it; focus goes back to where
    /// it was.
    public func showKeyHelp() {
        guard !isConversation, !overlays.entries.contains(where: { $0.popup is KeyHelpOverlay }) else { return }
        let entries = KeyHelpContent.overlayEntries(
            focused: focusedWidget, map: keyMap, quits: interruptBehavior == .quit,
            applicationActs: applicationActs)
        presentPopup(
            KeyHelpOverlay(entries: entries), anchoredTo: focusedWidget ?? root, placement: .centered,
            chrome: PopupChrome(bordered: true, title: "Keys", isModal: true), onDismiss: nil)
    }

    /// `?` or F1 reached the application: opens the overlay when ``showsKeyHelp`` is on.
    func showKeyHelpIfEnabled() -> Bool {
        guard showsKeyHelp, !isConversation else { return false }
        showKeyHelp()
        return true
    }
}
