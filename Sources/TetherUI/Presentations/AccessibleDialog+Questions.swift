extension AccessibleDialog {
    /// Asks `text` as a yes/no line (`[Y/n]` or `[y/N]`: an empty answer takes the default),
    /// then goes back to what was being asked; `completion` gets the answer first. Questions
    /// asked while one waits are asked in turn.
    func ask(_ text: String, defaultYes: Bool, _ completion: @escaping (Bool) -> Void) {
        questions.append(Question(text: text, defaultYes: defaultYes, completion: completion))
        guard state != .questioning else { return }
        stateBeforeQuestions = state
        state = .questioning
        askQuestion()
    }

    func askQuestion() {
        guard let question = questions.first else { return }
        write("\(question.text) [\(question.defaultYes ? "Y/n" : "y/N")]: ")
        waiting()
    }

    func questionAnswered(_ line: String) {
        guard let question = questions.first else { return }
        let answer: Bool
        switch line.lowercased() {
        case "": answer = question.defaultYes
        case "y", "yes": answer = true
        case "n", "no": answer = false
        default:
            write("Answer y for yes or n for no.\n")
            return askQuestion()
        }
        questions.removeFirst()
        guard questions.isEmpty else {
            question.completion(answer)
            // The next question waits, unless this answer ended the conversation.
            if state == .questioning { askQuestion() }
            return
        }
        state = stateBeforeQuestions
        question.completion(answer)
        // Back to what was asked before the question, unless the answer moved on.
        guard state == stateBeforeQuestions else { return }
        switch state {
        case .asking(let index): ask(index, .promptOnly)
        case .confirming: confirm(review: false)
        default: break
        }
    }

    /// Offers the draft a form found at start ("Resume where you left off?"); returns
    /// whether it asked (the fields are asked once it is answered).
    func offerDraft() -> Bool {
        let forms = formsAsked()
        // Answers piped in are a script's: drafts are off (an offer would take the first answer).
        guard inputIsTerminal else {
            for form in forms { form.drafts?.turnOffForScript() }
            return false
        }
        guard let drafts = forms.lazy.compactMap(\.drafts).first(where: { $0.hasDraft && !$0.offered }) else {
            return false
        }
        drafts.offered = true
        let question = FormDrafts.offerQuestion(changes: drafts.draftChanges, age: drafts.draftAge)
        ask(question, defaultYes: true) { [weak self] resume in
            if resume { drafts.resume() } else { drafts.discard() }
            self?.askFirstField()
        }
        return true
    }

    /// The forms whose fields are asked, in order.
    func formsAsked() -> [Form] {
        var forms: [Form] = []
        for item in items {
            if let form = item.field?.form, !forms.contains(where: { $0 === form }) { forms.append(form) }
        }
        return forms
    }
}
