import TetherReactive

/// The base of every element on screen: a rectangle in a tree, which draws itself,
/// may take focus, and handles what the user does while it has focus.
///
/// Widgets live on the main actor. Plain state has its Swift name and is set directly
/// (``isEnabled``, ``isHidden``, ``isFocused``); the reactive surface lives under `rx`:
/// - `rx.isEnabled`: a binder; a disabled widget is skipped by focus and drawn dimmed.
/// - `rx.isHidden`: a binder; a hidden widget takes no space, draws nothing, cannot be focused.
/// - `rx.isFocused`: an observable that starts with the current focus state and emits each change.
///
/// Subclass to make your own widget: override ``preferredSize(for:)``, ``draw(in:context:)``
/// and, for interactive widgets, ``canFocus``, ``perform(_:)`` (intents from keys),
/// ``insertText(_:)``, ``paste(_:)`` and ``handleMouse(_:)``; ``keyBindings`` for keys of
/// its own and ``keyHints`` for what key help shows while it has focus.
@MainActor
open class Widget: @MainActor CustomStringConvertible, @MainActor CustomDebugStringConvertible,
    @MainActor CustomReflectable
{
    /// The widget that contains this one.
    public var parent: Widget? { parentWidget }
    /// The widgets inside this one, in drawing order.
    public var children: [Widget] { childWidgets }
    // The storage behind `parent`, `children` and `frame`: private, so the optimizer sees every access and drops
    // the exclusivity checks a public stored property of a class needs on each read (40 a key, issue 24).
    private weak var parentWidget: Widget?
    private var childWidgets: [Widget] = []
    private var frameValue: Rect = .zero
    /// Where the widget sits on screen, in absolute cells; set by its parent's layout.
    public internal(set) var frame: Rect {
        get { frameValue }
        set { frameValue = newValue }
    }
    private weak var hostValue: (any WidgetHost)?
    /// The application showing this widget, set on the root of its tree (or of a popup's).
    var host: (any WidgetHost)? {
        get { hostValue }
        set {
            hostValue = newValue
            if parentWidget == nil { setTreeHost(newValue) }
        }
    }
    /// The root's ``host``, kept in every widget of the tree so that asking for it, as every
    /// redraw does, walks no parents (each a weak load, issue 24).
    private weak var treeHostValue: (any WidgetHost)?
    /// The host of the tree this widget is in: its root's ``host``.
    var treeHost: (any WidgetHost)? { treeHostValue }

    private var focusedValue = false
    /// The subject behind `rx.isFocused`, made when first asked for: most widgets (labels,
    /// every row of a long form) are never observed, and a subject each would cost memory.
    private var focusSubjectStorage: BehaviorSubject<Bool>?
    private var enabledValue = true
    /// Whether every ancestor is enabled: kept up to date as ``isEnabled`` changes above the
    /// widget and as it moves in the tree, so that ``isEffectivelyEnabled``, which widgets ask
    /// on every draw, walks no parents (each a weak load).
    private var ancestorsEnabled = true
    private var hiddenValue = false

    /// A widget with no children.
    public init() {}

    // MARK: Tree

    /// Adds `child` at the end of the children.
    public func addChild(_ child: Widget) {
        child.removeFromParent()
        child.parentWidget = self
        child.setAncestorsEnabled(isEffectivelyEnabled)
        child.setTreeHost(treeHost)
        updateChildren { $0.append(child) }
        structureChanged()
    }

    /// Removes the widget from its parent.
    public func removeFromParent() {
        guard let parent else { return }
        let treeHost = treeHost
        parent.updateChildren { $0.removeAll { $0 === self } }
        parentWidget = nil
        setAncestorsEnabled(true)
        setTreeHost(host)
        treeHost?.widgetRemoved(self)
        parent.structureChanged()
    }

    /// Changes the children through a local copy that owns their storage alone (so the
    /// change is in place), with no access to the stored array in progress meanwhile. A
    /// change made in place (`childWidgets.append`) holds a modify access across code that
    /// may release a widget, and one such access keeps a run-time exclusivity check on every
    /// read of the children, as each redraw makes (issue 24).
    private func updateChildren(_ change: (inout [Widget]) -> Void) {
        var list = childWidgets
        childWidgets = []
        change(&list)
        childWidgets = list
    }

    /// The top of the tree this widget is in.
    public var root: Widget {
        var node = self
        while let up = node.parent { node = up }
        return node
    }

    /// `true` when `self` is `widget` or contains it.
    public func isAncestor(of widget: Widget) -> Bool {
        var node: Widget? = widget
        while let current = node {
            if current === self { return true }
            node = current.parent
        }
        return false
    }

    // MARK: State

    /// Whether the widget responds to the user. Setting it to a different value redraws;
    /// a disabled widget loses focus. Bind it with `rx.isEnabled`.
    public var isEnabled: Bool {
        get { enabledValue }
        set {
            guard newValue != enabledValue else { return }
            enabledValue = newValue
            for child in children { child.setAncestorsEnabled(isEffectivelyEnabled) }
            treeHost?.focusabilityChanged(self)
            setNeedsDisplay()
        }
    }

    /// Whether the widget is left out of layout, drawing and focus. Setting it to a
    /// different value lays the tree out again. Bind it with `rx.isHidden`.
    public var isHidden: Bool {
        get { hiddenValue }
        set {
            guard newValue != hiddenValue else { return }
            hiddenValue = newValue
            treeHost?.focusabilityChanged(self)
            setNeedsLayout()
        }
    }

    /// `true` while the widget has keyboard focus. Observe it with `rx.isFocused`.
    public var isFocused: Bool { focusedValue }

    /// The focus state as a subject (starting with the current state), made on first use.
    var focusSubject: BehaviorSubject<Bool> {
        if let focusSubjectStorage { return focusSubjectStorage }
        let subject = BehaviorSubject(value: focusedValue)
        focusSubjectStorage = subject
        return subject
    }

    /// `true` when the widget and all its ancestors are enabled.
    public var isEffectivelyEnabled: Bool { enabledValue && ancestorsEnabled }

    /// Keeps ``treeHost`` equal to the root's host in the subtree; every widget of a tree
    /// holds the same one, so a subtree that has it already is left alone.
    private func setTreeHost(_ value: (any WidgetHost)?) {
        guard treeHostValue !== value else { return }
        treeHostValue = value
        for child in childWidgets { child.setTreeHost(value) }
    }

    /// Records whether every ancestor is enabled, and passes the change down the subtree.
    private func setAncestorsEnabled(_ value: Bool) {
        guard value != ancestorsEnabled else { return }
        let wasEnabled = isEffectivelyEnabled
        ancestorsEnabled = value
        guard isEffectivelyEnabled != wasEnabled else { return }
        for child in children { child.setAncestorsEnabled(isEffectivelyEnabled) }
    }

    /// `true` when the widget or one of its ancestors is hidden.
    public var isEffectivelyHidden: Bool {
        var node: Widget? = self
        while let current = node {
            if current.hiddenValue { return true }
            node = current.parent
        }
        return false
    }

    /// Gives or takes focus; `returning` when focus comes back from a popup that took it
    /// (see ``focusEntered(returning:)``); `covered` when a popup takes it (the widget's
    /// parent is not told the user left it).
    func setFocused(_ value: Bool, returning: Bool = false, covered: Bool = false) {
        guard value != focusedValue else { return }
        focusedValue = value
        if value { focusEntered(returning: returning) }
        if value, !returning { parent?.childGainedFocus(self) }
        focusSubjectStorage?.onNext(value)
        focusChanged()
        if !value, !covered { parent?.childLostFocus(self) }
        setNeedsDisplay()
    }

    /// What the widget calls itself when a form gives it no label (a toggle's title): the
    /// field's title then. `nil` for most widgets.
    var ownLabel: String? { nil }

    // MARK: Focus

    /// Whether this kind of widget takes keyboard focus (text fields, toggles, sliders, buttons).
    open var canFocus: Bool { false }

    /// Whether the widget can take focus now: it can focus and is enabled and visible.
    public var acceptsFocus: Bool { canFocus && isEffectivelyEnabled && !isEffectivelyHidden }

    /// The focusable widgets in this subtree, in focus order. By default: this widget (if
    /// it can focus) followed by each child's chain in child order. Containers such as
    /// ``Form`` may order differently.
    open func focusChain() -> [Widget] {
        var chain: [Widget] = canFocus ? [self] : []
        for child in children where !child.isHidden { chain += child.focusChain() }
        return chain
    }

    /// Called after the widget gains or loses focus.
    open func focusChanged() {}

    /// A child's value was set programmatically (a model write): a form tells the field holding it.
    func childValueStored(_ child: Widget) {}

    /// A child gained or lost focus: a form tells the field holding it (the user entered or left it).
    func childGainedFocus(_ child: Widget) {}
    func childLostFocus(_ child: Widget) {}

    /// Called as focus arrives, before ``focusChanged()``: by Tab, Shift-Tab, ``focus()`` or a
    /// click (`returning` false), or back from a popup that took it (`returning` true). Text
    /// widgets put their caret after the text unless focus is returning.
    func focusEntered(returning: Bool) {}

    /// Moves keyboard focus to this widget, if it accepts focus and is on screen.
    public func focus() { treeHost?.requestFocus(self) }

    // MARK: Layout

    /// The size the widget would like within `proposal` (the space its parent offers).
    /// The default wants the size of its largest child.
    open func preferredSize(for proposal: Size) -> Size {
        var size = Size.zero
        for child in children where !child.isHidden {
            let childSize = child.preferredSize(for: proposal)
            size = Size(width: max(size.width, childSize.width), height: max(size.height, childSize.height))
        }
        return size
    }

    /// The rows the widget's content needs within `proposal`, leaving out space it would
    /// take only because it is offered: the inline presentation fits its band to this. The
    /// default is the preferred height; a widget that fills whatever it gets (``Center``)
    /// answers with what it holds, and a border or padding around one adds its own rows.
    open func contentHeight(for proposal: Size) -> Int {
        preferredSize(for: proposal).height
    }

    /// Whether the widget takes the space its ``Stack``'s other children leave, shared
    /// evenly with the stack's other flexible children, rather than its preferred size
    /// (`false` by default; a ``Spacer`` and a ``Center`` are flexible).
    open var isFlexible: Bool { false }

    /// The smallest size the widget can be drawn in without losing its content.
    open var minimumSize: Size {
        var size = Size.zero
        for child in children where !child.isHidden {
            let childSize = child.minimumSize
            size = Size(width: max(size.width, childSize.width), height: max(size.height, childSize.height))
        }
        return size
    }

    /// Places the children inside ``Widget/frame``. The default gives each child the whole frame.
    open func layoutChildren() {
        for child in children where !child.isHidden { child.place(in: frame) }
    }

    /// Sets the widget's frame and lays out its children.
    public func place(in rect: Rect) {
        frame = rect
        layoutChildren()
    }

    /// Asks for a new layout and redraw, after a change of size or content.
    public func setNeedsLayout() { treeHost?.setNeedsLayout() }

    /// Asks for a redraw of the rows the widget covers, after a change that keeps the
    /// layout. Everything drawn on those rows is drawn again (the widget, its ancestors and
    /// its neighbours, clipped to the rows); the other rows are kept from the last frame. A
    /// change that alters how other rows look must call ``setNeedsLayout()`` instead.
    public func setNeedsDisplay() { treeHost?.setNeedsDisplay(rows: frame.minY..<frame.maxY) }

    func structureChanged() {
        treeHost?.structureChanged()
    }

    // MARK: Drawing

    /// Draws the widget into `canvas`, whose origin is the widget's top-left corner and
    /// which is clipped to the widget's frame. Children are drawn afterwards, over it.
    open func draw(in canvas: inout Canvas, context: DrawContext) {}

    func drawTree(in canvas: inout Canvas, context: DrawContext) {
        guard !isHidden, !frame.isEmpty else { return }
        var own = canvas.clipped(to: frame)
        // Entirely clipped away (outside a partial redraw's rows, or scrolled off): nothing
        // it or its children draw could show.
        guard !own.visibleRect.isEmpty else { return }
        draw(in: &own, context: context)
        var inner = canvas.restricted(to: frame)
        drawChildren(in: &inner, context: context)
    }

    /// Draws the children into `canvas`, which uses absolute coordinates and is clipped to
    /// this widget's frame. Containers that show only part of their children override it.
    open func drawChildren(in canvas: inout Canvas, context: DrawContext) {
        for child in children { child.drawTree(in: &canvas, context: context) }
    }

    /// Where the terminal cursor should sit while the widget has focus, in absolute cells,
    /// or `nil` to hide it. Text fields return their caret.
    open var cursorPosition: Point? { nil }

    // MARK: Input

    /// Performs `intent` from a key press. Returns `true` when the widget handled it; an
    /// unhandled intent goes on to the widget's ancestors, then to the application.
    open func perform(_ intent: Intent) -> Bool { false }

    /// The widget's own key bindings, consulted before the application's ``KeyMap`` while
    /// the widget or a widget inside it has focus (a ``CheckList`` binds `a` to
    /// ``Intent/toggleAll`` here, so a bare `a` means nothing special anywhere else). `nil`,
    /// the default, when it has none. Read on every key the widget is offered: return a
    /// stored or static map, not one built on each call.
    open var keyBindings: KeyMap? { nil }

    /// This widget as the setter of its own value as a user edit (what a form field's reset
    /// and a resumed draft use), or `nil`. A member the widgets override rather than an
    /// `as? any UserValueSetting` cast: the first such cast of each widget type scans every
    /// protocol conformance record in the executable (about 150,000 instructions at start-up).
    var userValueSetter: (any UserValueSetting)? { nil }

    /// This widget as the reporter of a problem of its own to its form field (a typed text
    /// field's parse error, a check list's count), or `nil`; a member for the same reason.
    var fieldProblemReporter: (any FieldProblemReporting)? { nil }

    /// The intents worth showing in key help while the widget has focus, most useful first,
    /// each with help text for this widget (a check list: `Space check · a all`). A
    /// ``KeyHelpBar`` shows them before the application-wide keys. Empty by default.
    open var keyHints: [KeyHint] { [] }

    /// Handles typed text (printable characters that no intent claimed). Returns `true`
    /// when handled.
    open func insertText(_ text: String) -> Bool { false }

    /// Whether printable keys typed while the widget has focus are its text (a text field,
    /// a list's filter), so `?` types a question mark: key help then offers F1 for the key
    /// list. Override it to `true` when ``insertText(_:)`` takes text. `false` by default.
    open var takesTypedText: Bool { false }

    /// Handles a bracketed paste: inserted as one edit, never run as key bindings.
    open func paste(_ text: String) -> Bool { false }

    /// Handles a mouse event inside the widget's frame (position in absolute cells).
    /// Returns `true` when handled. The application focuses a focusable widget on a press
    /// before calling this.
    open func handleMouse(_ event: MouseEvent) -> Bool { false }

    /// The deepest visible widget at `point`, searching children last-drawn first.
    public func hitTest(_ point: Point) -> Widget? {
        guard !isHidden, frame.contains(point) else { return nil }
        for child in children.reversed() {
            if let hit = child.hitTest(point) { return hit }
        }
        return self
    }

    // MARK: Description

    /// A short description: the type and its public state. Secure fields never include their text.
    open var description: String { "\(type(of: self))(\(frame))" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the description and the children, never the
    /// widget's stored state (so a password cannot leak through reflection).
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description, "children": children], displayStyle: .class)
    }

    isolated deinit {
        focusSubjectStorage?.onCompleted()
        for child in children {
            child.parentWidget = nil
            child.setAncestorsEnabled(true)
            child.setTreeHost(child.host)
        }
    }
}
