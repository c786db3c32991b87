import Foundation
import TetherDateField
import TetherReactive
import TetherTesting
import TetherUI

/// 27 November 2026 as components.
let novemberTwentySeventh = DateComponents(year: 2026, month: 11, day: 27)

/// A form with the date field under the label "Born", bound two ways to a relay, with the
/// field's problem shown in the row's message. Kept alive by the test.
@MainActor
final class DateFieldForm {
    let field: DateField
    let form = Form()
    let model: BehaviorRelay<DateComponents>
    let bag = DisposeBag()

    init(date: DateComponents = novemberTwentySeventh, years: ClosedRange<Int> = 1...9999) {
        field = DateField(date: date, years: years)
        model = BehaviorRelay(value: date)
        let row = form.addField("Born", field)
        (field.rx.date <-> model).disposed(by: bag)
        field.rx.problem.bind(to: row.rx.error).disposed(by: bag)
    }

    /// The form on a 40 × 4 headless terminal.
    func pilot() throws -> Pilot { try Pilot(root: form, size: Size(width: 40, height: 4)) }
}
