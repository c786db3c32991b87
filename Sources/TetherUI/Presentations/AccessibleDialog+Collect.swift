/// Where the questions come from: the forms' rows in order, and the heading said before
/// them. A form in steps adds its step headings here.
extension AccessibleDialog {
    /// The fields to ask, in order (each form's rows, depth first), the first form's
    /// default button, and the title of the panel around the first form.
    static func collect(_ root: Widget) -> (items: [Item], defaultButton: Button?, title: String?) {
        var items: [Item] = []
        var button: Button?
        var title: String?
        var step: Form.Section?
        func visit(_ widget: Widget, label: String?, field: Form.Field?) {
            if let form = widget as? Form {
                if button == nil {
                    button = form.defaultButton
                    title = panelTitle(around: form)
                }
                for row in form.rows {
                    switch row {
                    case .field(let field): visit(field.widget, label: field.title, field: field)
                    case .widget(let widget): visit(widget, label: nil, field: nil)
                    case .section(let section): if section.isStep { step = section }
                    }
                }
                step = nil
            } else if let prompting = widget as? any AccessiblePrompting {
                items.append(Item(label: label, widget: prompting, field: field, step: step))
            } else {
                for child in widget.children { visit(child, label: nil, field: nil) }
            }
        }
        visit(root, label: nil, field: nil)
        return (items, button, title)
    }

    /// The title of the nearest panel around `widget` that has one.
    static func panelTitle(around widget: Widget) -> String? {
        var node = widget.parent
        while let current = node {
            if let panel = current as? Panel, let title = panel.title, !title.isEmpty { return title }
            node = current.parent
        }
        return nil
    }

    /// Says the title and how many questions come, and how to go back: "Tether · Sign in.
    /// 4 questions; answer < to go back to the previous one." Said only when there is a
    /// title (a bare form starts with its first question).
    func introduce() {
        guard let title else { return }
        let count = items.indices.filter { askable(items[$0].widget) && !given($0) }.count
        // Answered from outside with nothing left to ask: there is nothing to introduce.
        if count == 0, answeredFromOutside { return }
        var questions = count == 1 ? "1 question" : "\(count) questions"
        let steps = Set(items.compactMap { $0.step.flatMap { $0.isVisible ? ObjectIdentifier($0) : nil } }).count
        if steps > 1 { questions = "\(steps) steps, \(questions)" }
        let back = count > 1 ? "; answer \(AccessibleDialog.backCommand) to go back to the previous one" : ""
        write(CommandRun.sentence(title) + "\n" + "\(questions)\(back).\n")
    }
}
