import TetherReactive

/// The accessible presentation's conversation, in the order a person hears it:
///
/// 1. an introduction: the title of the panel around the form (when it has one), how many
///    questions, and how to go back (``introduce()``, in `AccessibleDialog+Introduce.swift`);
///    what is asked is the form model's outline (``FormOutline``);
/// 2. each visible, enabled field of the application's forms in form order: its
///    description, its question and then its numbered options (long lists a page at a
///    time), then the prompt line (`AccessibleDialog+Asking.swift`); a person typing part
///    of a text field's value is offered its suggestions (`AccessibleDialog+Suggestions.swift`);
/// 3. a review of the answers with the default button's yes/no question, where a number
///    changes that answer (`AccessibleDialog+Review.swift`);
/// 4. the command's start and its outcome (`AccessibleDialog+Running.swift`).
///
/// A pending check's verdict is waited for and said at its field, and before the default
/// button is pressed (`AccessibleDialog+Checks.swift`).
///
/// Each answer is applied through the widget as a user edit; an invalid answer is said
/// once and the prompt line repeated. It only writes text and receives lines; the backend
/// reads the lines and owns the terminal (``AccessibleBackend``).
@MainActor
final class AccessibleDialog {
    /// One field to ask, as the form model outlines it.
    typealias Item = FormOutline.Entry

    enum State: Equatable {
        case idle
        case asking(Int)
        /// Offering a text field's suggestions (numbered) after its answer.
        case suggesting(Int, [String])
        /// Waiting for the verdict of a field's pending check after its answer.
        case checking(Int)
        case confirming, running, finished
        /// A yes/no question the app asked (``ask(_:defaultYes:_:)``).
        case questioning
    }

    /// A yes/no question waiting for its answer.
    struct Question {
        let text: String
        let defaultYes: Bool
        let completion: (Bool) -> Void
    }

    /// The answer that asks the previous question again.
    nonisolated static let backCommand = "<"
    /// The answer that lists the next page of a long option list.
    nonisolated static let moreCommand = "more"
    /// How many options are listed at a time.
    nonisolated static let pageSize = 9

    var questions: [Question] = []
    /// After a refused submit only the fields still invalid are asked, then the submit.
    var fixing = false
    /// A field changed from the review goes back to the review once answered.
    var returnsToReview = false
    /// The first option of the page listed next for the field being asked.
    var nextPage = 0
    /// The step whose heading was said last ("Step 2 of 3: Machine").
    weak var announcedStep: Form.Section?
    /// What was being asked when the first question came, to go back to after the last.
    var stateBeforeQuestions = State.idle

    weak var app: Application?
    let write: (String) -> Void
    /// Turns terminal echo off (`true`) or back on while a secret is read.
    let hideInput: (Bool) -> Void
    /// Whether a person types the answers (the input is a terminal), not a script.
    let inputIsTerminal: Bool
    /// Called whenever the dialog starts waiting for a line.
    var waiting: () -> Void = {}
    /// Said in place of ``AccessiblePrompt/typingHidden`` when the typing cannot be hidden
    /// (the client's own terminal echoes it); `nil`: the secret's question as it is.
    var unhiddenTypingNote: String?
    var state = State.idle
    var items: [Item] = []
    var defaultButton: Button?
    /// The form whose default button the dialog presses.
    weak var formOfDefaultButton: Form?
    /// The title said first (the panel around the first form), if any.
    var title: String?
    var lines: [String] = []
    var runSubscription: (any Disposable)?
    /// The wait for a pending check's verdict (at a field, or before pressing the button).
    var checkSubscription: (any Disposable)?
    var runStarted = false

    init(
        app: Application, inputIsTerminal: Bool = false, write: @escaping (String) -> Void,
        hideInput: @escaping (Bool) -> Void
    ) {
        self.app = app
        self.inputIsTerminal = inputIsTerminal
        self.write = write
        self.hideInput = hideInput
    }

    /// Whether the dialog waits for a line.
    var isWaiting: Bool {
        switch state {
        case .asking, .suggesting, .confirming, .questioning: true
        default: false
        }
    }

    /// Whether the line awaited is secret (it is never echoed).
    var awaitsSecret: Bool {
        guard case .asking(let index) = state else { return false }
        return items[index].widget.accessiblePrompt.isSecret
    }

    // MARK: Starting and ending

    /// Finds the fields and the default button, introduces the form and asks the first field.
    func begin() {
        guard state == .idle, items.isEmpty, defaultButton == nil, let app else { return }
        let outline = FormOutline(of: app.root)
        (items, defaultButton, formOfDefaultButton, title) = (
            outline.entries, outline.defaultButton, outline.form, outline.title
        )
        defaultButton?.commandRunStarted = { [weak self] run in self?.started(run) }
        introduce()
        if !offerDraft() { askNext(from: 0) }
    }

    /// The input ended: fails the run when an answer is still awaited.
    func inputEnded() {
        guard isWaiting else { return }
        let question: String
        switch state {
        case .asking(let index), .suggesting(let index, _): question = plainName(of: items[index])
        case .questioning: question = questions.first?.text ?? "a question"
        default: question = defaultButton?.title ?? "the form"
        }
        finish()
        app?.fail(AccessibleInputError(unanswered: question, typed: inputIsTerminal))
    }

    func finish() {
        state = .finished
        hideInput(false)
        runSubscription?.dispose()
        checkSubscription?.dispose()
        defaultButton?.commandRunStarted = nil
    }

    /// Applies `line` to what is being asked.
    func answer(_ line: String) {
        switch state {
        case .asking(let index): answer(line, to: index)
        case .suggesting(let index, let suggestions): suggestionAnswered(line, index, suggestions)
        case .confirming: confirmation(line)
        case .questioning: questionAnswered(line)
        default: break
        }
    }

    // MARK: Naming

    func askable(_ widget: Widget) -> Bool { !widget.isEffectivelyHidden && widget.isEffectivelyEnabled }

    func name(of item: Item) -> String {
        let own = item.widget.accessiblePrompt.fallbackLabel
        var name = item.label ?? own ?? ""
        // A toggle keeps its own text in its question: "Proxy: Use a proxy [y/N]".
        if let label = item.label, !label.isEmpty, let own, !own.isEmpty, own != label { name = "\(label): \(own)" }
        return item.field?.isRequired == true ? name + " (required)" : name
    }

    /// The item's label alone (for the review and messages).
    func plainName(of item: Item) -> String {
        item.label ?? item.widget.accessiblePrompt.fallbackLabel ?? "This field"
    }

    /// A question's name and its hint as one phrase: "Email (required; you@example.com)"
    /// rather than two parenthesised groups in a row.
    func spoken(_ name: String, _ question: String) -> String {
        if name.hasSuffix(")"), question.hasPrefix("(") {
            return name.dropLast() + "; " + question.dropFirst()
        }
        return [name, question].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
