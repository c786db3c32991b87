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
    /// One labelled field of a form.
    @MainActor
    public final class Field {
        /// The label in the label column.
        public let label: Label
        /// The input widget.
        public let widget: Widget
        /// The validation message's label under the widget (hidden while ``error`` is `nil`).
        /// It is made, and added to the form, when first asked for or when an error is first
        /// shown: most fields of a large form never show one.
        public var errorLabel: Label { madeErrorLabel ?? makeErrorLabel() }
        /// The error label, once made.
        private(set) var madeErrorLabel: Label?
        /// The form the field belongs to, which the error label joins when it is made.
        private weak var form: Form?
        /// The field's row in its form.
        let row: Int

        init(label: String, widget: Widget, form: Form, row: Int) {
            self.label = Label(label)
            self.widget = widget
            self.form = form
            self.row = row
        }

        /// The validation message: a string shows it under the field, `nil` hides it.
        /// Setting a different message lays the form out again. Bind it with `rx.error`.
        public var error: String? {
            get {
                guard let label = madeErrorLabel, !label.isHidden else { return nil }
                return label.text
            }
            set {
                // No label yet and nothing to show: nothing to hide either.
                if newValue == nil, madeErrorLabel == nil { return }
                errorLabel.text = newValue ?? ""
                errorLabel.isHidden = newValue == nil
            }
        }

        private func makeErrorLabel() -> Label {
            let label = Label("", overflow: .wrap, role: .error)
            label.isHidden = true
            madeErrorLabel = label
            form?.adopt(errorLabel: label, of: self)
            return label
        }
    }

    private enum Row {
        case field(Field)
        case widget(Widget)
    }

    private var rows: [Row] = []
    private var rowOffsets: [Int] = []
    private var rowHeights: [Int] = []
    private var contentHeight = 0
    private var scrollY = 0
    private var placedRows: Range<Int> = 0..<0
    private var labelColumn = 0
    /// Each direct child's row, rebuilt when rows are added.
    private var rowOfChild: [ObjectIdentifier: Int] = [:]

    /// The width of the label column (`nil`: the widest label plus two).
    public var labelWidth: Int? {
        didSet { setNeedsLayout() }
    }
    /// The button Enter presses from the last text field.
    public var defaultButton: Button?
    /// An explicit focus order; `nil` follows the rows.
    public var focusOrder: [Widget]? {
        didSet { structureChanged() }
    }

    /// An empty form.
    public init(labelWidth: Int? = nil) {
        self.labelWidth = labelWidth
        super.init()
    }

    /// Adds a labelled field and returns it (set its ``Field/error``, or bind `rx.error`, to show validation).
    @discardableResult
    public func addField(_ label: String, _ widget: Widget) -> Field {
        let field = Field(label: label, widget: widget, form: self, row: rows.count)
        for child in [field.label, widget] { rowOfChild[ObjectIdentifier(child)] = rows.count }
        rows.append(.field(field))
        addChild(field.label)
        addChild(widget)
        return field
    }

    /// Adds a field's error label, made on first use, to the form's children.
    private func adopt(errorLabel: Label, of field: Field) {
        rowOfChild[ObjectIdentifier(errorLabel)] = field.row
        addChild(errorLabel)
        setNeedsLayout()
    }

    /// Adds a widget in the field column with no label (a toggle, a message).
    public func addRow(_ widget: Widget) {
        rowOfChild[ObjectIdentifier(widget)] = rows.count
        rows.append(.widget(widget))
        addChild(widget)
    }

    /// Adds a row of buttons; `defaultButton` (if given) is pressed by Enter from the last text field.
    @discardableResult
    public func addButtons(_ buttons: [Button], default defaultButton: Button? = nil) -> ButtonRow {
        let row = ButtonRow(buttons)
        addRow(row)
        if let defaultButton { self.defaultButton = defaultButton }
        return row
    }

    /// The rows in order, for the accessible presentation: a field's label, widget and
    /// field, or a row's widget alone.
    var accessibleRows: [(label: String?, widget: Widget, field: Field?)] {
        rows.map { row in
            switch row {
            case .field(let field): (field.label.text, field.widget, field)
            case .widget(let widget): (nil, widget, nil)
            }
        }
    }

    // MARK: Focus

    public override func focusChain() -> [Widget] {
        if let focusOrder { return focusOrder.filter { isAncestor(of: $0) && !$0.isEffectivelyHidden } }
        return super.focusChain()
    }

    public override func perform(_ intent: Intent) -> Bool {
        guard intent == .activate, let focused = hostFocusedWidget, isAncestor(of: focused) else {
            return false
        }
        let chain = focusChain()
        guard let index = chain.firstIndex(where: { $0 === focused }) else { return false }
        let laterTextField = chain[(index + 1)...].contains { $0 is TextField && $0.acceptsFocus }
        if !laterTextField, let defaultButton {
            defaultButton.press()
            return true
        }
        if chain[(index + 1)...].contains(where: { $0.acceptsFocus }) {
            moveHostFocus(forward: true)
            return true
        }
        return false
    }

    // MARK: Layout

    private func computeLabelColumn() -> Int {
        if let labelWidth { return labelWidth }
        var widest = 0
        for case .field(let field) in rows { widest = max(widest, field.label.text.terminalWidth) }
        return widest == 0 ? 0 : widest + 2
    }

    private func rowHeight(_ row: Row, fieldWidth: Int) -> Int {
        switch row {
        case .field(let field):
            guard !field.widget.isHidden else { return 0 }
            let widget = field.widget.preferredSize(for: Size(width: fieldWidth, height: 1_000)).height
            var error = 0
            if let errorLabel = field.madeErrorLabel, !errorLabel.isHidden {
                error = errorLabel.preferredSize(for: Size(width: fieldWidth, height: 1_000)).height
            }
            return max(1, widget) + error
        case .widget(let widget):
            return widget.isHidden ? 0 : widget.preferredSize(for: Size(width: fieldWidth, height: 1_000)).height
        }
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
                // A message widens the column up to the space offered rather than wrap early.
                if let errorLabel = field.madeErrorLabel, !errorLabel.isHidden {
                    width = max(width, min(available, errorLabel.text.terminalWidth))
                }
            case .widget(let widget):
                guard !widget.isHidden else { continue }
                width = max(width, widget.preferredSize(for: Size(width: available, height: 1)).width)
            }
        }
        // Heights at the width the form will actually get, so wrapped rows are counted right.
        let height = rows.reduce(0) { $0 + rowHeight($1, fieldWidth: width) }
        return Size(width: min(proposal.width, labels + width), height: height)
    }

    public override var minimumSize: Size {
        let labels = computeLabelColumn()
        var width = 0
        for child in children where !child.isHidden && !(child is Label) { width = max(width, child.minimumSize.width) }
        return Size(width: labels + width, height: min(3, rows.count))
    }

    public override func layoutChildren() {
        labelColumn = computeLabelColumn()
        let fieldWidth = max(0, frame.width - labelColumn)
        rowOffsets.removeAll(keepingCapacity: true)
        rowHeights.removeAll(keepingCapacity: true)
        var y = 0
        for row in rows {
            rowOffsets.append(y)
            let height = rowHeight(row, fieldWidth: fieldWidth)
            rowHeights.append(height)
            y += height
        }
        contentHeight = y
        for index in placedRows where index < rows.count { unplace(row: index) }
        placedRows = 0..<0
        revealFocused()
        placeVisibleRows()
    }

    /// Scrolls so that the focused widget's row is visible.
    private func revealFocused() {
        scrollY = min(scrollY, max(0, contentHeight - frame.height))
        guard let focused = hostFocusedWidget, isAncestor(of: focused),
            let index = rowIndex(containing: focused)
        else { return }
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
        let top = frame.minY + rowOffsets[index] - scrollY
        let x = frame.minX + labelColumn, width = max(0, frame.width - labelColumn)
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
            field.madeErrorLabel?.place(
                in: Rect(x: x, y: top + widgetHeight, width: width, height: rowHeights[index] - widgetHeight))
        case .widget(let widget):
            widget.place(
                in: Rect(
                    x: x, y: top,
                    width: min(width, widget.preferredSize(for: Size(width: width, height: rowHeights[index])).width),
                    height: rowHeights[index]))
        }
    }

    private func unplace(row index: Int) {
        switch rows[index] {
        case .field(let field):
            field.label.place(in: .zero)
            field.widget.place(in: .zero)
            field.madeErrorLabel?.place(in: .zero)
        case .widget(let widget):
            widget.place(in: .zero)
        }
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
                field.madeErrorLabel?.drawTree(in: &canvas, context: context)
            case .widget(let widget):
                widget.drawTree(in: &canvas, context: context)
            }
        }
    }

    public override func hitTest(_ point: Point) -> Widget? {
        guard !isHidden, frame.contains(point) else { return nil }
        for index in placedRows {
            let candidates: [Widget] =
                switch rows[index] {
                case .field(let field): [field.widget, field.madeErrorLabel, field.label].compactMap { $0 }
                case .widget(let widget): [widget]
                }
            for candidate in candidates { if let hit = candidate.hitTest(point) { return hit } }
        }
        return self
    }
}
