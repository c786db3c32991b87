import TetherReactive

/// A widget whose value a keyed form field can hold (``Form/addField(_:_:key:)``): its
/// value as a `ControlProperty` — the current value on subscription, then user edits;
/// writes are programmatic.
///
/// Every value widget of Tether conforms: text fields and areas (`String`), toggles
/// (`Bool`), sliders (`Double`), pickers and drop-downs (`Option?`) and check lists
/// (`Set<Option>`). A widget of your own conforms by returning its `rx` value.
@MainActor
public protocol FormValueWidget: Widget {
    /// The type of the value.
    associatedtype FormValue: Equatable
    /// The value as a control property.
    var formValue: ControlProperty<FormValue> { get }
}

extension TextField: FormValueWidget {
    /// The text (`rx.text`).
    public var formValue: ControlProperty<String> { rx.text }
}

extension TextArea: FormValueWidget {
    /// The text (`rx.text`).
    public var formValue: ControlProperty<String> { rx.text }
}

extension Toggle: FormValueWidget {
    /// Whether it is on (`rx.isOn`).
    public var formValue: ControlProperty<Bool> { rx.isOn }
}

extension Slider: FormValueWidget {
    /// The value (`rx.value`).
    public var formValue: ControlProperty<Double> { rx.value }
}

extension Picker: FormValueWidget {
    /// The chosen option (`rx.selection`).
    public var formValue: ControlProperty<Option?> { rx.selection }
}

extension Dropdown: FormValueWidget {
    /// The chosen option (`rx.selection`).
    public var formValue: ControlProperty<Option?> { rx.selection }
}

extension CheckList: FormValueWidget {
    /// The checked options (`rx.selection`).
    public var formValue: ControlProperty<Set<Option>> { rx.selection }
}

/// Widgets of this module that report a problem of their own to the field holding them:
/// a typed text field's parse error, a check list's count.
@MainActor
protocol FieldProblemReporting: AnyObject {
    /// The problem now, then each change; `nil` when there is none.
    var fieldProblems: Observable<String?> { get }
    /// Whether the widget can have a problem now (a typed field, a check list with limits):
    /// the field subscribes only then.
    var mayReportProblems: Bool { get }
}

extension TextField: FieldProblemReporting {
    /// A typed field says so itself (``Form/addField(_:_:key:as:value:)``).
    var mayReportProblems: Bool { parseError != nil }
    var fieldProblems: Observable<String?> {
        parseErrorChanges.asObservable().startWith(parseError).distinctUntilChanged()
    }
}

extension CheckList: FieldProblemReporting {
    var fieldProblems: Observable<String?> { validationMessages }
    var mayReportProblems: Bool { minimumCount != nil || maximumCount != nil }
}

/// Widgets of this module that can set their value as the user would (reported on their
/// edits, so the model bound to them hears it): what a form field's reset and a resumed
/// draft use.
@MainActor
protocol UserValueSetting: AnyObject {
    /// Sets `value` as a user edit; `false` when it is not of the widget's value type.
    func setValueAsUser(_ value: Any) -> Bool
}

extension TextField: UserValueSetting {
    func setValueAsUser(_ value: Any) -> Bool { editable.userSet(any: value, on: self) }
}

extension TextArea: UserValueSetting {
    func setValueAsUser(_ value: Any) -> Bool { editable.userSet(any: value, on: self) }
}

extension Toggle: UserValueSetting {
    func setValueAsUser(_ value: Any) -> Bool { editable.userSet(any: value, on: self) }
}

extension Slider: UserValueSetting {
    func setValueAsUser(_ value: Any) -> Bool { editable.userSet(any: value, on: self) }
}

extension Picker: UserValueSetting {
    func setValueAsUser(_ value: Any) -> Bool { editable.userSet(any: value, on: self) }
}

extension Dropdown: UserValueSetting {
    func setValueAsUser(_ value: Any) -> Bool { editable.userSet(any: value, on: self) }
}

extension CheckList: UserValueSetting {
    func setValueAsUser(_ value: Any) -> Bool { editable.userSet(any: value, on: self) }
}
