import TetherReactive
import TetherUI

/// The containers' and presentations' entries.
extension CatalogEntry {
    static func containers(_ bag: DisposeBag) -> [CatalogEntry] {
        [form(bag), panel(), stacks(), popup(bag)]
    }

    static func form(_ bag: DisposeBag) -> CatalogEntry {
        let name = BehaviorRelay(value: "")
        let saved = BehaviorRelay(value: 0)
        let field = TextField(placeholder: "your name", width: 20)
        let save = Button("Save")
        let form = Form()
        form.addField("Name", field)
        form.addButtons([save], default: save)
        (field.rx.text <-> name).disposed(by: bag)
        save.rx.tap.subscribe(onNext: { saved.accept(saved.value + 1) }).disposed(by: bag)
        return CatalogEntry(
            group: .containers, title: "Form", example: form, state: [quoted("name", name), line("saves", saved)],
            code: [
                "form.addField(\"Name\", field)", "form.addButtons([save], default: save)",
                "field.rx.text <-> model.name",
            ])
    }

    static func panel() -> CatalogEntry {
        let panel = Panel(title: "Account", Label("A border and a title around a widget"))
        return CatalogEntry(
            group: .containers, title: "Panel", example: panel, state: [Observable.just("(no state)")],
            code: ["Panel(title: \"Account\", Label(\"A border and a title…\"))"])
    }

    static func stacks() -> CatalogEntry {
        let stack = VStack([
            HStack([Label("one"), Label("two"), Label("three")]), Label("below, in a VStack"),
        ])
        return CatalogEntry(
            group: .containers, title: "Stacks", example: stack, state: [Observable.just("(no state)")],
            code: ["VStack([HStack([Label(\"one\"), Label(\"two\"), Label(\"three\")]),", "        Label(\"below\")])"])
    }

    static func popup(_ bag: DisposeBag) -> CatalogEntry {
        let opened = BehaviorRelay(value: 0)
        let button = Button("Open a popup")
        button.rx.tap.subscribe(onNext: { [weak button] in
            opened.accept(opened.value + 1)
            button?.presentPopup(Label("A popup: Esc closes it"))
        }).disposed(by: bag)
        return CatalogEntry(
            group: .containers, title: "Popup", example: button, state: [line("opened", opened)],
            code: ["button.rx.tap.subscribe(onNext: {", "    button.presentPopup(Label(\"A popup…\")) })"])
    }

    static func presentations() -> [CatalogEntry] {
        [
            presentation(
                "Full screen", "This catalog: the terminal's alternate screen, restored on exit.",
                "swift run login-demo"),
            presentation(
                "Inline", "The form in a band of rows under the prompt; the shell's lines stay above it.",
                "swift run login-demo -- --inline"),
            presentation(
                "Accessible", "One question per line, for screen readers: Username [demo]: …",
                "swift run login-demo -- --accessible"),
            presentation(
                "Scripted", "Answers piped in, one per line; the outcome on standard output.",
                "printf 'demo\\ntether-demo\\n\\n\\n\\n' |", "  login-demo --accessible > outcome.txt"),
        ]
    }

    static func presentation(_ title: String, _ text: String, _ command: String...) -> CatalogEntry {
        CatalogEntry(
            group: .presentations, title: title, example: Label(text, overflow: .wrap),
            state: [Observable.just("the same form and view model in each")], code: command)
    }
}
