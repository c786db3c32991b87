import TetherReactive

// Key handlers, intents and focus: how app code joins a key's path (docs/architecture.md,
// "The path of one keystroke").
extension Application {
    // MARK: Keys

    /// Adds a key handler to the application's one ordered list: `handle` sees each key in
    /// `phase` after the handlers added before it, and returns `true` to consume the key.
    /// The handler stays until the result is disposed or the application goes away.
    @discardableResult
    public func addKeyHandler(
        _ phase: KeyHandlerPhase = .afterWidgets,
        _ handle: @escaping (KeyEvent) -> Bool
    ) -> any Disposable {
        router.handlers.add(phase, handle)
    }

    /// Runs `action` when `key` is pressed and no widget handled it: a key handler of
    /// phase ``KeyHandlerPhase/afterWidgets`` that consumes `key`. Disposing the result
    /// removes it.
    @discardableResult
    public func onKey(_ key: KeyEvent, perform action: @escaping () -> Void) -> any Disposable {
        let added = router.handlers.add(.afterWidgets, key: key) { pressed in
            guard pressed == key else { return false }
            action()
            return true
        }
        return keyHelpFollowing(added)
    }

    /// Runs `action` when a key bound to `intent` in ``keyMap`` reaches the application: no
    /// widget, popup or key handler took it (step 6 of the key's path). With an app's own
    /// intent bound with help, the key shows in the help overlay:
    ///
    /// ```swift
    /// app.keyMap.bind(.ctrl("r"), to: .refresh, help: "refresh")
    /// app.onIntent(.refresh) { model.reload() }
    /// ```
    ///
    /// The first action added for an intent runs; disposing the result removes it. The
    /// built-in application intents (focus moves, quit, suspend, help) are not overridden.
    @discardableResult
    public func onIntent(_ intent: Intent, perform action: @escaping () -> Void) -> any Disposable {
        keyHelpFollowing(router.addIntentHandler(intent, action))
    }

    /// `added`, with the key-help bar drawn again now and once it is disposed: an action for
    /// Enter or Esc changes whether the bar names them.
    private func keyHelpFollowing(_ added: any Disposable) -> any Disposable {
        renderer.setNeedsDisplay()
        return Disposables.create { [weak self] in
            added.dispose()
            self?.renderer.setNeedsDisplay()
        }
    }

    /// Keys that no widget, popup, handler or intent handled. Completes when the
    /// application goes away.
    public var unhandledKeys: ControlEvent<KeyEvent> { ControlEvent(events: router.unhandled) }

    // MARK: Focus

    /// The widget with keyboard focus.
    public var focusedWidget: Widget? { focusController.focusedWidget }

    /// Moves focus to `widget` if it accepts focus (inside the open popup, if any).
    public func focus(_ widget: Widget) { focusController.focus(widget) }

    /// Moves focus to the next widget that accepts it, wrapping at the end.
    public func focusNext() { focusController.move(by: 1) }

    /// Moves focus to the previous widget that accepts it, wrapping at the start.
    public func focusPrevious() { focusController.move(by: -1) }
}
