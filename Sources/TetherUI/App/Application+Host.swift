import TetherReactive

/// The application as its widgets' host: invalidation goes to the renderer, focus to the
/// focus controller, popups to the overlay stack.
extension Application: WidgetHost {
    func say(_ notice: String) { self.notice = notice }

    func applicationActs(on key: KeyEvent, for intent: Intent) -> Bool {
        router.applicationActs(on: key, for: intent)
    }

    func keyHelpDrawn(rows: Range<Int>, hints: [KeyHint]) {
        keyHelpShown = (rows, hints)
    }

    /// A key-help bar's rows when the focused widget's hints are no longer those it drew
    /// (a picker's highlight moved, suggestions opened): drawn again with the next frame.
    private func staleKeyHelpRows() -> Range<Int>? {
        guard let shown = keyHelpShown, (focusedWidget?.keyHints ?? []) != shown.hints else { return nil }
        return shown.rows
    }

    /// Wires the collaborators to each other; once, from `init`.
    func connectCollaborators() {
        focusController.onChange = { [unowned self] in renderer.setNeedsDisplay() }
        renderer.scope = { [unowned self] body in withDiagnostics(body) }
        renderer.focusedWidget = { [unowned self] in focusController.focusedWidget }
        renderer.context = { [unowned self] in DrawContext(theme: theme, time: scheduler.now) }
        renderer.staleRows = { [unowned self] in staleKeyHelpRows() }
        renderer.closeOrphans = { [unowned self] orphans in
            for popup in orphans { dismissPopup(popup) }
        }
        router.actions = InputRouter.Actions(
            interrupt: { [unowned self] in finish(.interrupted) },
            suspend: { [unowned self] in
                guard exitReason == nil, let suspendable = backend.features.suspension else { return false }
                suspendable.suspend()
                return true
            },
            closeTopPopup: { [unowned self] in
                if let top = overlays.top { dismissPopup(top.popup) }
            },
            showHelp: { [unowned self] in showKeyHelpIfEnabled() },
            repaint: { [unowned self] in
                backend.forgetScreen()
                renderer.forgetScreen()
            },
            copy: { [unowned self] in copyFocusedText() })
    }

    /// Handles one event from the backend (or the test pilot). Once the run has ended
    /// (a quit, Ctrl-C, a signal), nothing more is handled: a Ctrl-Z that arrived in the
    /// same read as the Ctrl-C that quit must not stop the process that is leaving.
    package func handle(_ event: TerminalEvent) {
        guard exitReason == nil else { return }
        withDiagnostics { route(event) }
    }

    /// What ``handle(_:)`` does with an event.
    private func route(_ event: TerminalEvent) {
        switch event {
        case .input(let input):
            if notice != nil { notice = nil }  // a notice lasts until the next input
            router.route(input, screenHidden: renderer.showingTooSmall)
        case .resized: renderer.setNeedsLayout()
        case .redrawNeeded: renderer.forgetScreen()
        case .backgroundChanged: backgroundChanged()
        case .terminate(let signal): finish(.terminated(signal: signal))
        case .focusChanged(let focused): terminalFocusChanged(focused)
        }
    }

    /// Draws again when the theme's variant for the new background differs from the one
    /// in use before it. Only the colours change: the layout and the terminal's content stay.
    private func backgroundChanged() {
        var before = backend.capabilities
        before.background = themedBackground
        themedBackground = backend.capabilities.background
        if theme(for: before) != theme { renderer.setNeedsDisplay() }
    }

    // MARK: Invalidation

    func setNeedsLayout() { renderer.setNeedsLayout() }

    func setNeedsDisplay(rows: Range<Int>) { renderer.setNeedsDisplay(rows: rows) }

    func structureChanged() {
        focusController.invalidateChain()
        renderer.setNeedsLayout()
    }

    func focusabilityChanged(_ widget: Widget) {
        focusController.focusabilityChanged(widget, started: started)
    }

    func widgetRemoved(_ widget: Widget) {
        focusController.widgetRemoved(widget)
        router.widgetRemoved(widget)
    }

    // MARK: Focus

    func requestFocus(_ widget: Widget) { focusController.focus(widget) }

    func moveFocus(forward: Bool) { focusController.move(by: forward ? 1 : -1) }

    // MARK: Popups

    var isConversation: Bool { backend.features.driver != nil }

    func askInConversation(_ question: String, defaultYes: Bool, _ completion: @escaping (Bool) -> Void) -> Bool {
        guard let conversation else { return false }
        conversation.ask(question, defaultYes: defaultYes, completion)
        return true
    }

    @discardableResult
    func presentPopup(
        _ popup: Widget, anchoredTo anchor: Widget, placement: PopupPlacement, chrome: PopupChrome,
        onDismiss: (() -> Void)?
    ) -> Bool {
        guard popup.parent == nil, popup !== root, !isPresenting(popup),
            root.isAncestor(of: anchor) || overlays.entry(containing: anchor) != nil
        else { return false }
        // A popup that takes focus first closes the lists that never take it (a field's
        // suggestions): they belong to the field it covers, and closing as it loses focus
        // they would close the new popup with them.
        if chrome.isModal || popup.focusChain().contains(where: \.acceptsFocus) {
            for entry in overlays.entries.reversed() where !entry.popup.focusChain().contains(where: \.acceptsFocus) {
                closePopup(entry.popup, answered: false)
            }
        }
        overlays.push(
            OverlayStack.Entry(
                popup: popup, anchor: anchor, placement: placement, chrome: chrome,
                returnFocus: focusController.focusedWidget, onDismiss: onDismiss))
        popup.host = self
        focusController.invalidateChain()
        renderer.setNeedsLayout()
        focusController.focusFirstIfNeeded()
        return true
    }

    func dismissPopup(_ popup: Widget) { closePopup(popup, answered: true) }

    /// Closes `popup` and the popups above it; focus inside them goes back to where it was.
    /// `answered`: their `onDismiss` runs (a dialog's completion); closed unanswered (the run
    /// ended under them), it does not, and focus goes back whether or not it was inside.
    func closePopup(_ popup: Widget, answered: Bool) {
        let closed = overlays.remove(popup)
        guard !closed.isEmpty else { return }
        let focusWasInside =
            focusController.focusedWidget.map { focused in
                closed.contains { $0.popup.isAncestor(of: focused) }
            } ?? false
        focusController.invalidateChain()
        for entry in closed {
            router.widgetRemoved(entry.popup)
            entry.popup.host = nil
        }
        // Focus inside the closed popups goes back to where it was when the lowest one
        // opened, or else to that popup's anchor.
        if focusWasInside || !answered, let lowest = closed.last {
            for candidate in [lowest.returnFocus, lowest.anchor].compactMap({ $0 }) where candidate.acceptsFocus {
                focusController.focus(candidate, returning: true)
                if focusController.focusedWidget === candidate { break }
            }
        }
        focusController.focusFirstIfNeeded()
        renderer.setNeedsLayout()
        guard answered else { return }
        for entry in closed { entry.onDismiss?() }
    }

    func isPresenting(_ popup: Widget) -> Bool {
        overlays.entries.contains { $0.popup === popup }
    }
}
