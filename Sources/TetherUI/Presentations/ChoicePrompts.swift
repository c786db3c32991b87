/// The accessible prompts of the choosing widgets: the options are listed numbered, one per
/// line (`1) Germany`), after the field's name and before its prompt line, and the answer is
/// a number (or an option's exact title ignoring case, or part of the one title that has it);
/// a check list takes several, separated by commas. Each applies the answer as the
/// user's choice, the way a key or a click does.
extension Picker: AccessiblePrompting {
    public var accessiblePrompt: AccessiblePrompt { list.singleChoicePrompt(chosen: selection) }

    /// A number from the list (or an option's title) chooses that option as the user would;
    /// empty keeps the choice. A number outside the list or a disabled option is refused.
    public func applyAccessibleAnswer(_ answer: String) -> AccessibleAnswer {
        switch list.choice(answer) {
        case .keep: return .accepted
        case .invalid(let sentence): return .invalid(sentence)
        case .chosen(let index):
            choose(list.options[index])
            return .accepted
        }
    }
}

extension Dropdown: AccessiblePrompting {
    public var accessiblePrompt: AccessiblePrompt { list.singleChoicePrompt(chosen: selection, hint: placeholder) }

    /// A number from the list (or an option's title) chooses that option as the user would
    /// from the open list; empty keeps the choice. A number outside the list or a disabled
    /// option is refused.
    public func applyAccessibleAnswer(_ answer: String) -> AccessibleAnswer {
        switch list.choice(answer) {
        case .keep: return .accepted
        case .invalid(let sentence): return .invalid(sentence)
        case .chosen(let index):
            chooseFromList(index)
            return .accepted
        }
    }
}

extension CheckList: AccessiblePrompting {
    public var accessiblePrompt: AccessiblePrompt {
        let checked = list.options.indices.filter { selection.contains(list.options[$0]) }
        let current = checked.isEmpty ? "none" : checked.map { list.titles[$0] }.joined(separator: ", ")
        // "-" checks none: not offered when at least one is needed (nor where the field is
        // required: the dialog asks the required question then).
        let numbers = "(numbers from 1 to \(list.count) separated by commas"
        let required = "\(numbers)) [\(current)]"
        var prompt = AccessiblePrompt(
            question: (minimumCount ?? 0) > 0 ? required : "\(numbers), - for none) [\(current)]",
            options: list.accessibleTitles, value: current)
        prompt.requiredQuestion = required
        return prompt
    }

    /// Numbers (or titles) separated by commas check exactly those options, as one change by
    /// the user; `-` or `none` unchecks them all; empty keeps the checks. Disabled options
    /// keep their state. An answer outside ``minimumCount`` or ``maximumCount`` is refused
    /// with the validation message and changes nothing.
    public func applyAccessibleAnswer(_ answer: String) -> AccessibleAnswer {
        let trimmed = answer.trimmingWhitespace
        if trimmed.isEmpty {
            return validationMessage.map { AccessibleAnswer.invalid($0) } ?? .accepted
        }
        var wanted = selection.filter { !list.isEnabledOption($0) }
        let saysNone =
            trimmed == "-" || (trimmed.lowercased() == "none" && !list.titles.contains { $0.lowercased() == "none" })
        if !saysNone {
            for token in trimmed.split(whereSeparator: { $0 == "," }) {
                switch list.choice(String(token)) {
                case .keep: continue
                case .invalid(let sentence): return .invalid(sentence + " Separate numbers with commas.")
                case .chosen(let index): wanted.insert(list.options[index])
                }
            }
        }
        if let message = CheckList.countMessage(wanted.count, minimum: minimumCount, maximum: maximumCount) {
            return .invalid(message)
        }
        editable.userSet(wanted, on: self)
        return .accepted
    }
}

// MARK: Reading an option from an answer

extension OptionList {
    /// What one answer chose.
    enum Choice: Equatable {
        /// Nothing was answered: keep the current choice.
        case keep
        /// The option at this index.
        case chosen(Int)
        /// Not an option that can be chosen; the sentence says why.
        case invalid(String)
    }

    /// The titles listed before the prompt line; a disabled option says so.
    var accessibleTitles: [String] {
        options.indices.map { isEnabled($0) ? titles[$0] : "\(titles[$0]) (not available)" }
    }

    /// Whether `option` can be chosen (it is among the options and not disabled).
    func isEnabledOption(_ option: Option) -> Bool { index(of: option).map(isEnabled) ?? true }

    /// The prompt of a one-of-N widget: the options numbered, the choice in brackets.
    func singleChoicePrompt(chosen: Option?, hint: String = "") -> AccessiblePrompt {
        let range = count == 1 ? "1" : "a number from 1 to \(count)"
        let hintPart = hint.isEmpty || chosen != nil ? "" : "hint: \(hint); "
        let current = chosen.map { " [\(title($0))]" } ?? ""
        let search = count > AccessibleDialog.pageSize ? " or part of a name" : ""
        return AccessiblePrompt(
            question: "(\(hintPart)\(range)\(search))\(current)", options: accessibleTitles,
            value: chosen.map(title) ?? "")
    }

    /// The option `answer` names: its number in the list (from 1), its exact title
    /// ignoring case and surrounding spaces, or the one title containing it (`fra` is
    /// France; several matches are listed).
    func choice(_ answer: String) -> Choice {
        let trimmed = answer.trimmingWhitespace
        if trimmed.isEmpty { return .keep }
        let index: Int
        if let number = Int(trimmed) {
            guard number >= 1 && number <= count else {
                return .invalid("There is no option \(number): enter a number from 1 to \(count).")
            }
            index = number - 1
        } else if let named = titles.firstIndex(where: { $0.lowercased() == trimmed.lowercased() }) {
            index = named
        } else {
            switch matches(trimmed) {
            case let found where found.count == 1: index = found[0]
            case let found where found.isEmpty:
                return .invalid("Enter a number from 1 to \(count) (“\(trimmed)” is not one of the options).")
            case let found:
                let listed = found.map { "\($0 + 1)) \(titles[$0])" }.joined(separator: ", ")
                return .invalid(
                    "“\(trimmed)” matches \(found.count) options: \(listed). Type more of the name or its number.")
            }
        }
        guard isEnabled(index) else { return .invalid("\(titles[index]) is not available: choose another option.") }
        return .chosen(index)
    }
}

extension OptionList {
    /// The options whose title contains `typed` (ignoring case): those starting with it when
    /// there are any, otherwise those containing it.
    func matches(_ typed: String) -> [Int] {
        let wanted = typed.lowercased()
        let starting = titles.indices.filter { titles[$0].lowercased().hasPrefix(wanted) }
        if !starting.isEmpty { return starting }
        return titles.indices.filter { titles[$0].lowercased().contains(wanted) }
    }
}

private extension String {
    /// The string without spaces and tabs at either end.
    var trimmingWhitespace: String {
        let characters = drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        return String(characters)
    }
}
