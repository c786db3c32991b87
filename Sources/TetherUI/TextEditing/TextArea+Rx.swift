import TetherReactive

extension Reactive where Base: TextArea {
    /// The text (``TextArea/text``) as a control property: the current text on
    /// subscription, then each **user** edit (typing, deleting, pasting, undo, redo), never
    /// a programmatic write. Writes set the text programmatically when it differs, keeping
    /// the caret in place (clamped) and clearing the undo history. Its values complete when
    /// the area goes away; a binding ends then or when its subscription is disposed.
    public var text: ControlProperty<String> { base.editable.property(of: base) }

    /// Fires each time the area loses focus (the user left it): the moment to show
    /// validation. It completes when the area goes away.
    public var editingDidEnd: ControlEvent<Void> { ControlEvent(events: base.endEditing) }
}
