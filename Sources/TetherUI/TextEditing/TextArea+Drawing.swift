extension TextArea {
    func areaPreferredSize(for proposal: Size) -> Size {
        let width = min(preferredWidth ?? proposal.width, proposal.width)
        return Size(width: width, height: min(maxRows, max(minRows, contentRows(width: width))))
    }

    /// Draws the rows laid out for the current text (laid out again only when something
    /// changed), and of them only those the canvas lets through: a partial redraw after a
    /// key draws the rows that changed.
    func drawArea(in canvas: inout Canvas, context: DrawContext) {
        laidOutRows = contentRows()
        let theme = context.theme
        let style = theme.style(enabled: isEffectivelyEnabled, focused: isFocused, role: .field)
        canvas.fill(Rect(x: 0, y: 0, width: frame.width, height: frame.height), with: .blank(style))
        if editor.graphemes.isEmpty {
            scrollTop = 0
            canvas.put(
                placeholder.truncated(toWidth: frame.width), at: .zero,
                style: isEffectivelyEnabled ? theme.placeholder : theme.disabled)
            return
        }
        let layout = currentRows()
        let shown = canvas.visibleRect
        let graphemes = editor.graphemes
        for (y, row) in layout.rows.prefix(frame.height).enumerated() where y >= shown.minY && y < shown.maxY {
            drawRow(row, at: y, width: layout.width, graphemes: graphemes, in: &canvas, style: style)
        }
        let indicator = theme.placeholder
        if layout.hasMoreAbove { canvas.put("▲", at: Point(x: frame.width - 1, y: 0), style: indicator) }
        if layout.hasMoreBelow { canvas.put("▼", at: Point(x: frame.width - 1, y: frame.height - 1), style: indicator) }
    }

    /// Draws `row` on screen row `y` (runs of printable ASCII in one go; a tab and other
    /// zero-width graphemes take no column).
    private func drawRow(
        _ row: Range<Int>, at y: Int, width: Int, graphemes: GraphemeBuffer, in canvas: inout Canvas, style: Style
    ) {
        canvas.putGraphemes(graphemes, row, at: Point(x: 0, y: y), width: width, style: style)
    }

    /// Where the caret is on screen, or `nil` while it is scrolled out of view.
    var caretPosition: Point? {
        guard isFocused else { return nil }
        let layout = currentRows()
        guard let y = caretRow(in: layout) else { return nil }
        let x = min(wrap.column(of: editor.caret, in: layout.rows[y]), frame.width - 1)
        return Point(x: frame.minX + x, y: frame.minY + y)
    }

    func handleAreaMouse(_ event: MouseEvent) -> Bool {
        syncRows()
        let wrap = wrap
        switch event.kind {
        case .wheelUp, .wheelDown:
            followsCaret = false
            let step = 3
            let target =
                event.kind == .wheelUp
                ? rowStarts.rows(before: scrollTop, count: step, in: wrap).first
                : rowStarts.rows(from: scrollTop, count: step + frame.height, in: wrap).dropFirst(step).first
            if let target,
                event.kind == .wheelUp
                    || rowStarts.rows(from: target.lowerBound, count: frame.height, in: wrap).count == frame.height
            {
                scrollTop = target.lowerBound
            }
            setNeedsDisplay()
            return true
        case .press(.left):
            let rows = rowStarts.rows(from: scrollTop, count: frame.height, in: wrap)
            guard !rows.isEmpty else { return true }
            let row = rows[min(rows.count - 1, max(0, event.position.y - frame.minY))]
            editor.moveCaret(to: wrap.index(atColumn: event.position.x - frame.minX, in: row))
            goalColumn = nil
            followsCaret = true
            setNeedsDisplay()
            return true
        default:
            return false
        }
    }
}
