/// What a form tells key help.
extension Form {
    /// What Enter does in this form, for key help: its default button's title in lower case
    /// (`sign in`), or `nil` when it has none.
    var activateHelp: String? {
        guard let defaultButton, !defaultButton.isHidden else { return nil }
        let title = defaultButton.title.trimmingSpaces
        return title.isEmpty ? nil : title.lowercased()
    }
}

extension String {
    /// The string without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
