import TetherReactive

/// What a field made without a key (``Form/addField(_:_:)``) knows of its widget's value,
/// so that the person's edits count as changes (``Form/Field/isDirty``, the question
/// ``Form/confirmDiscard(_:)`` asks) as a keyed field's do.
///
/// Made when the person first enters the field: a widget is edited only while it has focus
/// (keys, a paste, a click focuses first, the accessible presentation focuses what it asks),
/// so the value then is the one loaded, and a field nobody enters costs nothing. Until the
/// first edit, a model write moves the clean value, as for a keyed field.
@MainActor
protocol FieldValueWatching: AnyObject {
    /// Whether the value differs from the clean value.
    var isDirty: Bool { get }
    /// Takes the current value as the clean value.
    func markClean()
    /// Writes the clean value back as the user would (the model bound to the widget hears
    /// it); `false` when nothing changed.
    func restoreClean() -> Bool
    /// The widget's value was set programmatically: reads it back; `true` when it changed.
    func valueStored() -> Bool
}

@MainActor
final class FieldValueWatch<Value: Equatable>: FieldValueWatching {
    private let property: ControlProperty<Value>
    private weak var widget: Widget?
    private var clean: Value
    private var current: Value
    private var edited = false

    /// Watches `widget`'s value (`property`), telling `field` of each edit.
    init(_ property: ControlProperty<Value>, of widget: Widget, field: Form.Field, bag: DisposeBag) {
        self.property = property
        self.widget = widget
        let now = Self.read(property)
        clean = now
        current = now
        property.changed.subscribe(onNext: { [weak self, weak field] value in
            guard let self, let field, value != self.current else { return }
            self.current = value
            self.edited = true
            field.form?.fieldValueChanged(field)
            field.form?.fieldEdited(field)
        }).disposed(by: bag)
    }

    var isDirty: Bool { current != clean }

    func markClean() {
        clean = current
        edited = false
    }

    func restoreClean() -> Bool {
        guard current != clean else { return false }
        let value = clean
        if (widget as? any UserValueSetting)?.setValueAsUser(value) != true { property.on(.next(value)) }
        current = Self.read(property)
        edited = false
        return true
    }

    func valueStored() -> Bool {
        let now = Self.read(property)
        guard now != current else { return false }
        current = now
        if !edited { clean = now } else if now == clean { edited = false }
        return true
    }

    private static func read(_ property: ControlProperty<Value>) -> Value {
        var value: Value?
        _ = property.asObservable().take(1).subscribe(onNext: { value = $0 })
        guard let value else { preconditionFailure("\(Value.self) control property sent no current value") }
        return value
    }
}

extension Form.Field {
    /// Starts watching the widget's value, once, when it is a ``FormValueWidget``.
    func watchValueIfNeeded() {
        guard state?.valueWatch == nil, let widget = widget as? any FormValueWidget else { return }
        let state = fieldState
        state.valueWatch = makeWatch(widget, bag: state.bag)
    }

    private func makeWatch<W: FormValueWidget>(_ widget: W, bag: DisposeBag) -> any FieldValueWatching {
        FieldValueWatch(widget.formValue, of: widget, field: self, bag: bag)
    }
}
