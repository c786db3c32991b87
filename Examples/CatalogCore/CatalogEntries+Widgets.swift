import Foundation
import TetherDateField
import TetherReactive
import TetherUI

/// The widgets' entries, each over a view model of relays bound two ways.
extension CatalogEntry {
    static func widgets(_ bag: DisposeBag) -> [CatalogEntry] {
        [
            label(bag), textField(bag), secureField(bag), textArea(bag), typedField(bag), toggle(bag), slider(bag),
            button(bag), picker(bag), checkList(bag), dropdown(bag), dateField(bag),
        ]
    }

    static func label(_ bag: DisposeBag) -> CatalogEntry {
        let greeting = BehaviorRelay(value: "Hello from a Label")
        let label = Label()
        greeting.bind(to: label.rx.text).disposed(by: bag)
        return CatalogEntry(
            group: .widgets, title: "Label", example: label, state: [quoted("greeting", greeting)],
            code: ["let label = Label()", "model.greeting.bind(to: label.rx.text)"])
    }

    static func textField(_ bag: DisposeBag) -> CatalogEntry {
        let name = BehaviorRelay(value: "")
        let field = TextField(placeholder: "your name", width: 24)
        (field.rx.text <-> name).disposed(by: bag)
        return CatalogEntry(
            group: .widgets, title: "TextField", example: field, state: [quoted("name", name)],
            code: ["let field = TextField(placeholder: \"your name\")", "field.rx.text <-> model.name"])
    }

    static func secureField(_ bag: DisposeBag) -> CatalogEntry {
        let password = BehaviorRelay(value: "")
        let field = SecureField(placeholder: "password", width: 24)
        (field.rx.text <-> password).disposed(by: bag)
        // Never the password itself: its length.
        let state = password.asObservable().map { "password: \($0.count) characters" }
        return CatalogEntry(
            group: .widgets, title: "SecureField", example: field, state: [state],
            code: ["let field = SecureField(placeholder: \"password\")", "field.rx.text <-> model.password"])
    }

    static func textArea(_ bag: DisposeBag) -> CatalogEntry {
        let about = BehaviorRelay(value: "")
        let area = TextArea(placeholder: "a few lines about you", minRows: 2, maxRows: 3, width: 36)
        (area.rx.text <-> about).disposed(by: bag)
        let state = about.asObservable().map {
            "about: \($0.split(separator: "\n").count) lines, \($0.count) characters"
        }
        return CatalogEntry(
            group: .widgets, title: "TextArea", example: area, state: [state],
            code: ["let area = TextArea(minRows: 2, maxRows: 3)", "area.rx.text <-> model.about"])
    }

    static func typedField(_ bag: DisposeBag) -> CatalogEntry {
        let age = BehaviorRelay(value: 30)
        let field = TextField(width: 5)
        let form = Form()
        let row = form.addField("Age", field)
        (field.rx.value(as: .integer(in: 0...150)) <-> age).disposed(by: bag)
        field.rx.parseError.bind(to: row.rx.error).disposed(by: bag)
        return CatalogEntry(
            group: .widgets, title: "Typed field", example: form, state: [line("age", age)],
            code: [
                "field.rx.value(as: .integer(in: 0...150)) <-> model.age",
                "field.rx.parseError.bind(to: row.rx.error)",
            ])
    }

    static func toggle(_ bag: DisposeBag) -> CatalogEntry {
        let notify = BehaviorRelay(value: true)
        let toggle = Toggle("Email me", isOn: true)
        (toggle.rx.isOn <-> notify).disposed(by: bag)
        return CatalogEntry(
            group: .widgets, title: "Toggle", example: toggle, state: [line("notify", notify)],
            code: ["let toggle = Toggle(\"Email me\")", "toggle.rx.isOn <-> model.notify"])
    }

    static func slider(_ bag: DisposeBag) -> CatalogEntry {
        let minutes = BehaviorRelay(value: 30)
        let slider = Slider(value: 30, in: 5...120, step: 5, format: { "\(Int($0)) min" })
        (slider.rx.intValue <-> minutes).disposed(by: bag)
        return CatalogEntry(
            group: .widgets, title: "Slider", example: slider, state: [line("minutes", minutes)],
            code: ["let slider = Slider(value: 30, in: 5...120, step: 5)", "slider.rx.intValue <-> model.minutes"])
    }

    static func button(_ bag: DisposeBag) -> CatalogEntry {
        let taps = BehaviorRelay(value: 0)
        let button = Button("Press me")
        button.rx.tap.subscribe(onNext: { taps.accept(taps.value + 1) }).disposed(by: bag)
        return CatalogEntry(
            group: .widgets, title: "Button", example: button, state: [line("taps", taps)],
            code: ["let button = Button(\"Press me\")", "button.rx.tap.subscribe(onNext: model.count)"])
    }
}
