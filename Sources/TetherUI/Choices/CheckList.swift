import TetherReactive

/// Many of N, drawn as check boxes: `[x] Email` and `[ ] SMS`, one per row or side by side
/// (``ChoiceAxis``).
///
/// ``selection`` is the set of checked options; setting it is a programmatic write.
/// `rx.selection` reports the user's checks and the changes the options force, never a
/// programmatic write (see ``ChoiceWidget`` for the options/selection rule). Keys, through
/// the application's ``KeyMap``: ←/→ (``Intent/previousOption``, ``Intent/nextOption``)
/// move the highlight on either axis; ↑/↓ do on a vertical list (past the first or last
/// option they move focus on) and a horizontal list leaves them to focus; Home/End and
/// PgUp/PgDn jump; Space (``Intent/toggle``) checks or unchecks the highlighted option.
/// Its own ``keyBindings`` add `a` (``Intent/toggleAll``): check every enabled option or,
/// when all are checked, uncheck them (elsewhere `a` is just a letter). A click checks or
/// unchecks the option under the pointer. Disabled options are dimmed, skipped and never
/// changed by the user.
///
/// ``minimumCount`` and ``maximumCount`` are validation, not limits: the user may go past
/// them and ``validationMessage`` (`rx.validationMessage`) says so.
@MainActor
public final class CheckList<Option: Hashable>: Widget, ChoiceWidget, SelectionReporting, ValidationReporting {
    private(set) var list: OptionList<Option>
    private var checked: Set<Option> {
        didSet { validation.onNext(validationMessage) }
    }
    private var cursor: Int?
    let editable = UserEditable<CheckList<Option>, Set<Option>>(get: { $0.checked }, set: { $0.checked = $1 })
    private let validation: BehaviorSubject<String?>
    /// One option per row (the default) or side by side.
    public var axis: ChoiceAxis {
        didSet { setNeedsLayout() }
    }
    /// The fewest options that must be checked (`nil`: no minimum).
    public var minimumCount: Int? {
        didSet { validation.onNext(validationMessage) }
    }
    /// The most options that may be checked (`nil`: no maximum).
    public var maximumCount: Int? {
        didSet { validation.onNext(validationMessage) }
    }

    /// A check list over `options`, showing each with `title` (a key path such as `\.name`
    /// works), with `selection` checked.
    public init(
        options: [Option] = [], selection: Set<Option> = [], axis: ChoiceAxis = .vertical,
        minimumCount: Int? = nil, maximumCount: Int? = nil,
        title: @escaping (Option) -> String = { String(describing: $0) }
    ) {
        list = OptionList(options, title: title)
        checked = selection
        self.axis = axis
        self.minimumCount = minimumCount
        self.maximumCount = maximumCount
        validation = BehaviorSubject(value: nil)
        super.init()
        validation.onNext(validationMessage)
    }

    isolated deinit { validation.onCompleted() }

    /// The checked options. Setting them is programmatic: redrawn when they differ, never
    /// reported. Bind them two ways with `rx.selection`.
    public var selection: Set<Option> {
        get { checked }
        set { editable.set(newValue, on: self) }
    }

    /// The options, in order. Setting them unchecks the options that are gone, reported on
    /// `rx.selection`.
    public var options: [Option] {
        get { list.options }
        set {
            cursor = list.replace(with: newValue, keeping: cursor)
            let kept = checked.filter(list.contains)
            if kept != checked { editable.userSet(kept, on: self) }
            setNeedsLayout()
        }
    }

    /// Options drawn dimmed that the user cannot check or uncheck.
    public var disabledOptions: Set<Option> {
        get { list.disabled }
        set {
            list.disabled = newValue
            setNeedsDisplay()
        }
    }

    /// Why the selection is not valid (`Choose at least 1`, `Choose at most 2`), or `nil`.
    public var validationMessage: String? {
        CheckList.countMessage(checked.count, minimum: minimumCount, maximum: maximumCount)
    }

    /// Why `count` checked options are not valid between `minimum` and `maximum`, or `nil`.
    static func countMessage(_ count: Int, minimum: Int?, maximum: Int?) -> String? {
        if let minimum, count < minimum { return "Choose at least \(minimum)" }
        if let maximum, count > maximum { return "Choose at most \(maximum)" }
        return nil
    }

    var selectionProperty: ControlProperty<Set<Option>> { editable.property(of: self) }
    var validationMessages: Observable<String?> { validation.asObservable().distinctUntilChanged() }

    /// Checks `option` when unchecked and unchecks it when checked, as the user would:
    /// reported on `rx.selection`. Ignored for a disabled option or one not among the options.
    public func flip(_ option: Option) {
        guard let index = list.index(of: option), list.isEnabled(index) else { return }
        flip(at: index)
    }

    private func flip(at index: Int) {
        cursor = index
        var next = checked
        let option = list.options[index]
        if next.remove(option) == nil { next.insert(option) }
        editable.userSet(next, on: self)
    }

    /// Checks every enabled option, or unchecks them all when all are checked, as the user would.
    public func flipAll() {
        let enabled = list.options.indices.filter(list.isEnabled).map { list.options[$0] }
        let allChecked = enabled.allSatisfy(checked.contains)
        editable.userSet(allChecked ? checked.subtracting(enabled) : checked.union(enabled), on: self)
    }

    public override var canFocus: Bool { true }
    override var userValueSetter: (any UserValueSetting)? { self }
    override var fieldProblemReporter: (any FieldProblemReporting)? { self }

    public override func perform(_ intent: Intent) -> Bool {
        switch intent {
        case .toggle:
            guard let index = cursor ?? list.enabledIndex(from: 0, step: 1) else { return false }
            flip(at: index)
        case .toggleAll:
            flipAll()
        case .selectPrevious, .selectNext:
            guard axis == .vertical else { return false }
            return highlight(intent)
        case .previousOption, .nextOption:
            return highlight(intent == .nextOption ? .selectNext : .selectPrevious)
        default:
            return highlight(intent)
        }
        return true
    }

    /// Moves the highlight for a list intent.
    private func highlight(_ intent: Intent) -> Bool {
        let from = cursor ?? list.enabledIndex(from: 0, step: 1)
        guard let target = list.target(of: intent, from: from, page: max(1, frame.height - 1)) else { return false }
        cursor = target
        setNeedsDisplay()
        return true
    }

    /// `a` checks or unchecks every option (``Intent/toggleAll``).
    public override var keyBindings: KeyMap? { checkListKeys }

    /// `Space check · a all`.
    public override var keyHints: [KeyHint] { [KeyHint(.toggle, help: "check"), KeyHint(.toggleAll, help: "all")] }

    public override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(.left) = event.kind else { return false }
        if let index = list.enabledIndex(at: event.position, in: frame, axis: axis) { flip(at: index) }
        return true
    }

    public override func preferredSize(for proposal: Size) -> Size {
        list.inlinePreferredSize(axis: axis, within: proposal)
    }

    public override var minimumSize: Size { list.inlineMinimumSize(axis: axis) }

    public override func draw(in canvas: inout Canvas, context: DrawContext) {
        let shownCursor = cursor ?? list.enabledIndex(from: 0, step: 1)
        list.drawInline(
            in: &canvas, width: frame.width, axis: axis, theme: context.theme, cursor: shownCursor,
            focused: isFocused, enabled: isEffectivelyEnabled
        ) { [list, checked] index in
            checked.contains(list.options[index]) ? "[x]" : "[ ]"
        }
    }

    public override var description: String { "CheckList(\(checked.count) of \(list.count) checked)" }
}

/// A check list's own bindings: `a` checks or unchecks every option.
private let checkListKeys: KeyMap = {
    var keys = KeyMap()
    keys.bind(.character("a"), to: .toggleAll, help: "all")
    return keys
}()
