import TetherReactive

/// Labelled rows of widgets with an aligned label column, a validation message under
/// each field, and a row of buttons.
///
/// Focus follows row order (or ``focusOrder`` when set); Tab/Shift-Tab and ↑/↓ move it and
/// wrap, and the first enabled field has focus at start. Enter in a text field moves to
/// the next field; in the last text field (or any field after it) it presses the
/// ``defaultButton``. A form taller than its space scrolls to keep the focused row
/// visible, and draws only the rows on screen, so a key costs the same in a form of ten
/// fields as in one of ten thousand.
@MainActor
public final class Form: Widget {
    enum Row {
        case field(Field)
        case widget(Widget)
        case section(Section)
    }

    var rows: [Row] = []
    var rowOffsets: [Int] = []
    var rowHeights: [Int] = []
    var contentHeight = 0
    /// The most rows the form's message row has taken at ``keptRowsWidth`` (kept while it fits).
    var statusRows = 1
    /// The field width the kept message rows were measured at.
    var keptRowsWidth = 0
    /// The longest summary's rows (``summaryRows(_:)``) by width, for the names measured
    /// (their hash: the names are not copied on every measure).
    var summaryMeasured: (names: Int, rows: [Int: Int]) = (0, [:])
    private var scrollY = 0
    private var placedRows: Range<Int> = 0..<0
    private var labelColumn = 0
    /// The width of the widget column: what the labels leave, less the column of the scroll
    /// markers while the form is taller than its space.
    private var fieldWidth = 0
    /// Whether the form is taller than its space: `▲`/`▼` show there is more above or below.
    private var showsScrollMarkers = false
    /// Each direct child's row, kept as rows are added and rebuilt when they move.
    var rowOfChild: [ObjectIdentifier: Int] = [:]
    /// The form's own message row (why a submit cannot go on), made on first use.
    var statusLabel: Label?
    /// Whether the message row holds a notice (a submit's run error, a draft that cannot be
    /// saved), kept until the person edits a field or submits again, rather than the invalid
    /// fields (which it follows).
    var statusIsNotice = false
    /// Whether a submit's run error shows in the form's message row (``submitCommand(running:)``).
    /// Turn it off when the app says the error itself, in a row of its own.
    public var showsSubmitErrors = true
    /// The keyed fields by key.
    var fieldsByKey: [String: Field] = [:]
    /// Observers of the form's validity and dirty state, made on first use.
    var observers: FormObservers?
    /// What the form keeps alive as long as it lives: the submit commands it made, the
    /// bindings its builder made.
    var retained: [AnyObject] = []
    /// The drafts, once turned on.
    weak var draftStore: FormDrafts?
    /// The steps, once the first is added.
    var stepState: FormSteps?

    /// The columns a form keeps right of its labels for messages when a field may show one
    /// (capped by the space offered): a message wraps within the field column and never
    /// widens the form, so a message that comes or goes moves no column. 0 keeps the column
    /// as wide as the widest widget.
    public var messageWidth = 40 {
        didSet { setNeedsLayout() }
    }
    /// The width of the label column (`nil`: the widest label plus two).
    public var labelWidth: Int? {
        didSet { setNeedsLayout() }
    }
    /// The button Enter presses from the last text field. Setting one makes the form's
    /// message row, kept empty while nothing is said (see ``Form``).
    public var defaultButton: Button? {
        didSet { if defaultButton != nil { makeStatusRowIfNeeded() } }
    }
    /// An explicit focus order; `nil` follows the rows.
    public var focusOrder: [Widget]? {
        didSet { structureChanged() }
    }

    /// When fields show their messages (``ValidationTiming/onLeave`` by default).
    public var validationTiming = ValidationTiming.onLeave

    /// An empty form.
    public init(labelWidth: Int? = nil) {
        self.labelWidth = labelWidth
        super.init()
    }

    override func childValueStored(_ child: Widget) { fieldOf(child)?.widgetValueStored() }

    override func childGainedFocus(_ child: Widget) { fieldOf(child)?.widgetEntered() }

    override func childLostFocus(_ child: Widget) { fieldOf(child)?.widgetLeft() }

    // MARK: Focus

    public override func focusChain() -> [Widget] {
        if let focusOrder { return focusOrder.filter { isAncestor(of: $0) && !$0.isEffectivelyHidden } }
        var chain: [Widget] = []
        var step: Section?
        for (index, row) in rows.enumerated() {
            if case .section(let section) = row, section.isStep { step = section }
            guard rowShownInStep(index, inStep: step) else { continue }
            switch row {
            case .field(let field): if !field.widget.isHidden { chain += field.widget.focusChain() }
            case .widget(let widget): if !widget.isHidden { chain += widget.focusChain() }
            case .section: break
            }
        }
        return chain
    }

    public override func perform(_ intent: Intent) -> Bool {
        guard intent == .activate, let focused = hostFocusedWidget, isAncestor(of: focused) else {
            return false
        }
        switch enterAction(from: focused) {
        case .press(let button):
            if !button.isEffectivelyEnabled, explainInvalid() { return true }
            button.press()
            return true
        case .moveOn:
            moveHostFocus(forward: true)
            return true
        case nil:
            return false
        }
    }

    // MARK: Layout

    private func computeLabelColumn() -> Int {
        if let labelWidth { return labelWidth }
        var widest = 0
        for case .field(let field) in rows { widest = max(widest, field.label.text.terminalWidth) }
        return widest == 0 ? 0 : widest + 2
    }

    public override func preferredSize(for proposal: Size) -> Size {
        let labels = computeLabelColumn()
        let available = max(0, proposal.width - labels)
        var width = 0
        for row in rows {
            switch row {
            case .field(let field):
                guard !field.widget.isHidden else { continue }
                width = max(width, field.widget.preferredSize(for: Size(width: available, height: 1)).width)
                // A description widens the column up to the space offered rather than wrap
                // early; a message does not: it wraps within the column kept for it (below).
                if let below = field.state?.descriptionLabel, !below.isHidden {
                    width = max(width, min(available, below.text.terminalWidth))
                }
                if field.state?.mayShowMessages == true { width = max(width, min(available, messageWidth)) }
            case .widget(let widget):
                // The form's message row wraps within the column too.
                guard !widget.isHidden, widget !== statusLabel else { continue }
                width = max(width, widget.preferredSize(for: Size(width: available, height: 1)).width)
            case .section(let section):
                guard !section.heading.isHidden else { continue }
                width = max(width, min(available, section.heading.text.terminalWidth - labels))
            }
        }
        // Heights at the width the form will actually get, so wrapped rows are counted right,
        // with a row kept for each field that may show a message; a form in steps is as
        // tall as its current step and as wide as its widest.
        var height = 0
        var step: Section?
        for (index, row) in rows.enumerated() {
            if case .section(let section) = row, section.isStep { step = section }
            if rowShownInStep(index, inStep: step) { height += rowHeight(row, fieldWidth: width, reserving: true) }
        }
        // Taller than offered: one more column for the scroll markers.
        let markers = height > proposal.height ? 1 : 0
        return Size(width: min(proposal.width, labels + width + markers), height: height)
    }

    public override var minimumSize: Size {
        let labels = computeLabelColumn()
        var width = 0
        for child in children where !child.isHidden && !(child is Label) { width = max(width, child.minimumSize.width) }
        // The message row, empty, is kept only while everything fits: not part of the minimum.
        let kept = statusLabel?.isHidden == true ? 1 : 0
        return Size(width: labels + width, height: min(3, rows.count - kept))
    }

    public override func layoutChildren() {
        if draftStore != nil { offerDraftIfWaiting() }
        labelColumn = computeLabelColumn()
        fieldWidth = max(0, frame.width - labelColumn - (showsScrollMarkers ? 1 : 0))
        measureRows(fieldWidth: fieldWidth)
        // The markers' column is known from the last layout; measured again only when the
        // form starts or stops overflowing.
        if (contentHeight > frame.height) != showsScrollMarkers {
            showsScrollMarkers.toggle()
            fieldWidth = max(0, frame.width - labelColumn - (showsScrollMarkers ? 1 : 0))
            measureRows(fieldWidth: fieldWidth)
        }
        for index in placedRows where index < rows.count { unplace(row: index) }
        placedRows = 0..<0
        revealFocused()
        placeVisibleRows()
    }

    /// Scrolls so that the focused widget's row is visible.
    private func revealFocused() {
        scrollY = min(scrollY, max(0, contentHeight - frame.height))
        // `rowIndex(containing:)` is nil for a widget outside the form: one walk up, not two.
        guard let focused = hostFocusedWidget, let index = rowIndex(containing: focused) else { return }
        let top = rowOffsets[index], bottom = top + rowHeights[index]
        if top < scrollY { scrollY = top }
        if bottom > scrollY + frame.height { scrollY = max(0, bottom - frame.height) }
    }

    private func rowIndex(containing widget: Widget) -> Int? {
        var node: Widget? = widget
        while let current = node, current.parent !== self { node = current.parent }
        guard let child = node else { return nil }
        return rowOfChild[ObjectIdentifier(child)]
    }

    /// The rows overlapping the visible window, found by binary search.
    private var visibleRows: Range<Int> {
        guard !rowOffsets.isEmpty else { return 0..<0 }
        var low = 0, high = rowOffsets.count
        while low < high {
            let mid = (low + high) / 2
            if rowOffsets[mid] + rowHeights[mid] <= scrollY { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < rowOffsets.count && rowOffsets[end] < scrollY + frame.height { end += 1 }
        return low..<end
    }

    private func placeVisibleRows() {
        let visible = visibleRows
        for index in placedRows where !visible.contains(index) && index < rows.count { unplace(row: index) }
        for index in visible { place(row: index) }
        placedRows = visible
    }

    private func place(row index: Int) {
        // A row of another step, or a hidden one.
        guard rowHeights[index] > 0 else { return unplace(row: index) }
        let top = frame.minY + rowOffsets[index] - scrollY
        let x = frame.minX + labelColumn, width = fieldWidth
        switch rows[index] {
        case .field(let field):
            let widgetHeight =
                field.widget.isHidden
                ? 0 : max(1, field.widget.preferredSize(for: Size(width: width, height: 1_000)).height)
            field.label.place(
                in: Rect(x: frame.minX, y: top, width: labelColumn, height: field.widget.isHidden ? 0 : 1))
            field.widget.place(
                in: Rect(
                    x: x, y: top,
                    width: field.widget.preferredSize(for: Size(width: width, height: widgetHeight)).width,
                    height: widgetHeight))
            let description = field.widget.isHidden ? 0 : belowHeight(field.state?.descriptionLabel, width)
            field.state?.descriptionLabel?.place(
                in: Rect(x: x, y: top + widgetHeight, width: width, height: description))
            let below = widgetHeight + description
            field.madeErrorLabel?.place(
                in: Rect(x: x, y: top + below, width: width, height: max(0, rowHeights[index] - below)))
        case .widget(let widget):
            widget.place(
                in: Rect(
                    x: x, y: top,
                    width: min(width, widget.preferredSize(for: Size(width: width, height: rowHeights[index])).width),
                    height: rowHeights[index]))
        case .section(let section):
            section.heading.place(
                in: Rect(x: frame.minX, y: top, width: labelColumn + fieldWidth, height: rowHeights[index]))
        }
    }

    /// Every widget of a row, in drawing order.
    private func widgets(of row: Row) -> [Widget] {
        switch row {
        case .field(let field):
            [field.label, field.widget, field.state?.descriptionLabel, field.madeErrorLabel].compactMap { $0 }
        case .widget(let widget): [widget]
        case .section(let section): [section.heading]
        }
    }

    private func unplace(row index: Int) {
        for widget in widgets(of: rows[index]) { widget.place(in: .zero) }
    }

    public override func drawChildren(in canvas: inout Canvas, context: DrawContext) {
        let previousScroll = scrollY
        revealFocused()
        if scrollY != previousScroll { placeVisibleRows() }
        for index in placedRows {
            switch rows[index] {
            case .field(let field):
                field.label.highlighted = field.widget.isFocused
                field.label.drawTree(in: &canvas, context: context)
                field.widget.drawTree(in: &canvas, context: context)
                field.state?.descriptionLabel?.drawTree(in: &canvas, context: context)
                field.madeErrorLabel?.drawTree(in: &canvas, context: context)
            case .widget(let widget):
                widget.drawTree(in: &canvas, context: context)
            case .section(let section):
                section.heading.drawTree(in: &canvas, context: context)
            }
        }
        guard showsScrollMarkers, frame.width > 0 else { return }
        let style = context.theme.placeholder
        if scrollY > 0 { canvas.put("▲", at: Point(x: frame.maxX - 1, y: frame.minY), style: style) }
        if scrollY + frame.height < contentHeight {
            canvas.put("▼", at: Point(x: frame.maxX - 1, y: frame.maxY - 1), style: style)
        }
    }

    public override func hitTest(_ point: Point) -> Widget? {
        guard !isHidden, frame.contains(point) else { return nil }
        for index in placedRows {
            for candidate in widgets(of: rows[index]).reversed() {
                if let hit = candidate.hitTest(point) { return hit }
            }
        }
        return self
    }
}
