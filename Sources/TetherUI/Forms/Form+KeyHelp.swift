/// What a form tells key help.
extension Form {
    /// What Enter does in this form, for key help: the title in lower case of the button
    /// Enter presses (`sign in`; `next` before the last step of a form in steps), or `nil`
    /// when there is none.
    var activateHelp: String? {
        guard let button = enterButton, !button.isHidden else { return nil }
        let title = button.title.strippingSpaces
        return title.isEmpty ? nil : title.lowercased()
    }
}
