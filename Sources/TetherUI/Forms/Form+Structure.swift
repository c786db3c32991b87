import TetherReactive

extension Form {
    /// A titled group of the rows that follow it, up to the next section; or, made by
    /// ``Form/addStep(_:key:)``, a step: a page of a form in steps, holding the rows up to
    /// the next step.
    @MainActor
    public final class Section {
        /// The section's stable name.
        public let key: String
        /// The heading row. A step's reads "Step 2 of 4: Machine".
        public let heading: Label
        /// The title, without a step's number.
        public let title: String
        /// Whether this is a step (a page) rather than a group within one.
        public let isStep: Bool
        weak var form: Form?

        init(title: String, key: String?, isStep: Bool = false, form: Form) {
            self.heading = Label(title, role: .accent)
            self.title = title
            self.isStep = isStep
            self.key = key ?? Field.key(fromTitle: title)
            self.form = form
        }

        /// Whether the section shows: hiding it hides its heading and every row in it (the
        /// fields keep their values and count as valid). A hidden step is skipped: Next
        /// and Back pass over it, and the steps are numbered without it.
        public var isVisible: Bool {
            get { !heading.isHidden }
            set {
                guard newValue == heading.isHidden, let form else { return }
                heading.isHidden = !newValue
                for field in isStep ? form.fields(inStep: self) : form.fields(in: self) { field.isVisible = newValue }
                if isStep { form.stepsChanged() }
                form.setNeedsLayout()
            }
        }
    }

    // MARK: Adding

    /// Adds a labelled field for any widget and returns it. It knows only its widget: show
    /// messages with its ``Field/error`` (or `rx.error`). For a field that holds its value
    /// (validators, dirty state, reset, drafts) give it a key: ``addField(_:_:key:)``.
    @discardableResult
    public func addField(_ label: String, _ widget: Widget) -> Field {
        append(Field(label: label, widget: widget, form: self))
    }

    /// Adds a field that holds `widget`'s value under `key` and returns it: bind the model
    /// to it with `rx.value`, add rules with ``FormField/validate(_:)-(Validator<Value>)``.
    @discardableResult
    public func addField<W: FormValueWidget>(_ label: String, _ widget: W, key: String) -> FormField<W.FormValue> {
        let property = widget.formValue
        var initial: W.FormValue?
        _ = property.asObservable().take(1).subscribe(onNext: { initial = $0 })
        guard let initial else { preconditionFailure("\(W.self).formValue sent no current value") }
        let setter = widget.userValueSetter
        return add(
            label, widget, key: key, property: property, initial: initial,
            setAsUser: setter.map { setter in { [weak setter] value in setter?.setValueAsUser(value) ?? false } })
    }

    /// Adds a field holding `field`'s text read as a typed value through `format` (an
    /// integer, a decimal), starting at `value`. Text that does not parse makes the field
    /// invalid with `format.message`.
    @discardableResult
    public func addField<Value: Equatable>(
        _ label: String, _ field: TextField, key: String, as format: TextFormat<Value>, value: Value
    ) -> FormField<Value> {
        field.text = format.format(value)
        let made = add(
            label, field, key: key, property: field.rx.value(as: format), initial: value,
            setAsUser: { [weak field] value in field?.setValueAsUser(format.format(value)) ?? false }, typed: true)
        made.fieldState.ruleWords.append(format.message)
        made.fieldState.knownMessages.append(format.message)
        return made
    }

    /// Adds a field holding the value of `property` (any widget's control property),
    /// starting at `initial` when the property sends no current value.
    @discardableResult
    public func addField<Value: Equatable>(
        _ label: String, _ widget: Widget, key: String, value property: ControlProperty<Value>, initial: Value
    ) -> FormField<Value> {
        add(label, widget, key: key, property: property, initial: initial, setAsUser: nil, typed: true)
    }

    private func add<Value: Equatable>(
        _ label: String, _ widget: Widget, key: String, property: ControlProperty<Value>, initial: Value,
        setAsUser: ((Value) -> Bool)?, typed: Bool = false
    ) -> FormField<Value> {
        precondition(fieldsByKey[key] == nil, "Form.addField: the key \(key) is already in this form")
        let field = FormField(
            key: key, label: label, widget: widget, property: property, initial: initial, setAsUser: setAsUser,
            typed: typed, form: self)
        fieldsByKey[key] = field
        return append(field)
    }

    /// The field whose widget is `child`, a direct child of the form.
    func fieldOf(_ child: Widget) -> Field? {
        guard let index = rowOfChild[ObjectIdentifier(child)], case .field(let field) = rows[index],
            field.widget === child
        else { return nil }
        return field
    }

    private func append<F: Field>(_ field: F) -> F {
        appendRow(.field(field), children: [field.label, field.widget])
        addChild(field.label)
        addChild(field.widget)
        if let description = field.state?.descriptionLabel { adopt(description, of: field) }
        if let message = field.madeErrorLabel { adopt(message, of: field) }
        if observers != nil { fieldsChanged() }
        return field
    }

    /// Adds a child label of `field` (its message or description row), made on first use.
    func adopt(_ label: Label, of field: Field) {
        guard let index = rows.firstIndex(where: { if case .field(let f) = $0 { f === field } else { false } })
        else { return }
        rowOfChild[ObjectIdentifier(label)] = index
        addChild(label)
        setNeedsLayout()
    }

    /// Adds a widget in the field column with no label (a toggle, a message).
    public func addRow(_ widget: Widget) {
        appendRow(.widget(widget), children: [widget])
        addChild(widget)
    }

    /// Adds a section heading; the rows added after it belong to it.
    @discardableResult
    public func addSection(_ title: String, key: String? = nil) -> Section {
        let section = Section(title: title, key: key, form: self)
        appendRow(.section(section), children: [section.heading])
        addChild(section.heading)
        return section
    }

    /// Appends `row` (whose widgets are `children`), before the steps' Back/Next row and the
    /// form's message row, which stay last in that order: a message that wraps to more rows
    /// moves nothing but the form's bottom edge.
    func appendRow(_ row: Row, children: [Widget]) {
        var index = rows.count
        let isStatus = if case .widget(let widget) = row { widget === statusLabel } else { false }
        while !isStatus, index > 0, case .widget(let last) = rows[index - 1],
            last === stepState?.navigation || last === statusLabel
        {
            index -= 1
        }
        for child in children { rowOfChild[ObjectIdentifier(child)] = index }
        rows.insert(row, at: index)
        for later in (index + 1)..<rows.count {
            if case .widget(let widget) = rows[later] { rowOfChild[ObjectIdentifier(widget)] = later }
        }
    }

    /// Makes the form's message row (hidden, kept empty while the form fits) if it has none:
    /// a form with a default button or steps may need to say why it cannot go on.
    func makeStatusRowIfNeeded() {
        guard statusLabel == nil else { return }
        let label = Label("", overflow: .wrap, role: .error)
        label.isHidden = true
        statusLabel = label
        addRow(label)
    }

    /// Adds a row of buttons; `defaultButton` (if given) is pressed by Enter from the last text field.
    @discardableResult
    public func addButtons(_ buttons: [Button], default defaultButton: Button? = nil) -> ButtonRow {
        let row = ButtonRow(buttons)
        addRow(row)
        if let defaultButton { self.defaultButton = defaultButton }
        return row
    }

    // MARK: Looking up, moving, removing

    /// The fields in row order.
    public var fields: [Field] {
        rows.compactMap { if case .field(let field) = $0 { field } else { nil } }
    }

    /// The sections in row order.
    public var sections: [Section] {
        rows.compactMap { if case .section(let section) = $0 { section } else { nil } }
    }

    /// The field with `key`, if the form has one.
    public func field(forKey key: String) -> Field? {
        fieldsByKey[key] ?? fields.first { $0.key == key }
    }

    /// The fields after `section`'s heading, up to the next section.
    public func fields(in section: Section) -> [Field] { fields(after: section) { _ in true } }

    /// The fields after `heading`'s row, up to the next section for which `ends` is true.
    func fields(after heading: Section, endingAt ends: (Section) -> Bool) -> [Field] {
        guard let start = rows.firstIndex(where: { if case .section(let s) = $0 { s === heading } else { false } })
        else { return [] }
        var result: [Field] = []
        for row in rows[(start + 1)...] {
            if case .section(let section) = row, ends(section) { break }
            if case .field(let field) = row { result.append(field) }
        }
        return result
    }

    /// Moves `field`'s row before `other`'s (`nil`: to the end). Focus order follows.
    public func move(_ field: Field, before other: Field? = nil) {
        guard let from = rowIndex(of: field), other !== field else { return }
        let row = rows.remove(at: from)
        // The end is before the steps' Back/Next row.
        let to = other.flatMap { rowIndex(of: $0) } ?? rows.count - (stepState == nil ? 0 : 1)
        rows.insert(row, at: to)
        reindexRows()
    }

    /// Removes `field` (its label, widget, description and message) from the form.
    public func remove(_ field: Field) {
        guard let index = rowIndex(of: field) else { return }
        rows.remove(at: index)
        let children = [field.label, field.widget, field.state?.descriptionLabel, field.madeErrorLabel]
        for child in children.compactMap({ $0 }) { child.removeFromParent() }
        field.form = nil
        if fieldsByKey[field.key] === field { fieldsByKey[field.key] = nil }
        reindexRows()
        fieldsChanged()
    }

    private func rowIndex(of field: Field) -> Int? {
        rows.firstIndex { if case .field(let f) = $0 { f === field } else { false } }
    }

    /// The rows changed places: the map from children to rows is rebuilt.
    private func reindexRows() {
        rowOfChild.removeAll(keepingCapacity: true)
        for (index, row) in rows.enumerated() {
            let children: [Widget?] =
                switch row {
                case .field(let field):
                    [field.label, field.widget, field.state?.descriptionLabel, field.madeErrorLabel]
                case .widget(let widget): [widget]
                case .section(let section): [section.heading]
                }
            for child in children.compactMap({ $0 }) { rowOfChild[ObjectIdentifier(child)] = index }
        }
        setNeedsLayout()
        structureChanged()
    }
}
