import TetherReactive

/// A form field that holds a typed value: the value, its clean value, its validators and
/// whether it is dirty. Made by ``Form/addField(_:_:key:)`` (or the typed and
/// control-property variants), it watches its widget, to which the model is bound:
///
/// ```swift
/// let email = form.addField("Email", TextField(), key: "email")
///     .validate(.email())
/// (email.rx.value <-> viewModel.email).disposed(by: bag)
/// ```
///
/// - `rx.value` is the widget's own control property (`rx.text` of a text field; the typed
///   property of a typed field), so a key costs what it cost before the form knew fields.
/// - The field sees the user's edits, and the model's writes (programmatic sets of its
///   widget, which the widget tells its form). Until the user first edits the field, a model
///   write also moves the clean value: the value loaded is the clean one. A model write back
///   to the clean value (a Reset, a cleared password) makes the field as loaded again: its
///   messages wait until the user leaves it.
/// - ``reset()`` writes the clean value into the widget as the user would, so the model
///   bound to it hears it too (a widget of another module is set programmatically, and only
///   the widget changes).
@MainActor
public final class FormField<Value: Equatable>: Form.Field {
    private let storedKey: String
    /// The value the field holds now (the widget's, and the model's once bound).
    public private(set) var value: Value
    /// The value ``Form/Field/isDirty`` compares with: taken when the field is bound (the
    /// model's writes before the first user edit), and again by ``markClean()``.
    public private(set) var cleanValue: Value
    private let widgetProperty: ControlProperty<Value>
    /// Sets the widget's value as a user edit (reset, drafts); `nil` for a widget of
    /// another module, which is then set programmatically.
    private let setAsUser: ((Value) -> Bool)?
    /// The synchronous rules, in the order added, as one check that returns the first
    /// failure. A closure rather than an array of `Validator<Value>`: iterating an array of a
    /// generic type in this unspecialised class looks its metadata up at run time on every
    /// check, that is on every key typed (issue 24).
    private var rules: ((Value) -> ValidationResult)?
    private var asyncValidators: [AsyncValidator<Value>] = []
    /// Whether ``asyncValidators`` has any, read on every check without its metadata.
    private var checksAsynchronously = false
    /// Set while the field writes its widget itself, so the edit is not the user's.
    private var writing = false
    private var secret = false
    private var asyncTimer: (any Disposable)?
    private var asyncTask: Task<Void, Never>?
    /// The value the asynchronous checks last started for.
    private var asyncCheckedValue: Value?

    init(
        key: String, label: String, widget: Widget, property: ControlProperty<Value>, initial: Value,
        setAsUser: ((Value) -> Bool)?, typed: Bool = false, form: Form?
    ) {
        storedKey = key
        value = initial
        cleanValue = initial
        widgetProperty = property
        self.setAsUser = setAsUser
        super.init(label: label, widget: widget, form: form)
        let state = fieldState
        property.changed.subscribe(onNext: { [weak self] in self?.widgetChanged($0) }).disposed(by: state.bag)
        if let reporting = widget.fieldProblemReporter, typed || reporting.mayReportProblems {
            state.mayShowMessages = true
            reporting.fieldProblems.subscribe(onNext: { [weak self] problem in
                guard let self, let state = self.state, state.widgetProblem != problem else { return }
                state.widgetProblem = problem
                self.checkRules()
            }).disposed(by: state.bag)
        }
        checkRules()
    }

    isolated deinit {
        asyncTimer?.dispose()
        asyncTask?.cancel()
    }

    public override var key: String { storedKey }

    /// The value as a control property: use `rx.value`.
    public var valueProperty: ControlProperty<Value> { widgetProperty }

    // MARK: Rules

    /// Adds `validator` to the field's rules (checked in the order added, after the
    /// required rule) and checks the value again. Returns the field, for chaining.
    @discardableResult
    public func validate(_ validator: Validator<Value>) -> FormField {
        let check = validator.check
        if let earlier = rules {
            rules = { value in
                let result = earlier(value)
                return result.isValid ? check(value) : result
            }
        } else {
            rules = check
        }
        let state = fieldState
        state.mayShowMessages = true
        state.ruleWords += validator.words
        if !validator.messages.isEmpty {
            state.knownMessages += validator.messages
            form?.setNeedsLayout()
        }
        for dependency in validator.dependencies {
            dependency.fieldState.valueChanges.subscribe(onNext: { [weak self] in self?.checkRules() })
                .disposed(by: state.bag)
        }
        checkRules()
        return self
    }

    /// Adds an asynchronous check (run after the synchronous rules pass) and checks the
    /// value again. Returns the field, for chaining.
    @discardableResult
    public func validate(_ validator: AsyncValidator<Value>) -> FormField {
        asyncValidators.append(validator)
        checksAsynchronously = true
        fieldState.mayShowMessages = true
        fieldState.knownMessages.append(fieldState.spinnerText(validator.checkingText))
        checkRules()
        return self
    }

    /// Marks the field required (see ``Form/Field/isRequired``). Returns the field.
    @discardableResult
    public func required(_ isRequired: Bool = true) -> FormField {
        self.isRequired = isRequired
        return self
    }

    /// Whether the value is never written to a draft: set it for a secret that is not in
    /// a `SecureField` (a token, an answer to a security question).
    public override var isSecret: Bool {
        get { secret || super.isSecret }
        set { secret = newValue }
    }

    // MARK: Dirty state

    public override var isDirty: Bool { value != cleanValue }

    public override func markClean() {
        let wasDirty = isDirty
        cleanValue = value
        fieldState.edited = false
        if wasDirty { dirtyChanged() }
    }

    override func takeValueAsClean() {
        let wasDirty = isDirty
        cleanValue = value
        if wasDirty { dirtyChanged() }
    }

    public override func reset() {
        cancelCheck()
        let state = fieldState
        state.revealed = false
        state.appError = nil
        if value != cleanValue { write(cleanValue) }
        state.edited = false
        publishValidation()
    }

    /// Writes `newValue` into the widget as the user would (so the model bound to it hears
    /// it), or programmatically for a widget of another module; the field takes the value
    /// as if the model had written it.
    private func write(_ newValue: Value) {
        writing = true
        defer { writing = false }
        if setAsUser?(newValue) != true { widgetProperty.on(.next(newValue)) }
        if newValue != value { took(newValue) }
    }

    // MARK: Drafts

    /// A text field whose typed value the widget refused (`800` for an age up to 150): the
    /// text on screen, which the value (the last that parsed) is not.
    private var refusedText: String? {
        guard Value.self != String.self, state?.widgetProblem != nil, let field = widget as? TextField else {
            return nil
        }
        return field.text
    }

    override var draftData: DraftData? {
        guard !isSecret else { return nil }
        // What was on screen, exactly: a refused text is kept as typed, not as the last value that parsed.
        if let refusedText { return .string(refusedText) }
        return (value as? any DraftValue)?.draftData
    }

    override func applyDraft(_ data: DraftData) -> Bool {
        guard !isSecret else { return false }
        let field = widget as? TextField
        if let field, Value.self != String.self, case .string(let text) = data {
            // A refused text comes back typed, with its message, the caret after it.
            fieldState.edited = true
            _ = field.applyAccessibleAnswer(text)
            return true
        }
        guard let type = Value.self as? any DraftValue.Type, let newValue = type.init(draftData: data) as? Value
        else { return false }
        guard newValue != value else { return true }
        fieldState.edited = true  // the draft holds the user's edits: the clean value stays
        write(newValue)
        field?.moveCaretToEnd()
        return true
    }

    // MARK: Changes

    /// The user edited the widget (or the field wrote it as the user would).
    private func widgetChanged(_ newValue: Value) {
        guard newValue != value else { return }
        guard !writing else { return took(newValue) }
        value = newValue
        let state = fieldState
        state.edited = true
        let form = self.form
        if form?.validationTiming == .live { state.revealed = true }
        valueChanged(in: form)
        form?.fieldEdited(self)
    }

    /// The widget's value was set programmatically (the model wrote it): read it back.
    override func widgetValueStored() {
        guard !writing else { return }
        var current: Value?
        _ = widgetProperty.asObservable().take(1).subscribe(onNext: { current = $0 })
        guard let current, current != value else { return }
        took(current)
    }

    /// Takes `newValue`, written by the model (or by the field itself).
    private func took(_ newValue: Value) {
        value = newValue
        let state = fieldState
        if !state.edited {
            cleanValue = newValue
        } else if newValue == cleanValue {
            // The model put the field back as it was loaded (a Reset, a cleared password):
            // its messages wait for the user to leave it again.
            state.edited = false
            state.revealed = false
        }
        valueChanged()
    }

    private func valueChanged(in form: Form?) {
        // A value a submit's command refused is refused no more once it changes.
        if state?.refusal != nil { state?.refusal = nil }
        checkRules()
        dirtyChanged()
        state?.valueChangeSubject?.onNext(())
        form?.fieldValueChanged(self)
    }

    private func valueChanged() { valueChanged(in: form) }

    private func dirtyChanged() {
        guard let subject = state?.dirtySubject, subject.value != isDirty else { return }
        subject.onNext(isDirty)
    }

    /// Whether the field is dirty, observed: use `rx.isDirty`.
    public var dirtyObservable: Observable<Bool> {
        let state = fieldState
        if let subject = state.dirtySubject { return subject.asObservable() }
        let subject = BehaviorSubject(value: isDirty)
        state.dirtySubject = subject
        return subject.asObservable()
    }

    /// A keyed field watches its value from the start.
    override func widgetEntered() {}

    override func widgetLeft() {
        guard let state, form?.validationTiming != .onSubmit, widget.isEffectivelyEnabled else { return }
        if !state.revealed {
            state.revealed = true
            showMessage()
        }
    }

    // MARK: Checking

    override func rulesChanged() { checkRules() }

    /// Runs the synchronous rules; when they pass and the asynchronous checks have not
    /// started for this value, starts them (cancelling any older one).
    private func checkRules() {
        let state = fieldState
        let empty = (isRequired || checksAsynchronously) && isEmptyValue
        state.rules = runRules(empty: empty)
        // Nothing to check later when there are no asynchronous checks: nothing to cancel.
        if checksAsynchronously { checkAsynchronously(state: state, empty: empty) }
        publishValidation()
    }

    /// Cancels the asynchronous checks when the value fails the rules, or starts them for a
    /// value they have not checked. Kept out of ``checkRules()``, which runs on every key:
    /// comparing optional values of a generic type looks up their metadata at run time.
    @inline(never)
    private func checkAsynchronously(state: FieldState, empty: Bool) {
        if !state.rules.isValid || state.widgetProblem != nil || empty {
            cancelCheck()
        } else if asyncCheckedValue != value {
            startCheck()
        }
    }

    /// Whether the value counts as empty (never, for a value that is not ``FormEmptiable``).
    private var isEmptyValue: Bool { emptiness?(value) ?? false }

    /// Reads a value's emptiness without a dynamic cast per call.
    private lazy var emptiness: ((Value) -> Bool)? = {
        // A text field's String is recognised by its metadata alone: the first conformance
        // cast of a type scans every conformance record in the executable.
        if Value.self == String.self { return FormField.emptiness(of: String.self) }
        guard let type = Value.self as? any FormEmptiable.Type else { return nil }
        return FormField.emptiness(of: type)
    }()

    private static func emptiness<Emptiable: FormEmptiable>(of _: Emptiable.Type) -> (Value) -> Bool {
        // Emptiable is Value itself, found at run time.
        { unsafeBitCast($0, to: Emptiable.self).isEmptyFormValue }
    }

    private func runRules(empty: Bool) -> ValidationResult {
        if isRequired, empty { return .invalid(Self.requiredMessage(title)) }
        return rules?(value) ?? .valid
    }

    private func cancelCheck() {
        asyncTimer?.dispose()
        asyncTimer = nil
        asyncTask?.cancel()
        asyncTask = nil
        asyncCheckedValue = nil
        state?.asynchronous = .valid
    }

    private func startCheck() {
        cancelCheck()
        let checked = value, checks = asyncValidators
        asyncCheckedValue = checked
        fieldState.asynchronous = .pending(checks[0].checkingText)
        let run = { [weak self] in
            guard let self else { return }
            self.asyncTimer = nil
            self.asyncTask = Task { @MainActor [weak self] in
                var result = ValidationResult.valid
                for check in checks where result.isValid {
                    result = await check.check(checked)
                    if Task.isCancelled { return }
                }
                guard let self, self.value == checked, let state = self.state else { return }
                self.asyncTask = nil
                self.widget.withHostDiagnostics {
                    state.asynchronous = result.isPending ? .valid : result
                    self.publishValidation()
                }
            }
        }
        if let scheduler = widget.hostScheduler, checks[0].debounce > .zero {
            asyncTimer = scheduler.schedule(after: checks[0].debounce, run)
        } else {
            run()
        }
    }
}

extension FormField: @MainActor CustomReflectable {
    /// What `dump` shows: the key, title, validation and dirty state, and the value only for
    /// a field that is not secret (a password's value and clean value never appear).
    public var customMirror: Mirror {
        let shown: Any = isSecret ? "(secret)" : value
        return Mirror(
            self,
            children: [
                "key": key, "title": title, "value": shown, "isDirty": isDirty, "validation": validation,
            ])
    }
}
