import TetherReactive

/// Routes input to widgets: keys through the key handlers, the key map's intents, the
/// focused widget, its ancestors, an open popup and the application; pastes to the focused
/// widget; mouse presses to the widget under the pointer (popups first), with drags and
/// releases captured by the pressed widget.
///
/// The order for a key:
/// 1. handlers of phase ``KeyHandlerPhase/beforeWidgets``;
/// 2. Ctrl-C quits (with ``Application/InterruptBehavior/quit``);
/// 3. the focused widget gets the intents of its own ``Widget/keyBindings``, then the
///    application map's intents, then printable text; then each ancestor, nearest first,
///    gets its own bindings' intents, then the application map's;
/// 4. with a popup open, ``Intent/cancel`` (Esc) closes the top popup;
/// 5. handlers of phase ``KeyHandlerPhase/afterWidgets``;
/// 6. the application's intents (focus moves, quit, suspend, the help overlay);
/// 7. otherwise the key is published on ``Application/unhandledKeys``.
@MainActor
final class InputRouter {
    /// What the router asks of the application it routes for.
    struct Actions {
        var interrupt: () -> Void
        var suspend: () -> Bool
        var closeTopPopup: () -> Void
        /// Opens the help overlay; `false` when the application shows no key help.
        var showHelp: () -> Bool
        /// Forgets what is on the screen and draws it all again.
        var repaint: () -> Void
        /// Copies the focused text to the clipboard; `false` when no text widget has focus.
        var copy: () -> Bool = { false }
    }

    private let root: Widget
    private let focus: FocusController
    private let overlays: OverlayStack
    let handlers = KeyHandlers()
    let unhandled = PublishSubject<KeyEvent>()
    var keyMap: KeyMap
    var interruptQuits = true
    var mouseEnabled = true
    var actions = Actions(interrupt: {}, suspend: { false }, closeTopPopup: {}, showHelp: { false }, repaint: {})
    private var mouseCapture: Widget?
    /// The application's own intents (``Application/onIntent(_:perform:)``), in order added.
    private var intentHandlers: [(id: Int, intent: Intent, action: () -> Void)] = []
    private var nextIntentHandlerID = 0

    init(root: Widget, focus: FocusController, overlays: OverlayStack, keyMap: KeyMap) {
        self.root = root
        self.focus = focus
        self.overlays = overlays
        self.keyMap = keyMap
    }

    isolated deinit { unhandled.onCompleted() }

    /// Routes one input event; `screenHidden` drops mouse events while the "too small"
    /// message covers the widgets.
    func route(_ input: InputEvent, screenHidden: Bool) {
        switch input {
        case .key(let key): route(key)
        case .paste(let text): _ = focus.focusedWidget?.paste(text)
        case .mouse(let mouse): if mouseEnabled && !screenHidden { route(mouse) }
        }
    }

    private func route(_ key: KeyEvent) {
        if handlers.handle(key, in: .beforeWidgets) { return }
        if key == .ctrl("c"), interruptQuits {
            actions.interrupt()
            return
        }
        let intents = keyMap.intents(for: key)
        if offerToFocusedWidget(key, intents: intents) { return }
        if !overlays.isEmpty, intents.contains(.cancel) {
            actions.closeTopPopup()
            return
        }
        if handlers.handle(key, in: .afterWidgets) { return }
        for intent in intents where performApplicationIntent(intent) { return }
        unhandled.onNext(key)
    }

    /// The focused widget's own bindings and the map's intents, its typed text, then each
    /// ancestor's own bindings and the map's intents.
    private func offerToFocusedWidget(_ key: KeyEvent, intents: [Intent]) -> Bool {
        guard let focused = focus.focusedWidget else { return false }
        if offer(key, intents: intents, to: focused) { return true }
        if key.modifiers.subtracting(.shift).isEmpty, case .character(let character) = key.key,
            !character.isControlCharacter, focused.insertText(String(character))
        {
            return true
        }
        var ancestor = focused.parent
        while let widget = ancestor {
            if offer(key, intents: intents, to: widget) { return true }
            ancestor = widget.parent
        }
        return false
    }

    /// Offers `widget` the intents its own bindings give `key`, then `intents`.
    private func offer(_ key: KeyEvent, intents: [Intent], to widget: Widget) -> Bool {
        if let own = widget.keyBindings {
            for intent in own.intents(for: key) where widget.perform(intent) { return true }
        }
        for intent in intents where widget.perform(intent) { return true }
        return false
    }

    private func performApplicationIntent(_ intent: Intent) -> Bool {
        switch intent {
        case .focusNext, .focusDown: focus.move(by: 1)
        case .focusPrevious, .focusUp: focus.move(by: -1)
        case .quit:
            guard interruptQuits else { return false }
            actions.interrupt()
        case .suspend: return actions.suspend()
        case .showHelp: return actions.showHelp()
        case .repaint: actions.repaint()
        case .copy: return actions.copy()
        default:
            guard let handler = intentHandlers.first(where: { $0.intent == intent }) else { return false }
            handler.action()
        }
        return true
    }

    private func route(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .press:
            let hit: Widget?
            if overlays.isEmpty {
                hit = root.hitTest(mouse.position)
            } else {
                // A press outside every popup closes the top one and goes no further; one on
                // a border, or outside a modal popup, does nothing at all.
                switch overlays.pressTarget(at: mouse.position) {
                case .widget(let widget): hit = widget
                case .swallowed: return
                case .outside: return actions.closeTopPopup()
                }
            }
            guard let hit else { return }
            var target: Widget? = hit
            while let candidate = target, !candidate.acceptsFocus { target = candidate.parent }
            // A press on a popup that never takes focus (suggestions) still reaches it.
            guard let widget = target else {
                if !overlays.isEmpty { _ = hit.handleMouse(mouse) }
                return
            }
            focus.focus(widget)
            mouseCapture = widget
            _ = widget.handleMouse(mouse)
        case .drag:
            _ = mouseCapture?.handleMouse(mouse)
        case .release:
            _ = mouseCapture?.handleMouse(mouse)
            mouseCapture = nil
        case .wheelUp, .wheelDown:
            _ = focus.focusedWidget?.handleMouse(mouse)
        }
    }

    /// Runs `action` for `intent` when no widget handled it; disposing the result removes it.
    /// Whether `key`, bound to `intent`, does something when it reaches the application: an
    /// action added for the key (``Application/onKey(_:perform:)``) or the intent
    /// (``Application/onIntent(_:perform:)``), or Esc closing an open popup.
    func applicationActs(on key: KeyEvent, for intent: Intent) -> Bool {
        handlers.acts(on: key) || intentHandlers.contains { $0.intent == intent }
            || (intent == .cancel && !overlays.isEmpty)
    }

    func addIntentHandler(_ intent: Intent, _ action: @escaping () -> Void) -> any Disposable {
        let id = nextIntentHandlerID
        nextIntentHandlerID += 1
        intentHandlers.append((id, intent, action))
        return Disposables.create { [weak self] in self?.intentHandlers.removeAll { $0.id == id } }
    }

    /// `widget` left the tree: it can no longer hold the mouse.
    func widgetRemoved(_ widget: Widget) {
        if let captured = mouseCapture, widget.isAncestor(of: captured) { mouseCapture = nil }
    }
}
