import TetherReactive

extension Reactive where Base: TextField {
    /// The text (``TextField/text``) as a control property: the current text on
    /// subscription, then each **user** edit (typing, deleting, pasting), never a
    /// programmatic write. Writes set the text programmatically when it differs, keeping
    /// the caret in place. Its values complete when the field goes away; a binding ends
    /// then or when its subscription is disposed.
    public var text: ControlProperty<String> { base.editable.property(of: base) }

    /// Fires each time the field loses focus (the user left it): the moment to show
    /// validation. It completes when the field goes away.
    public var editingDidEnd: ControlEvent<Void> { ControlEvent(events: base.endEditing) }
}
