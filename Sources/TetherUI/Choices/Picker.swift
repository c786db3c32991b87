import TetherReactive

/// One of N, drawn as a radio list: `(•) France` and `( ) Germany`, one per row or side by
/// side (``ChoiceAxis``).
///
/// ``selection`` is the chosen option (`nil`: none); setting it is a programmatic write.
/// `rx.selection` reports the user's choices and the changes the options force, never a
/// programmatic write (see ``ChoiceWidget`` for the options/selection rule).
///
/// Keys, through the application's ``KeyMap``; the arrows never change the choice by
/// surprise while the user moves through a form:
/// - ←/→ (``Intent/previousOption``, ``Intent/nextOption``) choose the previous or next
///   enabled option at once, on either axis (past the first or last option they do nothing);
/// - ↑/↓ on a vertical picker move a highlight without choosing (past the first or last
///   option they move focus on); a horizontal picker leaves them to focus, as every other field;
/// - Home/End and PgUp/PgDn move the highlight to the first, last or a page away;
/// - Space (``Intent/toggle``) chooses the highlighted option; so does Enter
///   (``Intent/activate``) when the user moved the highlight off the chosen option
///   (otherwise Enter goes on to the form: next field or default button).
///
/// The highlight starts on the chosen option each time focus arrives. A click chooses the
/// option under the pointer. Disabled options are dimmed and skipped; titles are measured by
/// display width and truncated with `…`.
@MainActor
public final class Picker<Option: Hashable>: Widget, ChoiceWidget, SelectionReporting {
    private(set) var list: OptionList<Option>
    private var chosen: Option?
    /// The highlighted option while focused, when the user moved it (else the chosen one).
    private var cursor: Int?
    let editable = UserEditable<Picker<Option>, Option?>(get: { $0.chosen }, set: { $0.chosen = $1 })
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

    /// The highlighted option: the one moved to, else the chosen one.
    private var current: Int? { cursor ?? chosen.flatMap(list.index(of:)) }

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
            cursor = list.replace(with: newValue, keeping: current)
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
    override var userValueSetter: (any UserValueSetting)? { self }

    public override func perform(_ intent: Intent) -> Bool {
        switch intent {
        case .toggle:
            guard let index = current ?? list.enabledIndex(from: 0, step: 1), list.isEnabled(index) else {
                return false
            }
            choose(at: index)
            return true
        case .activate:
            guard let index = cursor, index != chosen.flatMap(list.index(of:)), list.isEnabled(index) else {
                return false
            }
            choose(at: index)
            return true
        case .previousOption, .nextOption:
            let move: Intent = intent == .nextOption ? .selectNext : .selectPrevious
            guard let target = list.target(of: move, from: current, page: 1) else { return false }
            choose(at: target)
            return true
        case .selectPrevious, .selectNext:
            guard axis == .vertical else { return false }
            return highlight(intent)
        default:
            return highlight(intent)
        }
    }

    /// Moves the highlight for a list intent, choosing nothing.
    private func highlight(_ intent: Intent) -> Bool {
        guard let target = list.target(of: intent, from: current, page: max(1, frame.height - 1)) else {
            return false
        }
        cursor = target
        setNeedsDisplay()
        return true
    }

    /// Leaving forgets the highlight: it starts on the chosen option next time.
    public override func focusChanged() {
        if !isFocused { cursor = nil }
    }

    /// Space chooses; ←/→ choose at once on a horizontal picker, ↑/↓ move on a vertical one,
    /// where Enter chooses too while the highlight is off the chosen option.
    public override var keyHints: [KeyHint] {
        guard axis == .vertical else { return [KeyHint(.previousOption, .nextOption, help: "choose")] }
        let enterChooses = cursor.map { $0 != chosen.flatMap(list.index(of:)) && list.isEnabled($0) } ?? false
        return [
            KeyHint(.selectPrevious, .selectNext, help: "move"),
            enterChooses ? KeyHint(.toggle, .activate, help: "choose") : KeyHint(.toggle, help: "choose"),
        ]
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
