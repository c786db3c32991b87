import TetherReactive

/// What a form field holds beyond its widgets: its title, description, required flag, the
/// sources of its validation, the timing state and its observers. Made on first use, so a
/// field of a large form that never shows a message costs one pointer.
@MainActor
final class FieldState {
    /// The label's text without the required mark.
    var title: String {
        didSet { knownRows = nil }
    }
    var isRequired = false {
        didSet { knownRows = nil }
    }
    /// The validators' rules in words, in the order added (``Validator/words``).
    var ruleWords: [String] = []
    /// Whether the field can ever show a message (it is required, has validators or checks,
    /// its widget reports problems, or the app set an error): the form keeps a row for it.
    var mayShowMessages = false
    var descriptionLabel: Label?
    /// The most rows the field's message has taken at the form's width: kept under the field
    /// while the form fits, so the message coming or going again moves nothing.
    var messageRows = 1
    /// The messages the field may show, known ahead (its rules', a typed field's, a check's
    /// text, and those given to ``Form/Field/keepRoom(for:)``; the required rule's is added
    /// when measured): their longest keeps its rows from the start.
    var knownMessages: [String] = [] {
        didSet { knownRows = nil }
    }
    /// The rows the longest of ``knownMessages`` takes, at the width it was measured at.
    var knownRows: (width: Int, rows: Int)?

    // Sources of the one validation channel, in the order they speak.
    /// A problem the widget reports itself (a typed field's parse error, a check list's count).
    var widgetProblem: String?
    /// The required rule and the synchronous validators.
    var rules = ValidationResult.valid
    /// The asynchronous checks: pending while one is due or running.
    var asynchronous = ValidationResult.valid
    /// The message the app set (``Form/Field/error``).
    var appError: String?
    /// Why a submit's command refused the value (``FieldRefusal``), until the value changes.
    var refusal: String?

    /// The last validation published to observers and the form.
    var published = ValidationResult.valid
    /// Made when someone observes `rx.validation`.
    var validationSubject: BehaviorSubject<ValidationResult>?
    /// A field without a key: its widget's value, watched once the person entered it.
    var valueWatch: (any FieldValueWatching)?
    /// Made when someone observes `rx.isDirty`.
    var dirtySubject: BehaviorSubject<Bool>?
    /// Each change of the value (user edit, model write, reset), for cross-field rules,
    /// the form's dirty state and drafts; made on first use.
    var valueChangeSubject: PublishSubject<Void>?

    /// Whether messages show: after the user left the field, after a submit, or at once
    /// (timing `.live`) once the user edited it. It stays on until a reset.
    var revealed = false
    /// Whether the user has edited the value since it was bound or reset.
    var edited = false

    private var spinnerTimer: (any Disposable)?
    private var spinnerFrame = 0
    let bag = DisposeBag()

    init(title: String) { self.title = title }

    isolated deinit {
        spinnerTimer?.dispose()
        validationSubject?.onCompleted()
        dirtySubject?.onCompleted()
        valueChangeSubject?.onCompleted()
    }

    /// The validation from every source: the first that is not valid.
    var combined: ValidationResult {
        if let widgetProblem { return .invalid(widgetProblem) }
        if !rules.isValid { return rules }
        if !asynchronous.isValid { return asynchronous }
        if let appError { return .invalid(appError) }
        if let refusal { return .invalid(refusal) }
        return .valid
    }

    var valueChanges: PublishSubject<Void> {
        if let valueChangeSubject { return valueChangeSubject }
        let subject = PublishSubject<Void>()
        valueChangeSubject = subject
        return subject
    }

    /// What the message row shows for `validation`: the app's message and a refusal at once; an invalid
    /// value once revealed; a running check, and then its verdict, once revealed or edited.
    func shownMessage(_ validation: ValidationResult) -> (text: String, isPending: Bool)? {
        switch validation {
        case .valid: return nil
        case .invalid(let message):
            // A check's verdict replaces its spinner, which showed once the user edited.
            let checked = edited && asynchronous == validation
            return revealed || checked || message == appError || message == refusal ? (message, false) : nil
        case .pending(let text):
            return revealed || edited ? (text, true) : nil
        }
    }

    /// `text` after the spinner's current frame.
    func spinnerText(_ text: String) -> String { Button.spinnerFrames[spinnerFrame] + " " + text }

    /// Starts (or keeps) the spinner's timer while `spinning`, calling `tick` each frame;
    /// stops it otherwise.
    func spin(_ spinning: Bool, scheduler: (any Scheduler)?, tick: @escaping () -> Void) {
        guard spinning else {
            spinnerTimer?.dispose()
            spinnerTimer = nil
            spinnerFrame = 0
            return
        }
        guard spinnerTimer == nil, let scheduler else { return }
        spinnerTimer = scheduler.schedulePeriodic(every: Button.spinnerInterval) { [weak self] in
            guard let self else { return }
            self.spinnerFrame = (self.spinnerFrame + 1) % Button.spinnerFrames.count
            tick()
        }
    }
}
