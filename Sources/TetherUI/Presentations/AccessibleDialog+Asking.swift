/// Asking the fields: the question first, then its options a page at a time, then the
/// prompt line; an error said once with the prompt line repeated; going back.
extension AccessibleDialog {
    /// How a field is asked.
    enum Telling {
        /// Its description, its question and options, then the prompt line.
        case full
        /// Only the prompt line (after an error, or after a page of options).
        case promptOnly
        /// Only the prompt line, without the bracketed value, which was refused.
        case refused
        /// As ``full``, without the bracketed value, which was refused (a choice to fix
        /// after a refused submit: its options are listed again).
        case refusedInFull
    }

    func askNext(from start: Int) {
        var index = start
        while index < items.count && !(askable(items[index].widget) && (!fixing || needsFixing(index)) && !given(index))
        {
            index += 1
        }
        guard index < items.count else { return confirm() }
        // A field to fix was just told why: its refused value is not offered back (a choice's
        // options are listed again).
        guard fixing else { return ask(index, .full) }
        ask(index, items[index].widget.accessiblePrompt.options.isEmpty ? .refused : .refusedInFull)
    }

    /// Shows the step holding `item` and, when the step differs from the last one said,
    /// says its heading ("Step 2 of 3: Machine."), going forward or back.
    func showStep(of item: Item) {
        guard let step = item.step, let form = step.form else { return }
        if form.currentStep !== step { form.currentStep = step }
        guard step !== announcedStep else { return }
        announcedStep = step
        write(CommandRun.sentence(step.heading.text) + "\n")
    }

    /// Whether the item at `index` is passed over because the form was answered from
    /// outside (an option, the environment, an answers file): then only what is missing or
    /// refused is asked, and the review can still change the rest.
    func given(_ index: Int) -> Bool {
        guard answeredFromOutside, let field = items[index].field else { return false }
        return !field.validation.isInvalid
    }

    /// Whether any field of the forms asked was answered from outside the form.
    var answeredFromOutside: Bool { items.contains { $0.field?.isAnsweredFromOutside == true } }

    /// Whether the item at `index` is still to be fixed after a refused submit.
    func needsFixing(_ index: Int) -> Bool { items[index].field?.validation.isInvalid == true }

    func ask(_ index: Int, _ telling: Telling = .full) {
        state = .asking(index)
        lines = []
        let item = items[index]
        showStep(of: item)
        item.widget.focus()
        let prompt = item.widget.accessiblePrompt
        if telling == .full || telling == .refusedInFull {
            if let description = item.field?.description { write(CommandRun.sentence(description) + "\n") }
            if !prompt.options.isEmpty {
                let count = prompt.options.count
                write("\(plainName(of: item)): \(count == 1 ? "1 option" : "\(count) options").\n")
                nextPage = 0
                listPage(of: prompt.options)
            }
        }
        let offersValue = telling != .refused && telling != .refusedInFull
        var question = item.field?.isRequired == true ? prompt.requiredQuestion ?? prompt.question : prompt.question
        if !offersValue { question = AccessibleDialog.withoutValue(question) }
        if prompt.isSecret, let note = unhiddenTypingNote, let around = prompt.typingNoteAround {
            question = around.before + note + around.after
        }
        write(spoken(name(of: item), question) + ": ")
        hideInput(prompt.isSecret)
        waiting()
    }

    /// Lists the next page of `options` (all of them when they fit on one), numbered.
    func listPage(of options: [String]) {
        let first = nextPage < options.count ? nextPage : 0
        let end = min(options.count, first + AccessibleDialog.pageSize)
        for number in first..<end { write("\(number + 1)) \(options[number])\n") }
        nextPage = end
        guard options.count > AccessibleDialog.pageSize else { return }
        let next =
            end < options.count
            ? "type more for the next ones, a number, or part of a name"
            : "type a number or part of a name (more starts again)"
        write("Options \(first + 1) to \(end) of \(options.count): \(next).\n")
    }

    /// `question` without its bracketed current value (`Age [200]` → `Age`): a value the
    /// field refused is never offered as the default.
    static func withoutValue(_ question: String) -> String {
        // A secret's "empty keeps the current one" would keep the refused secret.
        let question = question.replacing("empty keeps the current one; ", with: "")
        guard question.hasSuffix("]"), let open = question.lastIndex(of: "[") else { return question }
        return String(question[..<open]).strippingSpaces
    }

    func answer(_ line: String, to index: Int) {
        let item = items[index]
        let prompt = item.widget.accessiblePrompt
        if lines.isEmpty, line.strippingSpaces == AccessibleDialog.backCommand {
            hideInput(false)
            return goBack(from: index)
        }
        if prompt.options.count > AccessibleDialog.pageSize, lines.isEmpty,
            line.strippingSpaces.lowercased() == AccessibleDialog.moreCommand,
            !prompt.options.contains(where: { $0.lowercased() == AccessibleDialog.moreCommand })
        {
            listPage(of: prompt.options)
            return ask(index, .promptOnly)
        }
        if prompt.lines == .untilEmptyLine, !line.isEmpty {
            lines.append(line)
            return
        }
        let answer = prompt.lines == .one ? line : lines.joined(separator: "\n")
        hideInput(false)
        if case .invalid(let message) = item.widget.applyAccessibleAnswer(answer) {
            write(CommandRun.sentence(message) + "\n")
            return ask(index, .promptOnly)
        }
        leave(index)
        answered(index)
    }

    /// After the answer to the item at `index` was taken: its refusal said and the question
    /// asked again, or its pending check waited for, or its suggestions offered, or on.
    func answered(_ index: Int, offeringSuggestions: Bool = true) {
        if let field = items[index].field, case .invalid(let message) = field.validation {
            write(CommandRun.sentence(message) + "\n")
            return ask(index, .refused)
        }
        if awaitVerdict(index, offeringSuggestions: offeringSuggestions) { return }
        if offeringSuggestions, awaitSuggestions(index) { return }
        moveOn(from: index)
    }

    /// Asks the next question, or goes back to the review the field was changed from.
    func moveOn(from index: Int) {
        if returnsToReview {
            returnsToReview = false
            return confirm()
        }
        askNext(from: index + 1)
    }

    /// Asks the question before `index` again, its answer as the default.
    func goBack(from index: Int) {
        returnsToReview = false
        fixing = false
        guard let previous = items[..<index].lastIndex(where: { askable($0.widget) }) else {
            write("This is the first question.\n")
            return ask(index, .promptOnly)
        }
        ask(previous)
    }

    /// Moves focus on, so the field sees the user leave it (its validation may show).
    func leave(_ index: Int) {
        let next = items[(index + 1)...].first { askable($0.widget) }?.widget ?? defaultButton
        if let next, next.acceptsFocus { next.focus() } else { app?.focusNext() }
    }

    /// Asks the first field (after a question asked at the start).
    func askFirstField() {
        if state == .idle { askNext(from: 0) }
    }
}
