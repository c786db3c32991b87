/// What a form tells key help.
extension Form {
    /// What Enter does in this form, for key help: the title in lower case of the button
    /// Enter presses (`sign in`; `next` before the last step of a form in steps), or `nil`
    /// when there is none.
    var activateHelp: String? {
        guard let button = enterButton, !button.isHidden else { return nil }
        let title = button.title.trimmingSpaces
        return title.isEmpty ? nil : title.lowercased()
    }
}

extension String {
    /// The string without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
