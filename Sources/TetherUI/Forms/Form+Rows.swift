/// Measuring the form's rows, and the rows kept empty for messages: while the form fits, a
/// field that may show a message keeps as many rows under it as its longest message seen or
/// known ahead takes at this width, and the form's message row likewise, so a message that
/// comes or goes moves no other row. Where not all fit, those nearest the top are kept.
extension Form {
    /// The height of a row under a field's widget (its description or message): 0 when
    /// hidden or not made.
    func belowHeight(_ label: Label?, _ width: Int) -> Int {
        guard let label, !label.isHidden else { return 0 }
        return label.preferredSize(for: Size(width: width, height: 1_000)).height
    }

    /// A field's rows: its widget's and description's, and its message's shown now.
    private func fieldHeights(_ field: Field, _ fieldWidth: Int) -> (rows: Int, message: Int) {
        let widget = field.widget.preferredSize(for: Size(width: fieldWidth, height: 1_000)).height
        let message = belowHeight(field.madeErrorLabel, fieldWidth)
        return (max(1, widget) + belowHeight(field.state?.descriptionLabel, fieldWidth) + message, message)
    }

    /// The rows `row` takes at `fieldWidth`, with the rows it keeps empty when `reserving`.
    func rowHeight(_ row: Row, fieldWidth: Int, reserving: Bool) -> Int {
        switch row {
        case .field(let field):
            guard !field.widget.isHidden else { return 0 }
            let (rows, message) = fieldHeights(field, fieldWidth)
            return rows + (reserving ? keptRows(for: field, showing: message, width: fieldWidth) : 0)
        case .widget(let widget):
            let height = widget.isHidden ? 0 : widget.preferredSize(for: Size(width: fieldWidth, height: 1_000)).height
            return height + (reserving ? keptStatusRows(for: widget, showing: height, width: fieldWidth) : 0)
        case .section(let section):
            return section.heading.isHidden ? 0 : 1
        }
    }

    /// The empty rows a visible field that may show a message keeps under it beyond the
    /// `message` rows it shows now: as many as its longest message seen or known ahead takes.
    private func keptRows(for field: Field, showing message: Int, width: Int) -> Int {
        guard let state = field.state, state.mayShowMessages, !field.widget.isHidden else { return 0 }
        return max(0, max(state.messageRows, knownMessageRows(field, state, width)) - message)
    }

    /// The empty rows the form's message row keeps beyond the `shown` rows it says now, in a
    /// form with a field that may show a message (so a refused Next or submit may speak): as
    /// many as its longest message seen, or its longest summary of this step, takes.
    private func keptStatusRows(for widget: Widget, showing shown: Int, width: Int) -> Int {
        guard widget === statusLabel else { return 0 }
        let summary = summaryRows(width)
        guard summary > 0 else { return 0 }
        return max(0, max(statusRows, summary) - shown)
    }

    /// The rows at `width` of the longest summary a refused Next or submit says on the step
    /// showing: one naming every field there that may show a message ("3 fields need
    /// attention: …"); 0 when no field may.
    private func summaryRows(_ width: Int) -> Int {
        let named = summaryFields()
        guard !named.isEmpty else { return 0 }
        var hasher = Hasher()
        for field in named { hasher.combine(field.title) }
        let names = hasher.finalize()
        if summaryMeasured.names != names { summaryMeasured = (names, [:]) }
        if let rows = summaryMeasured.rows[width] { return rows }
        let rows = Self.rows(of: FormInvalidError(fields: named.map(\.title)).description, width: width)
        summaryMeasured.rows[width] = rows
        return rows
    }

    /// The fields of the step showing that may show a message, in row order.
    private func summaryFields() -> [Field] {
        var named: [Field] = []
        var step: Section?
        for (index, row) in rows.enumerated() {
            if case .section(let section) = row, section.isStep { step = section }
            guard case .field(let field) = row, field.state?.mayShowMessages == true, !field.widget.isHidden,
                rowShownInStep(index, inStep: step)
            else { continue }
            named.append(field)
        }
        return named
    }

    /// The rows `text` takes wrapped at `width`: one without wrapping it when its bytes fit
    /// (a character is never wider than its UTF-8 bytes), as most messages do.
    static func rows(of text: String, width: Int) -> Int {
        text.utf8.count <= width ? 1 : max(1, text.wrapped(toWidth: width).count)
    }

    /// Measures every row, remembering how many rows each message took. Rows are kept for
    /// messages while they fit, from the top: a form that scrolls anyway spends its rows on
    /// fields.
    func measureRows(fieldWidth: Int) {
        if fieldWidth != keptRowsWidth { forgetKeptRows(width: fieldWidth) }
        rowOffsets.removeAll(keepingCapacity: true)
        rowHeights.removeAll(keepingCapacity: true)
        var y = 0
        var kept: [(index: Int, rows: Int)] = []
        var step: Section?
        for (index, row) in rows.enumerated() {
            rowOffsets.append(y)
            if case .section(let section) = row, section.isStep { step = section }
            var height = 0
            if rowShownInStep(index, inStep: step) {
                let (rows, extra) = measure(row, fieldWidth: fieldWidth)
                height = rows
                if extra > 0 { kept.append((index, extra)) }
            }
            rowHeights.append(height)
            y += height
        }
        contentHeight = y
        // Kept rows from the top while they fit: a message that no longer leaves room for
        // all moves only the rows under the last one kept, never those above it.
        var room = frame.height - y
        guard !kept.isEmpty, room > 0 else { return }
        var shift = 0, nextKept = 0
        for index in rows.indices {
            rowOffsets[index] += shift
            if nextKept < kept.count, kept[nextKept].index == index {
                let granted = min(kept[nextKept].rows, room)
                rowHeights[index] += granted
                shift += granted
                room -= granted
                nextKept += 1
            }
        }
        contentHeight += shift
    }

    /// The rows `row` takes now and the empty rows it keeps, remembering its message's rows.
    private func measure(_ row: Row, fieldWidth: Int) -> (rows: Int, kept: Int) {
        switch row {
        case .field(let field):
            guard !field.widget.isHidden else { return (0, 0) }
            let (rows, message) = fieldHeights(field, fieldWidth)
            if let state = field.state, message > state.messageRows { state.messageRows = message }
            return (rows, keptRows(for: field, showing: message, width: fieldWidth))
        case .widget(let widget):
            let height = rowHeight(row, fieldWidth: fieldWidth, reserving: false)
            if widget === statusLabel, height > statusRows { statusRows = height }
            return (height, keptStatusRows(for: widget, showing: height, width: fieldWidth))
        case .section:
            return (rowHeight(row, fieldWidth: fieldWidth, reserving: false), 0)
        }
    }

    /// The rows the longest message `field` may show takes at `width`, of those known ahead
    /// (``FieldState/knownMessages`` and the required rule's), so that the first one shown
    /// moves nothing; measured once per width.
    private func knownMessageRows(_ field: Field, _ state: FieldState, _ width: Int) -> Int {
        if let known = state.knownRows, known.width == width { return known.rows }
        var messages = state.knownMessages
        if state.isRequired { messages.append(Field.requiredMessage(field.title)) }
        let rows = messages.reduce(1) { max($0, Self.rows(of: $1, width: width)) }
        state.knownRows = (width, rows)
        return rows
    }

    /// At a new width messages wrap differently: each keeps one row again until shown.
    private func forgetKeptRows(width: Int) {
        keptRowsWidth = width
        statusRows = 1
        for field in fields { field.state?.messageRows = 1 }
    }
}
