/// Keyboard focus for one application: which widget has it, the order Tab moves in, and
/// what happens when widgets become unfocusable or leave the tree.
///
/// While a popup is open, focus stays inside the top popup: its chain replaces the
/// root's, and closing the popup gives focus back to the widget that had it when the popup
/// opened (else to the popup's anchor).
@MainActor
final class FocusController {
    private let root: Widget
    private let overlays: OverlayStack
    /// Called after the focused widget changed (the renderer redraws everything).
    var onChange: () -> Void = {}

    /// The widget with keyboard focus.
    private(set) var focusedWidget: Widget?
    private var cachedChain: [Widget]?
    private var chainIndex: [ObjectIdentifier: Int] = [:]

    init(root: Widget, overlays: OverlayStack) {
        self.root = root
        self.overlays = overlays
    }

    /// The tree focus lives in now: the top popup that has something to focus, or the
    /// root (a tooltip-like popup leaves focus where it is).
    private var scope: Widget {
        for entry in overlays.entries.reversed() where !entry.popup.focusChain().isEmpty { return entry.popup }
        return root
    }

    private var chain: [Widget] {
        if let cachedChain { return cachedChain }
        let chain = scope.focusChain()
        cachedChain = chain
        chainIndex = Dictionary(
            chain.enumerated().map { (ObjectIdentifier($0.element), $0.offset) },
            uniquingKeysWith: { first, _ in first })
        return chain
    }

    /// Forgets the focus order (the tree or the open popups changed).
    func invalidateChain() { cachedChain = nil }

    /// Moves focus to `widget` if it accepts focus and is in the current scope; `returning`
    /// when it comes back from a closed popup (a text field then keeps its caret).
    func focus(_ widget: Widget, returning: Bool = false) {
        guard widget.acceptsFocus, scope.isAncestor(of: widget), widget !== focusedWidget else { return }
        let previous = focusedWidget
        focusedWidget = widget
        previous?.setFocused(false)
        widget.setFocused(true, returning: returning)
        onChange()
    }

    /// Moves to the next (`step` 1) or previous (-1) widget that accepts focus, wrapping.
    func move(by step: Int) {
        let chain = self.chain
        guard !chain.isEmpty else { return }
        let start = focusedWidget.flatMap { chainIndex[ObjectIdentifier($0)] } ?? (step > 0 ? -1 : chain.count)
        var index = start
        for _ in 0..<chain.count {
            index = (index + step + chain.count) % chain.count
            if chain[index].acceptsFocus {
                focus(chain[index])
                return
            }
        }
    }

    /// Focuses the first focusable widget of the scope unless a widget in it has focus.
    func focusFirstIfNeeded() {
        if let focused = focusedWidget, focused.acceptsFocus, scope.isAncestor(of: focused) { return }
        clear(covered: focusedWidget.map(isCovered) ?? false)
        if let first = chain.first(where: { $0.acceptsFocus }) { focus(first) }
    }

    /// A widget became enabled, disabled, shown or hidden.
    func focusabilityChanged(_ widget: Widget, started: Bool) {
        invalidateChain()
        if let focused = focusedWidget, widget.isAncestor(of: focused), !focused.acceptsFocus {
            move(by: 1)
            if focusedWidget === focused { clear() }
        } else if focusedWidget == nil, started {
            focusFirstIfNeeded()
        }
    }

    /// `widget` left the tree.
    func widgetRemoved(_ widget: Widget) {
        invalidateChain()
        if let focused = focusedWidget, widget.isAncestor(of: focused) {
            clear()
            focusFirstIfNeeded()
        }
    }

    /// Whether `widget` still takes focus but sits under the popup that took it: opening
    /// something over a field is not leaving the field.
    private func isCovered(_ widget: Widget) -> Bool {
        widget.acceptsFocus && (root.isAncestor(of: widget) || overlays.entry(containing: widget) != nil)
    }

    /// Nobody has focus. What depends on focus (the key-help bar) is drawn again. `covered`
    /// when a popup took focus over the widget (it is not left: a form reveals no message).
    private func clear(covered: Bool = false) {
        guard let previous = focusedWidget else { return }
        focusedWidget = nil
        previous.setFocused(false, covered: covered)
        onChange()
    }
}
