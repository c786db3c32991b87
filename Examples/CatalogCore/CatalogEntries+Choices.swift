import Foundation
import TetherDateField
import TetherReactive
import TetherUI

/// The choosing widgets' entries and the date field.
extension CatalogEntry {
    static let plans = ["Free", "Pro", "Team"]
    static let channels = ["Email", "SMS", "Post"]
    static let countries = ["France", "Germany", "Japan", "Kenya", "Peru", "Spain"]

    static func picker(_ bag: DisposeBag) -> CatalogEntry {
        let plan = BehaviorRelay<String?>(value: "Pro")
        let picker = Picker(options: plans, selection: "Pro", axis: .horizontal)
        (picker.rx.selection <-> plan).disposed(by: bag)
        return CatalogEntry(
            group: .widgets, title: "Picker", example: picker,
            state: [plan.asObservable().map { "plan: \($0 ?? "nil")" }],
            code: ["let picker = Picker(options: plans, axis: .horizontal)", "picker.rx.selection <-> model.plan"])
    }

    static func checkList(_ bag: DisposeBag) -> CatalogEntry {
        let contact = BehaviorRelay<Set<String>>(value: ["Email"])
        let list = CheckList(options: channels, selection: ["Email"])
        (list.rx.selection <-> contact).disposed(by: bag)
        let state = contact.asObservable().map { set in
            "contact: [" + channels.filter(set.contains).joined(separator: ", ") + "]"
        }
        return CatalogEntry(
            group: .widgets, title: "CheckList", example: list, state: [state],
            code: ["let list = CheckList(options: channels)", "list.rx.selection <-> model.contact"])
    }

    static func dropdown(_ bag: DisposeBag) -> CatalogEntry {
        let country = BehaviorRelay<String?>(value: nil)
        let dropdown = Dropdown(options: countries, placeholder: "choose a country", width: 20)
        (dropdown.rx.selection <-> country).disposed(by: bag)
        return CatalogEntry(
            group: .widgets, title: "Dropdown", example: dropdown,
            state: [country.asObservable().map { "country: \($0 ?? "nil")" }],
            code: ["let dropdown = Dropdown(options: countries)", "dropdown.rx.selection <-> model.country"])
    }

    static func dateField(_ bag: DisposeBag) -> CatalogEntry {
        let start = DateComponents(year: 2026, month: 11, day: 27)
        let born = BehaviorRelay(value: start)
        let field = DateField(date: start)
        let form = Form()
        // The longest problem the field can report: room for it from the start, so it moves nothing.
        let row = form.addField("Born", field).keepRoom(for: "31 September 2026 is not a date: September has 30 days.")
        (field.rx.date <-> born).disposed(by: bag)
        field.rx.problem.bind(to: row.rx.error).disposed(by: bag)
        let state = born.asObservable().map { "born: day \($0.day ?? 0), month \($0.month ?? 0), year \($0.year ?? 0)" }
        return CatalogEntry(
            group: .widgets, title: "DateField", example: form, state: [state],
            code: [
                "let field = DateField(date: start)   // TetherDateField",
                "field.rx.date <-> model.born",
                "field.rx.problem.bind(to: row.rx.error)",
            ])
    }
}
