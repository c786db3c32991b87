import TetherReactive
import TetherUI

/// The catalog: every widget, container and presentation in a list on the left; on the
/// right the chosen one live, its view model's state as it changes, and the code that
/// makes it. ↑/↓ in the list choose, Tab goes into the example, Esc quits (asking first when
/// an example's form was edited).
@MainActor
public final class CatalogScreen {
    /// Everything the catalog shows, in list order.
    public let entries: [CatalogEntry]
    /// What the application shows.
    public let root: Widget
    /// The keys of the focused widget, on the bottom row.
    public let keyHelp = KeyHelpBar()
    let list: CatalogList
    private let examples: [Widget]
    private let states: [Widget]
    private let codes: [Widget]
    private let bag: DisposeBag

    public init() {
        let bag = DisposeBag()
        self.bag = bag
        entries = CatalogEntry.widgets(bag) + CatalogEntry.containers(bag) + CatalogEntry.presentations()
        list = CatalogList(entries)
        examples = entries.map(\.example)
        states = entries.map { entry in
            VStack(
                entry.state.map { state in
                    let label = Label()
                    state.bind(to: label.rx.text).disposed(by: bag)
                    return label
                })
        }
        codes = entries.map { VStack($0.code.map { Label($0, role: .accent) }) }
        let right = CatalogColumn([
            // Leading: each example at its own width (a drop-down of 20 columns stays 20).
            Panel(title: "Example", VStack(alignment: .leading, examples)),
            Panel(title: "View model", VStack(states)),
            Panel(title: "Code", VStack(codes)),
        ])
        root = FooterLayout(HStack(spacing: 0, [Panel(title: "Catalog", list), right]), footer: keyHelp)
        list.onSelect = { [weak self] in self?.show($0) }
        show(0)
    }

    /// The index of the entry shown.
    public var selection: Int { list.selection }

    /// Shows entry `index` as the user's choice would.
    public func choose(_ index: Int) { list.choose(index) }

    /// Shows entry `index`, hiding the others.
    private func show(_ index: Int) {
        for (position, parts) in zip(examples, zip(states, codes)).enumerated() {
            let hidden = position != index
            parts.0.isHidden = hidden
            parts.1.0.isHidden = hidden
            parts.1.1.isHidden = hidden
        }
    }

    /// Connects the screen's keys to `app`: Esc quits (an open popup or list closes first;
    /// with an example's form edited, "Discard changes?" asks first), and `?` or F1 list
    /// every key.
    public func attach(to app: Application) {
        app.onKey(.escape) { [weak app, weak self] in
            guard let form = self?.examples.lazy.compactMap(Self.dirtyForm).first else { app?.quit(); return }
            form.confirmDiscard { app?.quit() }
        }.disposed(by: bag)
        app.showsKeyHelp = true
    }

    /// The first form in `widget`'s tree with edits not saved, if any.
    private static func dirtyForm(in widget: Widget) -> Form? {
        if let form = widget as? Form, form.isDirty { return form }
        return widget.children.lazy.compactMap(dirtyForm).first
    }
}
