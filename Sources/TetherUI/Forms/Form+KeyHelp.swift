/// What a form tells key help.
extension Form {
    /// What Enter does in this form with `focused` focused, for key help: `moveOn` when it
    /// moves on (Tab's help, so the bar says `Tab/Enter next`), else the title in lower case of the button Enter presses (`sign
    /// in`; `next` before the last step of a form in steps), or `nil` when there is none.
    func activateHelp(from focused: Widget, moveOn: String) -> String? {
        switch enterAction(from: focused) {
        case .moveOn: return moveOn
        case .press(let button):
            guard !button.isHidden else { return nil }
            let title = button.title.strippingSpaces
            return title.isEmpty ? nil : title.lowercased()
        case nil: return nil
        }
    }

    /// What Enter does in the form from `focused` when the widget itself does not take it.
    enum EnterAction {
        /// Focus moves to the next field (a text field comes later).
        case moveOn
        /// The button is pressed: the default button, or Next before the last step.
        case press(Button)
    }

    /// What Enter does from `focused`: presses ``enterButton`` from the last text field
    /// on, moves on before it; `nil` when it does nothing.
    func enterAction(from focused: Widget) -> EnterAction? {
        let chain = focusChain()
        guard let index = chain.firstIndex(where: { $0 === focused }) else { return nil }
        let laterTextField = chain[(index + 1)...].contains { $0 is TextField && $0.acceptsFocus }
        if !laterTextField, let button = enterButton { return .press(button) }
        return chain[(index + 1)...].contains(where: { $0.acceptsFocus }) ? .moveOn : nil
    }
}
