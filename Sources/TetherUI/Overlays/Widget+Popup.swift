/// Popups: widgets drawn above the tree, anchored to the widget that presents them.
extension Widget {
    /// Opens `popup` anchored to this widget: below it (or above it near the bottom edge,
    /// see ``PopupPlacement``), clipped to the screen, drawn above everything else. Every
    /// cell of the popup's frame is painted (nothing under it shows through) and, when
    /// `bordered` (the default) and there is room, a box in the theme's border style is
    /// drawn one cell around it; the placement counts the box, so it never covers this widget.
    ///
    /// While open, the popup gets keys and clicks first and focus moves into it (to its
    /// first focusable widget). It closes on Esc when nothing in it handles ``Intent/cancel``,
    /// on a click outside it (a click on its border does nothing), on ``dismissPopup()``, or
    /// when this widget leaves the screen; `onDismiss` then runs once, after focus has gone
    /// back to the widget that had it when the popup opened (or to this widget). It is
    /// re-anchored after every layout (a resize). Does nothing when this widget is not in a
    /// running application's tree.
    public func presentPopup(
        _ popup: Widget, placement: PopupPlacement = .below, bordered: Bool = true,
        onDismiss: (() -> Void)? = nil
    ) {
        treeHost?.presentPopup(
            popup, anchoredTo: self, placement: placement, chrome: PopupChrome(bordered: bordered),
            onDismiss: onDismiss)
    }

    /// Closes the popup this widget is in (or is), with every popup opened above it.
    public func dismissPopup() {
        treeHost?.dismissPopup(root)
    }

    /// `true` while this widget is the root of an open popup.
    public var isPresentedAsPopup: Bool { parent == nil && host?.isPresenting(self) == true }
}
