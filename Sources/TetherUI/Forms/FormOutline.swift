/// What the accessible presentation reads of an application's forms, from the form model:
/// the widgets it asks (each with its field, label and step) in form order, depth first;
/// the first form's default button, that form, and the title of the panel around it.
///
/// What a widget adds is its own to say (``OutlineContributing``): a form its rows, a panel
/// the title of the forms inside it; a widget that can be asked (``AccessiblePrompting``)
/// adds itself; any other widget its children.
@MainActor
struct FormOutline {
    /// One widget to ask.
    struct Entry {
        let label: String?
        let widget: any AccessiblePrompting
        let field: Form.Field?
        /// The step of a form in steps that holds the field.
        var step: Form.Section? = nil
    }

    private(set) var entries: [Entry] = []
    /// The first form's default button, pressed at the end.
    private(set) var defaultButton: Button?
    /// The form whose default button that is.
    private(set) weak var form: Form?
    /// The title of the nearest panel around the first form that has one.
    private(set) var title: String?

    /// The step being read, and the titles of the panels around the widget being read.
    private var step: Form.Section?
    private var titles: [String] = []

    /// The outline of every form under `root`.
    init(of root: Widget) { visit(root) }

    /// Adds what `widget` holds that the presentation asks.
    mutating func visit(_ widget: Widget) {
        if let contributing = widget as? any OutlineContributing {
            contributing.addOutline(to: &self)
        } else {
            add(widget, label: nil, field: nil)
        }
    }

    /// Adds `form`'s rows (its fields with their labels, its steps).
    mutating func add(_ form: Form) {
        if defaultButton == nil {
            defaultButton = form.defaultButton
            self.form = form
            title = titles.last
        }
        for row in form.rows {
            switch row {
            case .field(let field): add(field.widget, label: field.title, field: field)
            case .widget(let widget): visit(widget)
            case .section(let section): if section.isStep { step = section }
            }
        }
        step = nil
    }

    /// Adds a field's widget: itself when it can be asked, else what it holds.
    mutating func add(_ widget: Widget, label: String?, field: Form.Field?) {
        if let prompting = widget as? any AccessiblePrompting {
            entries.append(Entry(label: label, widget: prompting, field: field, step: step))
        } else if let contributing = widget as? any OutlineContributing {
            contributing.addOutline(to: &self)
        } else {
            for child in widget.children { visit(child) }
        }
    }

    /// Reads `body` inside a panel titled `title`.
    mutating func inside(titled title: String?, _ body: (inout FormOutline) -> Void) {
        guard let title, !title.isEmpty else { return body(&self) }
        titles.append(title)
        body(&self)
        titles.removeLast()
    }
}

/// A widget that says itself what it adds to a ``FormOutline``.
@MainActor
protocol OutlineContributing: Widget {
    func addOutline(to outline: inout FormOutline)
}

extension Form: OutlineContributing {
    func addOutline(to outline: inout FormOutline) { outline.add(self) }
}

extension Panel: OutlineContributing {
    func addOutline(to outline: inout FormOutline) {
        outline.inside(titled: title) { inner in
            for child in children { inner.visit(child) }
        }
    }
}
