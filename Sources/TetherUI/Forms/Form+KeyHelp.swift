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
}
