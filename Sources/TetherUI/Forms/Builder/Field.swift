import TetherReactive

/// A keyed field in a form written with ``FormBuilder``: the same field
/// ``Form/addField(_:_:key:)`` makes, with modifiers for its rules, description,
/// conditions and binding.
@MainActor
public struct Field<Value: Equatable>: FormContent {
    private let make: (Form) -> FormField<Value>
    private var steps: [(FormField<Value>, Form) -> Void] = []

    /// A field holding `widget`'s value under `key`.
    public init<W: FormValueWidget>(_ label: String, key: String, _ widget: W) where W.FormValue == Value {
        make = { form in form.addField(label, widget, key: key) }
    }

    /// A field holding `field`'s text read through `format`, starting at `value`.
    public init(_ label: String, key: String, _ field: TextField, as format: TextFormat<Value>, value: Value) {
        make = { form in form.addField(label, field, key: key, as: format, value: value) }
    }

    private func with(_ step: @escaping (FormField<Value>, Form) -> Void) -> Field {
        var copy = self
        copy.steps.append(step)
        return copy
    }

    /// Adds a rule (``FormField/validate(_:)-(Validator<Value>)``).
    public func validate(_ validator: Validator<Value>) -> Field { with { field, _ in field.validate(validator) } }

    /// Adds an asynchronous check (``FormField/validate(_:)-(AsyncValidator<Value>)``).
    public func validate(_ validator: AsyncValidator<Value>) -> Field {
        with { field, _ in field.validate(validator) }
    }

    /// Adds the rule that the value equals the field keyed `key` (a password's confirmation):
    /// ``Validator/equal(to:_:)``, run again whenever that field changes. The field keyed
    /// `key` comes earlier in the form and holds the same type of value; a form built
    /// otherwise stops at once with a message naming both keys (a mistake in the program).
    public func equal(toKey key: String, _ message: String) -> Field {
        with { field, form in
            guard let other = form.field(forKey: key) as? FormField<Value> else {
                preconditionFailure(
                    "Field \"\(field.key)\": .equal(toKey: \"\(key)\") needs an earlier field keyed \"\(key)\" holding a \(Value.self)"
                )
            }
            field.validate(.equal(to: other, message))
        }
    }

    /// Keeps room under the field from the start for a message as long as the longest of
    /// `messages` (see ``Form/Field/keepRoom(for:)``): for the messages the app sets itself.
    public func keepRoom(for messages: String...) -> Field {
        with { field, _ in field.fieldState.knownMessages += messages }
    }

    /// Marks the field required (or not).
    public func required(_ isRequired: Bool = true) -> Field { with { field, _ in field.isRequired = isRequired } }

    /// The sentence shown under the field and read before its question.
    public func description(_ text: String) -> Field { with { field, _ in field.description = text } }

    /// Keeps the value out of drafts (see ``FormField/isSecret``).
    public func secret() -> Field { with { field, _ in field.isSecret = true } }

    /// Shows the field while `condition`'s latest value is `true`.
    public func visible(when condition: some ObservableConvertible<Bool>) -> Field {
        bind(condition) { $0.rx.isVisible }
    }

    /// Enables the field while `condition`'s latest value is `true`.
    public func enabled(when condition: some ObservableConvertible<Bool>) -> Field {
        bind(condition) { $0.rx.isEnabled }
    }

    /// Requires the field while `condition`'s latest value is `true`.
    public func required(when condition: some ObservableConvertible<Bool>) -> Field {
        bind(condition) { $0.rx.isRequired }
    }

    private func bind(
        _ condition: some ObservableConvertible<Bool>, to binder: @escaping (FormField<Value>) -> Binder<Bool>
    ) -> Field {
        let condition = condition.asObservable()
        return with { field, form in form.keep(condition.bind(to: binder(field))) }
    }

    /// Binds the field two ways to `relay` (`field.rx.value <-> relay`); the model wins on
    /// bind. The binding lasts as long as the form.
    public func bound(to relay: BehaviorRelay<Value>) -> Field {
        with { field, form in form.keep(field.rx.value <-> relay) }
    }

    /// Runs `configure` with the field once it is made (bind it to any model, observe it);
    /// keep what it returns as long as you need it.
    public func onAdd(_ configure: @escaping (FormField<Value>) -> Void) -> Field {
        with { field, _ in configure(field) }
    }

    public func add(to form: Form) {
        let field = make(form)
        for step in steps { step(field, form) }
    }
}
