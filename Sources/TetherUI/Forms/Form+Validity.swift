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
        let made = FormObservers(validity: FormValidity(fields), dirty: isDirty)
        observers = made
        return made
    }

    // MARK: Changes the fields report

    func fieldValidationChanged(_ field: Field, from old: ValidationResult, to new: ValidationResult) {
        if let observers {
            let validity = FormValidity(fields)
            if observers.validity.value != validity { observers.validity.onNext(validity) }
        }
        if statusLabel?.isHidden == false { explainIfStillInvalid() }
    }

    func fieldValueChanged(_ field: Field) {
        formDirtyChanged()
        draftStore?.valueChanged()
    }

    /// Fields were added or removed.
    func fieldsChanged() {
        guard let observers else { return }
        let validity = FormValidity(fields)
        if observers.validity.value != validity { observers.validity.onNext(validity) }
        formDirtyChanged()
    }

    private func formDirtyChanged() {
        guard let observers else { return }
        let dirty = isDirty
        if observers.dirty.value != dirty { observers.dirty.onNext(dirty) }
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

    /// Shows every field's message; when some are invalid, says which in the form's
    /// message row and moves focus to the first. Returns whether any was invalid.
    @discardableResult
    func explainInvalid() -> Bool {
        for field in fields { field.reveal() }
        guard let summary = invalidSummary else { return false }
        showStatus(summary)
        if let first = invalidFields.first, first.widget.acceptsFocus { first.widget.focus() }
        return true
    }

    private func explainIfStillInvalid() {
        showStatus(invalidSummary)
    }

    /// Shows `message` in the form's own message row under its rows (`nil` hides it).
    func showStatus(_ message: String?) {
        if message == nil, statusLabel == nil { return }
        let label = statusLabel ?? makeStatusLabel()
        label.text = message ?? ""
        if label.isHidden != (message == nil) {
            label.isHidden = message == nil
            setNeedsLayout()
        }
    }

    private func makeStatusLabel() -> Label {
        let label = Label("", overflow: .wrap, role: .error)
        label.isHidden = true
        statusLabel = label
        addRow(label)
        return label
    }
}

extension Reactive where Base: Form {
    /// Whether every field is valid and no check is pending: the current state on
    /// subscription, then each change. It completes when the form goes away.
    public var isValid: Observable<Bool> {
        base.formObservers.validity.asObservable().map { $0.invalid.isEmpty && $0.pending.isEmpty }
            .distinctUntilChanged()
    }

    /// The invalid fields in row order: now, then each change. Completes with the form.
    public var invalidFields: Observable<[Form.Field]> {
        base.formObservers.validity.asObservable().map(\.invalid)
            .distinctUntilChanged { $0.elementsEqual($1, by: ===) }
    }

    /// The fields whose check is due or running, in row order: now, then each change.
    /// Completes with the form.
    public var pendingFields: Observable<[Form.Field]> {
        base.formObservers.validity.asObservable().map(\.pending)
            .distinctUntilChanged { $0.elementsEqual($1, by: ===) }
    }

    /// Whether some field is dirty: now, then each change. Completes with the form.
    public var isDirty: Observable<Bool> { base.formObservers.dirty.asObservable().distinctUntilChanged() }
}
