import TetherReactive

extension TextField {
    /// Completions for what the user is typing (a view model's search results). The first
    /// one that starts with the text is shown as ghost text after the caret (→ or End
    /// accepts it); all are listed in a popup under the field while it has focus (↑/↓ move,
    /// Enter or Tab accept the highlighted row, a click accepts a row, Esc closes the list
    /// until the next edit). Accepting replaces the text and is a user edit, reported on
    /// `rx.text`. Tab and Enter keep their usual meaning while no row is highlighted. A
    /// ``SecureField`` never shows suggestions. Bind them with `rx.suggestions`.
    public var suggestions: [String] {
        get { completion?.suggestions ?? [] }
        set {
            if completion == nil { completion = Autocompletion(field: self) }
            completion?.suggestions = newValue
        }
    }

    /// Replaces the text with an accepted suggestion, as the user would.
    func acceptSuggestion(_ suggestion: String) {
        guard suggestion != text else { return }
        editor.replaceText(suggestion)
        editor.moveCaret(to: editor.graphemes.count)
        editable.userEdited(self)
    }
}

extension TextField: SuggestionOffering {
    var mayOfferSuggestions: Bool { completion != nil && echoMode == .normal && !text.isEmpty }

    var offeredSuggestions: [String] {
        let typed = text.lowercased()
        return suggestions.filter { $0 != text && $0.lowercased().contains(typed) }
    }
}

extension Reactive where Base: TextField {
    /// Binds ``TextField/suggestions`` (`viewModel.cities.bind(to: city.rx.suggestions)`,
    /// fed by a debounced search). Each value applies on the main actor while the field
    /// lives; the binding ends when its subscription is disposed.
    public var suggestions: Binder<[String]> { Binder(base) { field, suggestions in field.suggestions = suggestions } }
}
