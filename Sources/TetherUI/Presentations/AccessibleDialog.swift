import TetherReactive

/// The accessible presentation's conversation: asks each visible, enabled field of the
/// application's forms in form order, applies each answer through the widget as a user
/// edit, re-asks a field whose answer is invalid or whose validation message shows once
/// it is left, then asks to press the default button and announces its command.
///
/// It only writes text and receives lines; the backend reads the lines and owns the
/// terminal (``AccessibleBackend``).
@MainActor
final class AccessibleDialog {
    /// One field to ask.
    struct Item {
        let label: String?
        let widget: any AccessiblePrompting
        let field: Form.Field?
    }

    private enum State: Equatable {
        case idle
        case asking(Int)
        case confirming, running, finished
        /// A yes/no question the app asked (``ask(_:defaultYes:_:)``).
        case questioning
    }

    /// A yes/no question waiting for its answer.
    private struct Question {
        let text: String
        let defaultYes: Bool
        let completion: (Bool) -> Void
    }

    private var questions: [Question] = []
    /// After a refused submit only the fields still invalid are asked, then the submit.
    private var fixing = false
    /// What was being asked when the first question came, to go back to after the last.
    private var stateBeforeQuestions = State.idle

    private weak var app: Application?
    private let write: (String) -> Void
    /// Turns terminal echo off (`true`) or back on while a secret is read.
    private let hideInput: (Bool) -> Void
    /// Called whenever the dialog starts waiting for a line.
    var waiting: () -> Void = {}
    private var state = State.idle
    private var items: [Item] = []
    private var defaultButton: Button?
    private var lines: [String] = []
    private var runSubscription: (any Disposable)?
    private var runStarted = false

    init(app: Application, write: @escaping (String) -> Void, hideInput: @escaping (Bool) -> Void) {
        self.app = app
        self.write = write
        self.hideInput = hideInput
    }

    /// Whether the dialog waits for a line.
    var isWaiting: Bool {
        switch state {
        case .asking, .confirming, .questioning: true
        default: false
        }
    }

    /// Whether the line awaited is secret (it is never echoed).
    var awaitsSecret: Bool {
        guard case .asking(let index) = state else { return false }
        return items[index].widget.accessiblePrompt.isSecret
    }

    // MARK: Starting and ending

    /// Finds the fields and the default button, and asks the first field.
    func begin() {
        guard state == .idle, items.isEmpty, defaultButton == nil, let app else { return }
        (items, defaultButton) = AccessibleDialog.collect(app.root)
        defaultButton?.commandRunStarted = { [weak self] run in self?.started(run) }
        if !offerDraft() { askNext(from: 0) }
    }

    /// The input ended: fails the run when an answer is still awaited.
    func inputEnded() {
        guard isWaiting else { return }
        let question: String
        switch state {
        case .asking(let index): question = name(of: items[index])
        case .questioning: question = questions.first?.text ?? "a question"
        default: question = defaultButton?.title ?? "the form"
        }
        finish()
        app?.fail(AccessibleInputError(unanswered: question))
    }

    private func finish() {
        state = .finished
        hideInput(false)
        runSubscription?.dispose()
        defaultButton?.commandRunStarted = nil
    }

    // MARK: Asking

    private func askable(_ widget: Widget) -> Bool { !widget.isEffectivelyHidden && widget.isEffectivelyEnabled }

    private func askNext(from start: Int) {
        var index = start
        while index < items.count && !(askable(items[index].widget) && (!fixing || needsFixing(index))) { index += 1 }
        if index < items.count { ask(index) } else { confirm() }
    }

    /// Whether the item at `index` is still to be fixed after a refused submit.
    private func needsFixing(_ index: Int) -> Bool { items[index].field?.validation.isInvalid == true }

    private func name(of item: Item) -> String {
        let name = item.label ?? item.widget.accessiblePrompt.fallbackLabel ?? ""
        return item.field?.isRequired == true ? name + " (required)" : name
    }

    /// A question's name and its hint as one phrase: "Email (required; you@example.com)"
    /// rather than two parenthesised groups in a row.
    private func spoken(_ name: String, _ question: String) -> String {
        if name.hasSuffix(")"), question.hasPrefix("(") {
            return name.dropLast() + "; " + question.dropFirst()
        }
        return [name, question].filter { !$0.isEmpty }.joined(separator: " ")
    }

    private func ask(_ index: Int) {
        state = .asking(index)
        lines = []
        let item = items[index]
        item.widget.focus()
        let prompt = item.widget.accessiblePrompt
        if let description = item.field?.description { write(CommandRun.sentence(description) + "\n") }
        for (number, option) in prompt.options.enumerated() { write("\(number + 1)) \(option)\n") }
        write(spoken(name(of: item), prompt.question) + ": ")
        hideInput(prompt.isSecret)
        waiting()
    }

    /// Applies `line` to what is being asked.
    func answer(_ line: String) {
        switch state {
        case .asking(let index): answer(line, to: index)
        case .confirming: confirmation(line)
        case .questioning: questionAnswered(line)
        default: break
        }
    }

    private func answer(_ line: String, to index: Int) {
        let item = items[index]
        if item.widget.accessiblePrompt.lines == .untilEmptyLine, !line.isEmpty {
            lines.append(line)
            return
        }
        let answer = item.widget.accessiblePrompt.lines == .one ? line : lines.joined(separator: "\n")
        hideInput(false)
        if case .invalid(let message) = item.widget.applyAccessibleAnswer(answer) {
            write(CommandRun.sentence(message) + "\n")
            return ask(index)
        }
        leave(index)
        if let field = item.field, case .invalid(let message) = field.validation {
            write(CommandRun.sentence(message) + "\n")
            return ask(index)
        }
        askNext(from: index + 1)
    }

    /// Moves focus on, so the field sees the user leave it (its validation may show).
    private func leave(_ index: Int) {
        let next = items[(index + 1)...].first { askable($0.widget) }?.widget ?? defaultButton
        if let next, next.acceptsFocus { next.focus() } else { app?.focusNext() }
    }

    // MARK: The default button

    private func confirm() {
        fixing = false
        guard let button = defaultButton, !button.isEffectivelyHidden else {
            finish()
            app?.quit()
            return
        }
        state = .confirming
        write("\(button.title)? [Y/n]: ")
        waiting()
    }

    private func confirmation(_ line: String) {
        guard let button = defaultButton else { return }
        switch line.lowercased() {
        case "", "y", "yes":
            press(button)
        case "n", "no":
            finish()
            app?.quit()
        default:
            write("Answer y to \(button.title.lowercased()) or n to stop.\n")
            confirm()
        }
    }

    private func press(_ button: Button) {
        guard button.isEffectivelyEnabled else {
            if let form = formOfDefaultButton, let summary = form.invalidSummary {
                form.explainInvalid()
                write(CommandRun.sentence(summary) + "\n")
                return askNext(from: firstInvalidItem.map(sayWhy) ?? 0)
            }
            write("\(button.title) is not available now; check the answers.\n")
            return askNext(from: 0)
        }
        state = .running
        runStarted = false
        button.press()
        if !runStarted, state == .running {
            finish()
            app?.quit()
        }
    }

    // MARK: Questions

    func enqueue(_ text: String, defaultYes: Bool, _ completion: @escaping (Bool) -> Void) {
        questions.append(Question(text: text, defaultYes: defaultYes, completion: completion))
        guard state != .questioning else { return }
        stateBeforeQuestions = state
        state = .questioning
        askQuestion()
    }

    private func askQuestion() {
        guard let question = questions.first else { return }
        write("\(question.text) [\(question.defaultYes ? "Y/n" : "y/N")]: ")
        waiting()
    }

    private func questionAnswered(_ line: String) {
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
        if !questions.isEmpty { return askQuestion() }
        state = stateBeforeQuestions
        question.completion(answer)
        // Back to what was asked before the question, unless the answer moved on.
        guard state == stateBeforeQuestions else { return }
        switch state {
        case .asking(let index): ask(index)
        case .confirming: confirm()
        default: break
        }
    }

    /// Asks the first field (after a question asked at the start).
    func askFirstField() {
        if state == .idle { askNext(from: 0) }
    }

    /// The forms whose fields are asked, in order.
    func formsAsked() -> [Form] {
        var forms: [Form] = []
        for item in items {
            if let form = item.field?.form, !forms.contains(where: { $0 === form }) { forms.append(form) }
        }
        return forms
    }

    /// The first item whose field shows that it is invalid (after a submit found it so;
    /// not a field the model emptied after a failed run).
    private var firstInvalidItem: Int? {
        items.firstIndex { $0.field?.showsInvalid == true && askable($0.widget) }
    }

    /// Says why the item at `index` is invalid; returns `index`.
    private func sayWhy(_ index: Int) -> Int {
        fixing = true
        if let message = items[index].field?.validation.message { write(CommandRun.sentence(message) + "\n") }
        return index
    }

    /// The form whose default button the dialog presses.
    private var formOfDefaultButton: Form? {
        var node = defaultButton?.parent
        while let current = node, !(current is Form) { node = current.parent }
        return node as? Form
    }

    private func started(_ run: CommandRun) {
        guard state == .running, let button = defaultButton else { return }
        runStarted = true
        write(CommandRun.sentence(button.progressText ?? button.title + "…") + "\n")
        runSubscription?.dispose()
        runSubscription = run.whenEnded { [weak self] outcome in self?.ended(outcome) }
    }

    private func ended(_ outcome: CommandRun.Outcome) {
        guard state == .running else { return }
        switch outcome {
        case .succeeded(let sentence):
            write(sentence + "\n")
            finish()
            app?.quit()
        case .failed(let sentence):
            write(sentence + "\n")
            askAgainAfterRun()
        case .cancelled:
            write("Cancelled.\n")
            askAgainAfterRun()
        }
    }

    /// Asks the fields again once the command has stopped executing (its error arrives
    /// just before), so fields it disabled are enabled again.
    private func askAgainAfterRun() {
        state = .idle
        _ = app?.scheduler.schedule(after: .zero) { [weak self] in
            guard let self, self.state == .idle else { return }
            self.askNext(from: self.firstInvalidItem.map(self.sayWhy) ?? 0)
        }
    }
}

extension AccessibleDialog {
    /// The fields to ask, in order (each form's rows, depth first), and the first form's
    /// default button.
    static func collect(_ root: Widget) -> (items: [Item], defaultButton: Button?) {
        var items: [Item] = []
        var button: Button?
        func visit(_ widget: Widget, label: String?, field: Form.Field?) {
            if let form = widget as? Form {
                if button == nil { button = form.defaultButton }
                for row in form.rows {
                    switch row {
                    case .field(let field): visit(field.widget, label: field.title, field: field)
                    case .widget(let widget): visit(widget, label: nil, field: nil)
                    case .section: break
                    }
                }
            } else if let prompting = widget as? any AccessiblePrompting {
                items.append(Item(label: label, widget: prompting, field: field))
            } else {
                for child in widget.children { visit(child, label: nil, field: nil) }
            }
        }
        visit(root, label: nil, field: nil)
        return (items, button)
    }
}

/// The accessible presentation's input ended before the form was complete: nothing was
/// submitted. Thrown by ``Application/runOnMainThread()`` and ``Application/run()``.
public struct AccessibleInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The label of the question left without an answer.
    public var unanswered: String

    /// An error for the question `unanswered`.
    public init(unanswered: String) { self.unanswered = unanswered }

    public var description: String {
        "input ended before the form was complete (no answer for \(unanswered.isEmpty ? "a field" : unanswered))"
    }
}
