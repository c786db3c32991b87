/// The accessible prompts of the standard value widgets. Each applies the answer as the
/// user's edit, the way the widget's keys do.
extension TextField: AccessiblePrompting {
    public var accessiblePrompt: AccessiblePrompt {
        if echoMode != .normal {
            let hint = placeholder.isEmpty ? "" : "hint: \(placeholder); "
            let keep = text.isEmpty ? "" : "empty keeps the current one; "
            var prompt = AccessiblePrompt(
                question: "(\(hint)\(keep)\(AccessiblePrompt.typingHidden))", isSecret: true,
                value: text.isEmpty ? "" : nil)
            prompt.typingNoteAround = AccessiblePrompt.Around(before: "(\(hint)\(keep)", after: ")")
            return prompt
        }
        let suggests = completion != nil
        if text.isEmpty {
            // "start typing" is an instruction for keys; on a line the suggestions are offered instead.
            // A placeholder is said as a hint, never as if it were the value ([value]).
            let hint = placeholder.isEmpty || suggests ? "" : "(hint: \(placeholder))"
            return AccessiblePrompt(question: hint, value: "")
        }
        return AccessiblePrompt(question: "[\(AccessiblePrompt.readable(text))]", value: text)
    }

    /// Replaces the text with `answer` as one user edit (the input filter and the length
    /// limit apply as to a paste); an empty answer keeps the text.
    public func applyAccessibleAnswer(_ answer: String) -> AccessibleAnswer {
        guard !answer.isEmpty else { return .accepted }
        var accepted = answer.filter { !$0.isControlCharacter && (inputFilter?.accepts($0) ?? true) }
        if let maxLength { accepted = String(accepted.prefix(maxLength)) }
        guard !accepted.isEmpty else { return .invalid("This field does not accept those characters.") }
        guard accepted != text else { return .accepted }
        editor.replaceText(accepted)
        editor.moveCaret(to: editor.graphemes.count)
        editable.userEdited(self)
        return .accepted
    }
}

extension Toggle: AccessiblePrompting {
    public var accessiblePrompt: AccessiblePrompt {
        AccessiblePrompt(question: isOn ? "[Y/n]" : "[y/N]", fallbackLabel: title, value: isOn ? "yes" : "no")
    }

    /// `y`/`yes`/`true` turns it on, `n`/`no`/`false` off, in any case (as a flip by the
    /// user); empty keeps it.
    public func applyAccessibleAnswer(_ answer: String) -> AccessibleAnswer {
        let wanted: Bool
        switch answer.lowercased() {
        case "": return .accepted
        case "y", "yes", "true": wanted = true
        case "n", "no", "false": wanted = false
        default: return .invalid("Answer y for yes or n for no.")
        }
        if wanted != isOn { flip() }
        return .accepted
    }
}

extension Slider: AccessiblePrompting {
    public var accessiblePrompt: AccessiblePrompt {
        AccessiblePrompt(
            question: "(\(rangeSentence)) [\(format(value))]", value: format(value),
            rule: "A number from \(rangeSentence)")
    }

    private var rangeSentence: String {
        let bounds = "\(Slider.defaultFormat(range.lowerBound)) to \(Slider.defaultFormat(range.upperBound))"
        return step > 0 ? "\(bounds) in steps of \(Slider.defaultFormat(step))" : bounds
    }

    /// A number in the range (a unit after it is ignored: `45 min`), snapped to the step
    /// as a drag would; empty keeps the value.
    public func applyAccessibleAnswer(_ answer: String) -> AccessibleAnswer {
        guard let first = answer.split(separator: " ").first else { return .accepted }
        guard let number = Double(first), number.isFinite, range.contains(number) else {
            return .invalid("Enter a number from \(rangeSentence).")
        }
        if step > 0 {
            let steps = (number - range.lowerBound) / step
            if abs(steps - steps.rounded()) > 1e-9 {
                let below = range.lowerBound + steps.rounded(.down) * step
                let above = min(range.upperBound, below + step)
                let nearest = "\(Slider.defaultFormat(below)) or \(Slider.defaultFormat(above))"
                return .invalid("\(first) is not a step of \(Slider.defaultFormat(step)): enter \(nearest).")
            }
        }
        editable.userSet(number, on: self)
        return .accepted
    }
}

extension TextArea: AccessiblePrompting {
    public var accessiblePrompt: AccessiblePrompt {
        let end = "end with an empty line"
        if text.isEmpty {
            let hint = placeholder.isEmpty ? "" : "hint: \(placeholder); "
            return AccessiblePrompt(question: "(\(hint)\(end))", lines: .untilEmptyLine, value: "")
        }
        let current = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " / ")
        return AccessiblePrompt(
            question: "(\(end); an empty line first keeps the text) [\(current)]", lines: .untilEmptyLine,
            value: current, answer: text)
    }

    /// Replaces the text with `answer` (its lines joined with line breaks) as one user edit,
    /// as a paste over the whole text would be (the input filter and the length limit
    /// apply); an empty answer keeps the text.
    public func applyAccessibleAnswer(_ answer: String) -> AccessibleAnswer {
        guard !answer.isEmpty else { return .accepted }
        var accepted = answer.filter { $0 == "\n" || (!$0.isControlCharacter && (inputFilter?.accepts($0) ?? true)) }
        if let maxLength { accepted = String(accepted.prefix(maxLength)) }
        guard !accepted.isEmpty else { return .invalid("This field does not accept those characters.") }
        guard accepted != text else { return .accepted }
        editor.replace(0..<editor.graphemes.count, with: GraphemeBuffer(accepted), kind: .single)
        scrollTop = 0
        followsCaret = true
        setNeedsLayout()
        editable.userEdited(self)
        return .accepted
    }
}
