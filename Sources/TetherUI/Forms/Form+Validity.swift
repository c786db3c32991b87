import TetherReactive

extension Form {
    /// The fields whose value is invalid now, in row order (hidden and disabled fields
    /// count as valid).
    public var invalidFields: [Field] { fields.filter { $0.validation.isInvalid } }

    /// The fields whose asynchronous check is due or running, in row order.
    public var pendingFields: [Field] { fields.filter { $0.validation.isPending } }

    /// `true` when every field is valid and no check is pending.
    public var isValid: Bool { fields.allSatisfy { $0.validation.isValid } }

    /// `true` when some field's value differs from its clean value.
    public var isDirty: Bool { fields.contains { $0.isDirty } }

    /// Takes every field's current value as its clean value.
    public func markClean() {
        for field in fields { field.markClean() }
        formDirtyChanged()
    }

    /// Writes every field's clean value back (see ``FormField/reset()``), hides the
    /// messages and the form's own message.
    public func reset() {
        for field in fields { field.reset() }
        showStatus(nil)
        formDirtyChanged()
    }

    var formObservers: FormObservers {
        if let observers { return observers }
        let made = FormObservers()
        observers = made
        return made
    }

    /// Counts the invalid and pending fields and says whether any is dirty, walking the
    /// rows without building arrays (it runs on every change a field reports).
    private func tally(dirty: Bool) -> (invalid: Int, pending: Int, dirty: Bool) {
        var invalid = 0, pending = 0, anyDirty = false
        for case .field(let field) in rows {
            switch field.validation {
            case .valid: break
            case .invalid: invalid += 1
            case .pending: pending += 1
            }
            if dirty, !anyDirty { anyDirty = field.isDirty }
        }
        return (invalid, pending, anyDirty)
    }

    // MARK: Changes the fields report

    func fieldValidationChanged() {
        validityChanged()
        if statusLabel?.isHidden == false, !statusIsNotice {
            showStatus(invalidSummary(inStepOnly: stepState?.statusIsStepOnly == true))
        }
    }

    /// Shows `message` in the form's message row until the person edits a keyed field or
    /// submits: a notice, not a verdict on the fields.
    func showNotice(_ message: String) {
        showStatus(message)
        statusIsNotice = true
    }

    /// The person edited `field` (not a model write): a run error's message has been answered.
    func fieldEdited(_ field: Field) {
        if statusIsNotice { showStatus(nil) }
    }

    /// A field took its value as clean (an answer from outside).
    func fieldTakenAsClean() { formDirtyChanged() }

    func fieldValueChanged(_ field: Field) {
        formDirtyChanged()
        draftStore?.valueChanged()
    }

    /// Fields were added or removed.
    func fieldsChanged() {
        validityChanged()
        formDirtyChanged()
    }

    private func validityChanged() {
        guard let observers, observers.hasErrors != nil || observers.isValid != nil || observers.lists != nil
        else { return }
        let counts = tally(dirty: false)
        if let subject = observers.hasErrors, subject.value != (counts.invalid > 0) {
            subject.onNext(counts.invalid > 0)
        }
        let valid = counts.invalid == 0 && counts.pending == 0
        if let subject = observers.isValid, subject.value != valid { subject.onNext(valid) }
        if let subject = observers.lists {
            let lists = FormValidity(fields)
            if subject.value != lists { subject.onNext(lists) }
        }
    }

    private func formDirtyChanged() {
        guard let subject = observers?.dirty else { return }
        let dirty = tally(dirty: true).dirty
        if subject.value != dirty { subject.onNext(dirty) }
    }

    /// Whether some field is invalid: now, then each change.
    var hasErrorsObservable: Observable<Bool> {
        let observers = formObservers
        if let subject = observers.hasErrors { return subject.asObservable() }
        let subject = BehaviorSubject(value: tally(dirty: false).invalid > 0)
        observers.hasErrors = subject
        return subject.asObservable()
    }

    // MARK: Explaining

    /// What a submit would say of the invalid fields: "Email needs attention" or
    /// "2 fields need attention: Email, Port"; `nil` when none is invalid.
    public var invalidSummary: String? {
        let invalid = invalidFields
        guard !invalid.isEmpty else { return nil }
        if invalid.count == 1 { return "\(invalid[0].title) needs attention" }
        return "\(invalid.count) fields need attention: " + invalid.map(\.title).joined(separator: ", ")
    }

    /// What the form's message row says of the invalid fields. On a form in steps a field
    /// of a step other than the one showing carries its step ("Email (step 2)"), and
    /// `inStepOnly` names the current step's fields alone. `nil` when none is invalid.
    func invalidSummary(inStepOnly: Bool) -> String? {
        guard let current = currentStep else { return invalidSummary }
        let numbers = Dictionary(
            steps.filter(\.isVisible).enumerated().map { (ObjectIdentifier($0.element), $0.offset + 1) },
            uniquingKeysWith: { first, _ in first })
        var names: [String] = []
        for field in invalidFields {
            guard let step = step(of: field), step !== current else {
                names.append(field.title)
                continue
            }
            if !inStepOnly { names.append("\(field.title) (step \(numbers[ObjectIdentifier(step)] ?? 0))") }
        }
        return names.isEmpty ? nil : FormInvalidError(fields: names).description
    }

    /// Shows every field's message; when some are invalid, says which in the form's
    /// message row and moves focus to the first. Returns whether any was invalid.
    @discardableResult
    func explainInvalid() -> Bool {
        for field in fields { field.reveal() }
        guard let first = invalidFields.first else { return false }
        if let step = step(of: first) { show(step) }
        stepState?.statusIsStepOnly = false
        showStatus(invalidSummary(inStepOnly: false))
        if first.widget.acceptsFocus { first.widget.focus() }
        return true
    }

    /// Shows `message` in the form's own message row under its rows (`nil` hides it).
    func showStatus(_ message: String?) {
        statusIsNotice = false
        if message == nil, statusLabel == nil { return }
        makeStatusRowIfNeeded()
        guard let label = statusLabel else { return }
        label.text = message ?? ""
        if label.isHidden != (message == nil) {
            label.isHidden = message == nil
            setNeedsLayout()
        }
    }

}

extension Reactive where Base: Form {
    /// Whether every field is valid and no check is pending: the current state on
    /// subscription, then each change. It completes when the form goes away.
    public var isValid: Observable<Bool> {
        let observers = base.formObservers
        if let subject = observers.isValid { return subject.asObservable() }
        let subject = BehaviorSubject(value: base.isValid)
        observers.isValid = subject
        return subject.asObservable()
    }

    /// The invalid fields in row order: now, then each change. Completes with the form.
    public var invalidFields: Observable<[Form.Field]> {
        validityLists.map(\.invalid).distinctUntilChanged { $0.elementsEqual($1, by: ===) }
    }

    /// The fields whose check is due or running, in row order: now, then each change.
    /// Completes with the form.
    public var pendingFields: Observable<[Form.Field]> {
        validityLists.map(\.pending).distinctUntilChanged { $0.elementsEqual($1, by: ===) }
    }

    private var validityLists: Observable<FormValidity> {
        let observers = base.formObservers
        if let subject = observers.lists { return subject.asObservable() }
        let subject = BehaviorSubject(value: FormValidity(base.fields))
        observers.lists = subject
        return subject.asObservable()
    }

    /// Whether some field is dirty: now, then each change. Completes with the form.
    public var isDirty: Observable<Bool> {
        let observers = base.formObservers
        if let subject = observers.dirty { return subject.asObservable() }
        let subject = BehaviorSubject(value: base.isDirty)
        observers.dirty = subject
        return subject.asObservable()
    }
}
