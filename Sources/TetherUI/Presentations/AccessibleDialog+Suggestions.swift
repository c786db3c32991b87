/// A widget whose typed answer may bring suggestions to offer by ear (a text field with
/// completion).
@MainActor
protocol SuggestionOffering: AccessiblePrompting {
    /// Whether suggestions may come for the answer now (completion on, typing shown, text typed).
    var mayOfferSuggestions: Bool { get }
    /// The suggestions worth offering now: those containing the text, other than the text itself.
    var offeredSuggestions: [String] { get }
    /// The answer typed, as said back ("keep “lis”").
    var text: String { get }
    /// Takes `suggestion` as the answer, as the person would.
    func acceptSuggestion(_ suggestion: String)
}

/// A text field's suggestions on a line: after a person's answer (not a script's: a
/// script's next line is the next field's answer), the suggestions that arrive for it are
/// listed numbered; a number takes one, an empty line keeps the answer, other text
/// answers the field again.
extension AccessibleDialog {
    /// How long the dialog waits for suggestions, in checks of ``suggestionCheck``.
    nonisolated static let suggestionChecks = 10
    /// How often the dialog looks for suggestions while it waits.
    nonisolated static let suggestionCheck = Duration.milliseconds(100)

    /// Starts waiting for the suggestions of the text field at `index` after a typed answer;
    /// returns whether it waits (the dialog asks nothing meanwhile).
    func awaitSuggestions(_ index: Int) -> Bool {
        guard inputIsTerminal, let field = items[index].widget as? any SuggestionOffering, field.mayOfferSuggestions
        else { return false }
        state = .idle
        lookForSuggestions(index, field: field, checksLeft: AccessibleDialog.suggestionChecks)
        return true
    }

    private func lookForSuggestions(_ index: Int, field: any SuggestionOffering, checksLeft: Int) {
        _ = app?.scheduler.schedule(after: AccessibleDialog.suggestionCheck) { [weak self] in
            guard let self, self.state == .idle else { return }
            let suggestions = field.offeredSuggestions
            if suggestions.isEmpty, checksLeft > 1 {
                return self.lookForSuggestions(index, field: field, checksLeft: checksLeft - 1)
            }
            guard !suggestions.isEmpty else { return self.moveOn(from: index) }
            self.offer(suggestions, for: index, field: field)
        }
    }

    /// "Suggestions for “lis”: 1) Lisbon. Type a number to take one, or press Enter to keep
    /// “lis”." then the prompt line.
    func offer(_ suggestions: [String], for index: Int, field: any SuggestionOffering) {
        let listed = suggestions.enumerated().map { "\($0.offset + 1)) \($0.element)" }.joined(separator: ", ")
        let typed = AccessiblePrompt.readable(field.text)
        let take = suggestions.count == 1 ? "Type 1 to take it" : "Type a number to take one"
        write("Suggestions for “\(typed)”: \(listed). \(take), or press Enter to keep “\(typed)”.\n")
        askSuggestion(suggestions, for: index)
    }

    /// The field's prompt line, waiting for a suggestion's number.
    func askSuggestion(_ suggestions: [String], for index: Int) {
        state = .suggesting(index, suggestions)
        write(spoken(name(of: items[index]), items[index].widget.accessiblePrompt.question) + ": ")
        waiting()
    }

    func suggestionAnswered(_ line: String, _ index: Int, _ suggestions: [String]) {
        let answer = line.strippingSpaces
        if answer.isEmpty { return moveOn(from: index) }
        guard let number = Int(answer), let field = items[index].widget as? any SuggestionOffering else {
            return self.answer(line, to: index)
        }
        guard number >= 1, number <= suggestions.count else {
            write("There is no suggestion \(number): type a number from 1 to \(suggestions.count).\n")
            return askSuggestion(suggestions, for: index)
        }
        field.acceptSuggestion(suggestions[number - 1])
        answered(index, offeringSuggestions: false)
    }
}
