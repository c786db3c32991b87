import TetherReactive

/// One of N in one row: `[France        ▾]`, with a popup list to choose from.
///
/// ``selection`` is the chosen option (`nil`: none, showing ``placeholder``); setting it is a
/// programmatic write. `rx.selection` reports the user's choices and the changes the
/// options force, never a programmatic write (see ``ChoiceWidget`` for the
/// options/selection rule).
///
/// Enter, Space, Alt-↓ (``Intent/openPopup``), a click or typing opens the list, anchored
/// below the dropdown (above near the bottom edge, moved left near the right edge,
/// re-anchored after a resize), as wide as the widest option within the screen. In the
/// list: ↑/↓, PgUp/PgDn, Home/End and the wheel move the highlight (skipping disabled
/// options); typing filters the options case-insensitively by substring, highlighting the
/// matched part (Backspace widens the filter again; `no matches` when none do); Enter or a
/// click chooses and closes (Enter with a filter that leaves nothing to choose keeps the list
/// and says why in the application's ``Application/notice``); Tab chooses and moves focus on;
/// Esc or a click outside closes without change. Long lists scroll (``maximumVisibleRows`` rows at most).
@MainActor
public final class Dropdown<Option: Hashable>: Widget, ChoiceWidget, SelectionReporting {
    private(set) var list: OptionList<Option>
    private var chosen: Option?
    let editable = UserEditable<Dropdown<Option>, Option?>(get: { $0.chosen }, set: { $0.chosen = $1 })
    private lazy var popup = DropdownList(dropdown: self)
    /// Shown dimmed while nothing is chosen.
    public var placeholder: String {
        didSet { setNeedsDisplay() }
    }
    /// The width in columns (`nil`: the widest option and the arrow).
    public var preferredWidth: Int? {
        didSet { setNeedsLayout() }
    }
    /// The most rows the open list shows before it scrolls.
    public var maximumVisibleRows = 8

    /// A dropdown over `options`, showing each with `title` (a key path such as `\.name`
    /// works), with `selection` chosen.
    public init(
        options: [Option] = [], selection: Option? = nil, placeholder: String = "",
        width: Int? = nil, title: @escaping (Option) -> String = { String(describing: $0) }
    ) {
        list = OptionList(options, title: title)
        chosen = selection
        self.placeholder = placeholder
        preferredWidth = width
        super.init()
        popup.optionsChanged(keeping: nil)
    }

    /// The chosen option. Setting it is programmatic: redrawn when it differs, never
    /// reported. Bind it two ways with `rx.selection`.
    public var selection: Option? {
        get { chosen }
        set { editable.set(newValue, on: self) }
    }

    /// The options, in order. Setting them keeps a selection still among them and turns a
    /// vanished one into `nil`, reported on `rx.selection`; an open list is filtered again.
    public var options: [Option] {
        get { list.options }
        set {
            popup.optionsChanged(keeping: list.replace(with: newValue, keeping: popup.highlightedOption))
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
            if isOpen { popup.setNeedsDisplay() }
        }
    }

    var selectionProperty: ControlProperty<Option?> { editable.property(of: self) }

    /// `true` while the list is open.
    public var isOpen: Bool { popup.isPresentedAsPopup }

    /// Opens the list with `filter` typed, the chosen option highlighted. Does nothing when
    /// it is open or the dropdown is not on screen.
    public func open(filter: String = "") {
        guard !isOpen else { return }
        popup.reset(filter: filter, chosen: chosen.flatMap(list.index(of:)))
        presentPopup(popup) { [weak self] in self?.setNeedsDisplay() }
    }

    /// Closes the list without choosing.
    public func close() {
        if isOpen { popup.dismissPopup() }
    }

    /// The user chose the option at `index` in the list.
    func chooseFromList(_ index: Int) {
        editable.userSet(list.options[index], on: self)
    }

    // MARK: Input

    public override var canFocus: Bool { true }
    override var userValueSetter: (any UserValueSetting)? { self }

    /// `Enter open list` (Space and Alt-↓ open it too).
    public override var keyHints: [KeyHint] { [KeyHint(.activate, help: "open list")] }

    public override func perform(_ intent: Intent) -> Bool {
        switch intent {
        case .activate, .toggle, .openPopup:
            open()
            return true
        default:
            return false
        }
    }

    /// `true`: typed keys are the widget's text (key help offers F1 for the key list).
    public override var takesTypedText: Bool { true }

    public override func insertText(_ text: String) -> Bool {
        open(filter: text)
        return true
    }

    public override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(.left) = event.kind else { return false }
        open()
        return true
    }

    // MARK: Drawing

    public override func preferredSize(for proposal: Size) -> Size {
        Size(
            width: min(preferredWidth ?? max(list.widestTitle, placeholder.terminalWidth, 4) + 4, proposal.width),
            height: 1)
    }

    public override var minimumSize: Size { Size(width: min(preferredWidth ?? 6, 6), height: 1) }

    public override func draw(in canvas: inout Canvas, context: DrawContext) {
        let theme = context.theme
        let enabled = isEffectivelyEnabled
        let style = theme.style(enabled: enabled, focused: isFocused || isOpen)
        canvas.fill(Rect(x: 0, y: 0, width: frame.width, height: 1), with: .blank(style))
        canvas.put("[", at: .zero, style: style)
        canvas.put("▾]", at: Point(x: frame.width - 2, y: 0), style: style)
        let room = frame.width - 4
        if isOpen, !popup.filter.isEmpty {
            canvas.put(popup.filter.truncated(toWidth: room), at: Point(x: 1, y: 0), style: style)
        } else if let chosen {
            canvas.put(list.title(chosen).truncated(toWidth: room), at: Point(x: 1, y: 0), style: style)
        } else {
            canvas.put(
                placeholder.truncated(toWidth: room), at: Point(x: 1, y: 0),
                style: enabled ? theme.placeholder : theme.disabled)
        }
    }

    public override var description: String {
        "Dropdown(\(chosen.map { list.title($0).debugDescription } ?? "nil"), \(list.count) options)"
    }
}
