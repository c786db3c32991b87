import TetherReactive

/// One of N, drawn as a radio list: `(•) France` and `( ) Germany`, one per row or side by
/// side (``ChoiceAxis``).
///
/// ``selection`` is the chosen option (`nil`: none); setting it is a programmatic write.
/// `rx.selection` reports the user's choices and the changes the options force, never a
/// programmatic write (see ``ChoiceWidget`` for the options/selection rule). Keys, through
/// the application's ``KeyMap``: ↑/↓ and ←/→ (``Intent/selectPrevious``,
/// ``Intent/selectNext``) choose the previous or next enabled option, Home/End the first or
/// last, PgUp/PgDn jump a page; past the first or last option the key moves focus on. Space
/// chooses the highlighted option when none is chosen. A click chooses the option under the
/// pointer. Disabled options are dimmed and skipped; titles are measured by display width
/// and truncated with `…`.
@MainActor
public final class Picker<Option: Hashable>: Widget, ChoiceWidget, SelectionReporting {
    private(set) var list: OptionList<Option>
    private var chosen: Option?
    /// The highlighted option when none of the options is chosen.
    private var cursor: Int?
    let editable = UserEditable<Picker<Option>, Option?>(\.chosen)
    /// One option per row (the default) or side by side.
    public var axis: ChoiceAxis {
        didSet { setNeedsLayout() }
    }

    /// A picker over `options`, showing each with `title` (a key path such as `\.name`
    /// works), with `selection` chosen.
    public init(
        options: [Option] = [], selection: Option? = nil, axis: ChoiceAxis = .vertical,
        title: @escaping (Option) -> String = { String(describing: $0) }
    ) {
        list = OptionList(options, title: title)
        chosen = selection
        self.axis = axis
        super.init()
    }

    /// The highlighted option: the chosen one, else the last one moved to.
    private var current: Int? { chosen.flatMap(list.index(of:)) ?? cursor }

    /// The chosen option. Setting it is programmatic: redrawn when it differs, never
    /// reported. Bind it two ways with `rx.selection`.
    public var selection: Option? {
        get { chosen }
        set { editable.set(newValue, on: self) }
    }

    /// The options, in order. Setting them keeps a selection still among them and turns a
    /// vanished one into `nil`, reported on `rx.selection`.
    public var options: [Option] {
        get { list.options }
        set {
            let highlighted = current.map { list.options[$0] }
            list.replace(with: newValue)
            cursor = highlighted.flatMap(list.index(of:))
            if let chosen, !list.contains(chosen) { editable.userSet(nil, on: self) }
            setNeedsLayout()
        }
    }

    /// Options drawn dimmed that the user cannot choose.
    public var disabledOptions: Set<Option> {
        get { list.disabled }
        set {
            list.disabled = newValue
            setNeedsDisplay()
        }
    }

    var selectionProperty: ControlProperty<Option?> { editable.property(of: self) }

    /// Chooses `option` as the user would: reported on `rx.selection` when it differs.
    /// Ignored for a disabled option or one not among the options.
    public func choose(_ option: Option) {
        guard let index = list.index(of: option), list.isEnabled(index) else { return }
        choose(at: index)
    }

    private func choose(at index: Int) {
        cursor = index
        editable.userSet(list.options[index], on: self)
        setNeedsDisplay()
    }

    public override var canFocus: Bool { true }

    public override func perform(_ intent: Intent) -> Bool {
        switch intent {
        case .toggle:
            guard let index = current ?? list.enabledIndex(from: 0, step: 1), list.isEnabled(index) else {
                return false
            }
            choose(at: index)
            return true
        default:
            guard let target = list.target(of: intent, from: current, page: max(1, frame.height - 1)) else {
                return false
            }
            choose(at: target)
            return true
        }
    }

    public override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(.left) = event.kind else { return false }
        if let index = list.enabledIndex(at: event.position, in: frame, axis: axis) { choose(at: index) }
        return true
    }

    public override func preferredSize(for proposal: Size) -> Size {
        list.inlinePreferredSize(axis: axis, within: proposal)
    }

    public override var minimumSize: Size { list.inlineMinimumSize(axis: axis) }

    public override func draw(in canvas: inout Canvas, context: DrawContext) {
        let chosenIndex = chosen.flatMap(list.index(of:))
        let shownCursor = current ?? list.enabledIndex(from: 0, step: 1)
        list.drawInline(
            in: &canvas, width: frame.width, axis: axis, theme: context.theme, cursor: shownCursor,
            focused: isFocused, enabled: isEffectivelyEnabled
        ) { $0 == chosenIndex ? "(•)" : "( )" }
    }

    public override var description: String {
        "Picker(\(chosen.map { list.title($0).debugDescription } ?? "nil"), \(list.count) options)"
    }
}
