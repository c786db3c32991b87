import Foundation
import TetherReactive
import TetherUI

extension Reactive where Base: DateField {
    /// The date (``DateField/date``) as a control property: its day, month and year on
    /// subscription, then each real date the user enters (keys, typed digits, an accessible
    /// answer), never a programmatic write and never an entry that is not a date. Writes set
    /// the date programmatically when its day, month or year differs (other components are
    /// ignored, by the guard too). Its values complete when the field goes away; a binding
    /// ends then or when its subscription is disposed.
    public var date: ControlProperty<DateComponents> {
        ControlProperty(
            control: base, getter: { $0.date }, setter: { $0.date = $1 }, edits: base.edits,
            isEqual: { CalendarDay($0) == CalendarDay($1) })
    }

    /// Why the entry is not a date now, or `nil`: the current problem on subscription, then
    /// each change (as the user enters an impossible date and as it is fixed or replaced by
    /// a model write). Bind it to the form row's `rx.error`. Completes when the field goes
    /// away.
    public var problem: Observable<String?> { base.problems.asObservable() }
}

/// A keyed form field can hold a date field: `form.addField("Born", dateField, key: "born")`.
extension DateField: FormValueWidget {
    /// The date (`rx.date`).
    public var formValue: ControlProperty<DateComponents> { rx.date }
}
