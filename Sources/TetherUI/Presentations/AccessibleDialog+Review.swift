/// The review before submit: every answer numbered (a secret as "(hidden)"), then the
/// default button's question, where a number changes that answer; and what is said when
/// the button is not available.
extension AccessibleDialog {
    /// The items listed in the review, in order (visible ones; a disabled one says so).
    var reviewed: [Int] { items.indices.filter { !items[$0].widget.isEffectivelyHidden } }

    /// Lists the answers (when there are two or more), then asks to press the default button.
    func confirm(review: Bool = true) {
        fixing = false
        returnsToReview = false
        guard let button = defaultButton, !button.isEffectivelyHidden else {
            finish()
            app?.quit()
            return
        }
        // Without a terminal, a form answered from outside with nothing missing is submitted
        // as given: nobody is there to confirm, and the answers were the decision.
        if !inputIsTerminal, review, allGiven {
            return press(button)
        }
        let listed = reviewed
        if review, listed.count > 1 {
            write("Your answers:\n")
            for (number, index) in listed.enumerated() { write("\(number + 1)) \(reviewLine(index))\n") }
            if canChange {
                write("Type a number to change that answer, or \(AccessibleDialog.backCommand) to go back.\n")
            }
        }
        if review, !button.isEffectivelyEnabled, formOfDefaultButton?.invalidSummary == nil { sayUnavailable(button) }
        state = .confirming
        write("\(button.title)? [Y/n]: ")
        waiting()
    }

    /// Whether the form was answered from outside and nothing it would ask is missing or refused.
    var allGiven: Bool {
        answeredFromOutside && items.indices.allSatisfy { !askable(items[$0].widget) || given($0) }
    }

    /// "Username: demo", "Password: (hidden)", "Username: demo (cannot be changed now)".
    func reviewLine(_ index: Int) -> String {
        let item = items[index]
        let prompt = item.widget.accessiblePrompt
        let value: String
        if prompt.isSecret {
            value = prompt.value == "" ? "(no answer)" : "(hidden)"
        } else {
            value = prompt.value.map { $0.isEmpty ? "(no answer)" : AccessiblePrompt.readable($0) } ?? "(no answer)"
        }
        guard !item.widget.isEffectivelyEnabled else { return "\(plainName(of: item)): \(value)" }
        let said = value.hasPrefix("(") ? String(value.dropFirst().dropLast()) : value
        return "\(plainName(of: item)): \(said) (cannot be changed now)"
    }

    func confirmation(_ line: String) {
        guard let button = defaultButton else { return }
        let answer = line.strippingSpaces.lowercased()
        switch answer {
        case "", "y", "yes":
            press(button)
        case "n", "no":
            finish()
            app?.quit()
        case AccessibleDialog.backCommand:
            if let last = items.lastIndex(where: { askable($0.widget) }) { ask(last) } else { confirm(review: false) }
        default:
            let number = Int(answer.hasPrefix("change ") ? String(answer.dropFirst(7)).strippingSpaces : answer)
            if let number { return change(number) }
            let changing = canChange ? ", or a number from 1 to \(reviewed.count) to change an answer" : ""
            write("Answer y to \(button.title.lowercased()), n to stop\(changing).\n")
            confirm(review: false)
        }
    }

    /// Asks the answer numbered `number` in the review again, then comes back to the review.
    func change(_ number: Int) {
        let listed = reviewed
        guard number >= 1, number <= listed.count else {
            write("There is no answer \(number): type a number from 1 to \(listed.count).\n")
            return confirm(review: false)
        }
        let index = listed[number - 1]
        guard askable(items[index].widget) else {
            write("\(plainName(of: items[index])) cannot be changed now.\n")
            return confirm(review: false)
        }
        returnsToReview = true
        ask(index)
    }

    func press(_ button: Button) {
        if pressWhenChecked(button) { return }
        guard button.isEffectivelyEnabled else { return unavailable(button) }
        state = .running
        runStarted = false
        button.press()
        if !runStarted, state == .running {
            finish()
            app?.quit()
        }
    }

    /// Says why `button` cannot be pressed: the fields to fix (then asks them), or the
    /// form's status (a lockout: "Too many attempts: try again in 30 s"), then waits for
    /// Enter to try again, a number to change an answer or `n`.
    func unavailable(_ button: Button) {
        if let form = formOfDefaultButton, let summary = form.invalidSummary {
            form.explainInvalid()
            write(CommandRun.sentence(summary) + "\n")
            return askNext(from: firstInvalidItem.map { sayWhy($0) } ?? 0)
        }
        sayUnavailable(button)
        confirm(review: false)
    }

    /// Whether some answer in the review can be changed now.
    var canChange: Bool { reviewed.count > 1 && reviewed.contains { askable(items[$0].widget) } }

    /// "Sign in is not available now: Too many attempts: try again in 30 s." and what to answer.
    func sayUnavailable(_ button: Button) {
        let reason = formOfDefaultButton?.statusText.map { ": " + $0 } ?? ""
        write(CommandRun.sentence("\(button.title) is not available now\(reason)") + "\n")
        let changing = canChange ? ", a number to change an answer," : ""
        write("Press Enter to try again\(changing) or n to stop.\n")
    }

    /// The first item whose field shows that it is invalid (after a submit found it so;
    /// not a field the model emptied after a failed run).
    var firstInvalidItem: Int? {
        items.firstIndex { $0.field?.showsInvalid == true && askable($0.widget) }
    }

    /// Says why the item at `index` is invalid (unless that is the sentence `said` just
    /// before); returns `index`.
    func sayWhy(_ index: Int, unlessSaid said: String? = nil) -> Int {
        fixing = true
        if let message = items[index].field?.validation.message, CommandRun.sentence(message) != said {
            write(CommandRun.sentence(message) + "\n")
        }
        return index
    }
}
