import TetherReactive

extension Form.Field: ReactiveCompatible {}

extension Reactive where Base: Form.Field {
    /// Binds ``Form/Field/error``, the app's message: a string makes the field invalid and
    /// shows it under the field, `nil` clears it. Each value applies on the main actor while
    /// the field lives (as long as its form); afterwards values are ignored. The binding
    /// ends when its subscription is disposed. A field whose error is bound keeps a row for
    /// its message from the start, so the first message moves nothing.
    public var error: Binder<String?> {
        base.expectsMessages()
        return Binder(base) { field, message in field.error = message }
    }

    /// The field's one validation channel (``Form/Field/validation``): the current result
    /// on subscription, then each change, as soon as it happens (whatever the message row
    /// shows yet). It completes when the field goes away.
    public var validation: Observable<ValidationResult> {
        let state = base.fieldState
        if let subject = state.validationSubject { return subject.asObservable() }
        let subject = BehaviorSubject(value: base.validation)
        state.validationSubject = subject
        state.published = base.validation
        return subject.asObservable()
    }

    /// Binds ``Form/Field/isVisible`` (a field shown by a toggle). Values apply on the main
    /// actor while the field lives; the binding ends when its subscription is disposed.
    public var isVisible: Binder<Bool> { Binder(base) { field, visible in field.isVisible = visible } }

    /// Binds ``Form/Field/isEnabled``. Values apply, and the binding ends, as for ``isVisible``.
    public var isEnabled: Binder<Bool> { Binder(base) { field, enabled in field.isEnabled = enabled } }

    /// Binds ``Form/Field/isRequired``. Values apply, and the binding ends, as for ``isVisible``.
    public var isRequired: Binder<Bool> { Binder(base) { field, required in field.isRequired = required } }
}

/// A form field with a typed value (``FormField``): what its `rx.value` and `rx.isDirty`
/// are made from.
@MainActor
public protocol TypedFormField: Form.Field {
    /// The type of the value.
    associatedtype Value: Equatable
    /// The value as a control property; use `rx.value`.
    var valueProperty: ControlProperty<Value> { get }
    /// Whether the field is dirty, observed; use `rx.isDirty`.
    var dirtyObservable: Observable<Bool> { get }
}

extension FormField: TypedFormField {}

extension Reactive where Base: TypedFormField {
    /// Whether the field's value differs from its clean value: the current state on
    /// subscription, then each change (an edit, a model write after an edit,
    /// ``FormField/reset()``, ``FormField/markClean()``). It completes when the field goes away.
    public var isDirty: Observable<Bool> { base.dirtyObservable.distinctUntilChanged() }

    /// The field's value as a control property, to bind the model two ways:
    /// `field.rx.value <-> viewModel.email`. Values: the current value on subscription,
    /// then each user edit and each ``FormField/reset()``; writes (the model's) set the field
    /// and its widget programmatically, never reported back. The values complete when the
    /// field goes away; a binding ends then or when its subscription is disposed.
    public var value: ControlProperty<Base.Value> { base.valueProperty }
}
