import TetherReactive

extension Form {
    /// One labelled field of a form: its label, its widget, a description under it and one
    /// validation channel (``validation``) whose message shows in the row under the widget.
    ///
    /// A field made by ``Form/addField(_:_:)`` knows only its widget: its messages are the
    /// ones the app sets with ``error``. A field made with a key
    /// (``Form/addField(_:_:key:)``) is a ``FormField`` that also holds the value, its
    /// clean value and its validators.
    @MainActor
    public class Field {
        /// The label in the label column.
        public let label: Label
        /// The input widget.
        public let widget: Widget
        /// The message row under the widget: the validation message, or the running check
        /// (hidden while there is nothing to say). It is made, and added to the form, when
        /// first asked for or when a message is first shown: most fields of a large form
        /// never show one.
        public var errorLabel: Label { madeErrorLabel ?? makeErrorLabel() }
        /// The message row, once made.
        private(set) var madeErrorLabel: Label?
        /// The form the field belongs to (`nil` once removed).
        public internal(set) weak var form: Form?
        /// Everything a field needs beyond its widgets, made on first use.
        var state: FieldState?

        init(label: String, widget: Widget, form: Form?) {
            self.label = Label(label)
            self.widget = widget
            self.form = form
        }

        /// The field's stable name: the draft entry it is saved under. A keyed field has the
        /// key it was made with; another is named after its title ("First name" →
        /// `first-name`).
        public var key: String { Field.key(fromTitle: title) }

        static func key(fromTitle title: String) -> String {
            let words = title.lowercased().split { !$0.isLetter && !$0.isNumber }
            return words.joined(separator: "-")
        }

        /// The label's text without the required mark; for a field without a label, what the
        /// widget calls itself (a toggle's title, `Remember me`), as the accessible
        /// presentation says it.
        public var title: String { state?.title ?? ownTitle }

        private var ownTitle: String {
            label.text.isEmpty ? widget.ownLabel ?? "" : label.text
        }

        /// The rules of the field's validators in words, in the order added (`Enter at least
        /// 8 characters`): what a form's help says of the field. Rules written as closures
        /// say nothing unless given words (``Validator/described(_:)``).
        public var ruleWords: [String] { state?.ruleWords ?? [] }

        var fieldState: FieldState {
            if let state { return state }
            let made = FieldState(title: ownTitle)
            state = made
            return made
        }

        // MARK: Conditions

        /// Whether the field shows (label, widget, description and message). A hidden field
        /// keeps its value, counts as valid, and gives up focus. Bind it with `rx.isVisible`.
        public var isVisible: Bool {
            get { !widget.isHidden }
            set {
                guard newValue == widget.isHidden else { return }
                widget.isHidden = !newValue
                conditionsChanged()
            }
        }

        /// Whether the user can change the field. A disabled field counts as valid. Bind it
        /// with `rx.isEnabled`.
        public var isEnabled: Bool {
            get { widget.isEnabled }
            set {
                guard newValue != widget.isEnabled else { return }
                widget.isEnabled = newValue
                conditionsChanged()
            }
        }

        /// Whether the field must be filled in: its label is marked `*`, and an empty value
        /// is invalid with "<Title> is required". Only a keyed field (``FormField``) knows
        /// its value; on another field it only marks the label. Bind it with `rx.isRequired`.
        public var isRequired: Bool {
            get { state?.isRequired ?? false }
            set {
                guard newValue != isRequired else { return }
                let state = fieldState
                state.isRequired = newValue
                if newValue { state.mayShowMessages = true }
                label.text = newValue ? state.title + " *" : state.title
                form?.setNeedsLayout()
                rulesChanged()
            }
        }

        /// A sentence under the widget saying what the field is for, in the theme's
        /// ``Theme/secondary`` style and wrapped
        /// (`nil`: none). The accessible presentation reads it before asking.
        public var description: String? {
            get { state?.descriptionLabel?.text }
            set {
                let state = fieldState
                if let newValue {
                    if let label = state.descriptionLabel {
                        label.text = newValue
                    } else {
                        let label = Label(newValue, overflow: .wrap, role: .secondary)
                        state.descriptionLabel = label
                        form?.adopt(label, of: self)
                    }
                } else if let label = state.descriptionLabel {
                    state.descriptionLabel = nil
                    label.removeFromParent()
                }
                form?.setNeedsLayout()
            }
        }

        /// Keeps room under the field, from the start, for a message as long as the longest
        /// of `messages`: the first such message shown moves no row below. For the messages
        /// the form cannot know ahead, those the app sets with ``error`` (a server's answer,
        /// a widget's own problem); the built-in rules, the required rule, a typed field's
        /// and a check's text are known already. Returns the field.
        @discardableResult
        public func keepRoom(for messages: String...) -> Self {
            fieldState.knownMessages += messages
            expectsMessages()
            form?.setNeedsLayout()
            return self
        }

        /// What the required rule says of a field titled `title`.
        static func requiredMessage(_ title: String) -> String { "\(title) is required" }

        /// The app will set messages (its ``error`` is bound): the form keeps a row for them.
        func expectsMessages() {
            guard state?.mayShowMessages != true else { return }
            fieldState.mayShowMessages = true
            form?.setNeedsLayout()
        }

        // MARK: Validation

        /// A message the app sets (a server's answer, a rule of its own): a string makes the
        /// field invalid with it and shows it under the field at once; `nil` clears it. It is
        /// one of the sources of ``validation``. Bind it with `rx.error`.
        public var error: String? {
            get { state?.appError }
            set {
                // No state yet and nothing to show: nothing to hide either.
                if newValue == nil, state == nil { return }
                fieldState.appError = newValue
                if newValue != nil { expectsMessages() }
                publishValidation()
            }
        }

        /// The field's one validation channel: the first of a widget's own problem (a
        /// typed field's text that does not parse, a check list's count), the required
        /// rule, the validators, the asynchronous checks and ``error``. A hidden or
        /// disabled field is ``ValidationResult/valid``. It changes as soon as the value
        /// does; the message *shows* under the field according to the form's
        /// ``Form/validationTiming``. Observe it with `rx.validation`.
        public var validation: ValidationResult {
            guard let state, isVisible, widget.isEffectivelyEnabled else { return .valid }
            return state.combined
        }

        /// Whether the value differs from its clean value. A field without a key compares
        /// its widget's value (a ``FormValueWidget``'s) with the one it had when the person
        /// first entered the field, moved by model writes until their first edit; it is
        /// `false` for other widgets. Observe a keyed field's with `rx.isDirty`, the form's
        /// with its `rx.isDirty`.
        public var isDirty: Bool { state?.valueWatch?.isDirty ?? false }

        /// Takes the current value as the clean value: ``isDirty`` becomes `false`.
        public func markClean() { state?.valueWatch?.markClean() }

        /// Takes a value answered from outside (an option, a variable, a file) as the one the
        /// form was loaded with: ``isDirty`` becomes `false`, so leaving asks nothing about
        /// it; its messages and checks go on as after the person's edit.
        package func takeAnswerAsLoaded() {
            takeValueAsClean()
            form?.fieldTakenAsClean()
        }

        /// Makes the current value the clean one, keeping whether the person edited it.
        func takeValueAsClean() { state?.valueWatch?.markClean() }

        /// Writes the clean value back through the field's bindings (the widget and the
        /// model bound to the field), hides the messages it had shown and clears
        /// ``Form/Field/error``. The field does not count it as the user's edit.
        public func reset() {
            guard let state else { return }
            state.appError = nil
            state.revealed = false
            if state.valueWatch?.restoreClean() == true { form?.fieldValueChanged(self) }
            publishValidation()
        }

        /// Whether the value was answered from outside the form (an option, an environment
        /// variable, an answers file) and accepted; a draft does not overwrite it. Once any
        /// field of a form is, the accessible presentation asks only what is missing or
        /// refused, and without a terminal submits when nothing is. Set by whatever applies
        /// the answers (TetherAnswers); a refused answer clears it.
        public var isAnsweredFromOutside = false

        /// Whether the value is secret: never written to a draft (a `SecureField`, or a
        /// field marked ``FormField/isSecret``).
        public var isSecret: Bool { widget is SecureField }

        /// The value as draft data: `nil` for a secret, a field without a key or a value that
        /// is not a ``DraftValue``.
        var draftData: DraftData? { nil }

        /// Writes a draft's value as the user's edit; `false` when it does not fit.
        func applyDraft(_ data: DraftData) -> Bool { false }

        /// The widget's value was set programmatically (a model write).
        func widgetValueStored() {
            if state?.valueWatch?.valueStored() == true { form?.fieldValueChanged(self) }
        }

        /// The user entered the widget (focus arrived): a field without a key starts
        /// watching its value (``FieldValueWatch``).
        func widgetEntered() { watchValueIfNeeded() }

        /// The user left the widget (focus moved away).
        func widgetLeft() {}

        /// The conditions changed: validity and the form's layout follow.
        func conditionsChanged() {
            form?.setNeedsLayout()
            publishValidation()
        }

        /// The rules changed (required, validators): a keyed field checks its value again.
        func rulesChanged() { publishValidation() }

        /// Refuses the current value with `message` (a ``FieldRefusal`` a submit's command
        /// threw): shown at once, invalid until the value changes.
        func refuse(_ message: String) {
            fieldState.refusal = message
            expectsMessages()
            publishValidation()
        }

        /// The run ended (inline, its last frame stays): a running check's spinner stops and
        /// its line goes, since the check never answered.
        func stopCheckLine() {
            guard let state, validation.isPending, let label = madeErrorLabel, !label.isHidden else { return }
            state.spin(false, scheduler: nil) {}
            label.isHidden = true
            form?.setNeedsLayout()
        }

        /// Whether the field is invalid and its message shows.
        var showsInvalid: Bool { validation.isInvalid && state?.revealed == true }

        /// Shows every message (a submit).
        func reveal() {
            guard let state, !state.revealed else { return }
            state.revealed = true
            showMessage()
        }

        /// Publishes the current ``validation`` to its observers and the form, and shows
        /// what the timing allows.
        func publishValidation() {
            guard let state else { return }
            let now = validation
            if now != state.published {
                state.published = now
                state.validationSubject?.onNext(now)
                form?.fieldValidationChanged()
            }
            showMessage(now)
        }

        /// Shows the message the timing allows under the widget, with a spinner while a
        /// check runs.
        func showMessage() { showMessage(validation) }

        private func showMessage(_ validation: ValidationResult) {
            let shown = state?.shownMessage(validation)
            if shown == nil, madeErrorLabel == nil { return }
            let label = errorLabel
            let text = shown?.text ?? ""
            label.role = shown?.isPending == true ? .secondary : .error
            label.text = shown?.isPending == true ? state!.spinnerText(text) : text
            if label.isHidden != (shown == nil) {
                label.isHidden = shown == nil
                form?.setNeedsLayout()
            }
            state?.spin(shown?.isPending == true, scheduler: widget.hostScheduler) { [weak self] in self?.showMessage()
            }
        }

        private func makeErrorLabel() -> Label {
            let label = Label("", overflow: .wrap, role: .error)
            label.isHidden = true
            madeErrorLabel = label
            form?.adopt(label, of: self)
            return label
        }
    }
}
