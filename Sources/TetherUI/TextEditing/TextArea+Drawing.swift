extension TextArea {
    /// The rows the text takes at `width` columns, counted up to `maxRows + 1` only.
    func contentRows(width: Int? = nil) -> Int {
        let wrap = SoftWrap(editor.graphemes, width: (width ?? frame.width) - 1)
        return wrap.rows(from: 0, count: maxRows + 1).count
    }

    func areaPreferredSize(for proposal: Size) -> Size {
        let width = min(preferredWidth ?? proposal.width, proposal.width)
        return Size(width: width, height: min(maxRows, max(minRows, contentRows(width: width))))
    }

    /// Scrolls so the caret's row is visible, when following the caret.
    func scrollToCaret() {
        let wrap = wrap
        let height = max(1, frame.height)
        let top = wrap.row(containing: min(scrollTop, editor.graphemes.count))
        scrollTop = top.rows[top.index].lowerBound
        let (rows, index) = wrap.row(containing: editor.caret)
        let caretRow = rows[index]
        if caretRow.lowerBound < scrollTop { scrollTop = caretRow.lowerBound; return }
        let visible = wrap.rows(from: scrollTop, count: height)
        if visible.contains(where: { $0.lowerBound == caretRow.lowerBound }) { return }
        scrollTop = wrap.rows(before: caretRow.lowerBound, count: height - 1).first?.lowerBound ?? caretRow.lowerBound
    }

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
        if followsCaret { scrollToCaret() }
        let wrap = wrap
        let rows = wrap.rows(from: scrollTop, count: frame.height + 1)
        for (y, row) in rows.prefix(frame.height).enumerated() {
            var x = 0
            for i in row {
                let grapheme = editor.graphemes[i]
                let width = grapheme.terminalWidth
                if x + width > wrap.width { break }
                if grapheme != "\t" { canvas.put(String(grapheme), at: Point(x: x, y: y), style: style) }
                x += width
            }
        }
        let indicator = theme.placeholder
        if scrollTop > 0 { canvas.put("▲", at: Point(x: frame.width - 1, y: 0), style: indicator) }
        if rows.count > frame.height {
            canvas.put("▼", at: Point(x: frame.width - 1, y: frame.height - 1), style: indicator)
        }
    }

    /// Where the caret is on screen, or `nil` while it is scrolled out of view.
    var caretPosition: Point? {
        guard isFocused else { return nil }
        if followsCaret { scrollToCaret() }
        let wrap = wrap
        let (rows, index) = wrap.row(containing: editor.caret)
        let caretRow = rows[index]
        let visible = wrap.rows(from: scrollTop, count: frame.height)
        guard
            let y = visible.firstIndex(where: {
                $0.lowerBound == caretRow.lowerBound && $0.upperBound == caretRow.upperBound
            })
        else { return nil }
        let x = min(wrap.column(of: editor.caret, in: caretRow), frame.width - 1)
        return Point(x: frame.minX + x, y: frame.minY + y)
    }

    func handleAreaMouse(_ event: MouseEvent) -> Bool {
        let wrap = wrap
        switch event.kind {
        case .wheelUp, .wheelDown:
            followsCaret = false
            let step = 3
            let target =
                event.kind == .wheelUp
                ? wrap.rows(before: scrollTop, count: step).first
                : wrap.rows(from: scrollTop, count: step + frame.height).dropFirst(step).first
            if let target,
                event.kind == .wheelUp || wrap.rows(from: target.lowerBound, count: frame.height).count == frame.height
            {
                scrollTop = target.lowerBound
            }
            setNeedsDisplay()
            return true
        case .press(.left):
            let rows = wrap.rows(from: scrollTop, count: frame.height)
            guard !rows.isEmpty else { return true }
            let row = rows[min(rows.count - 1, max(0, event.position.y - frame.minY))]
            let isLast = wrap.lineEnd(of: row.lowerBound) == row.upperBound
            editor.moveCaret(to: wrap.index(atColumn: event.position.x - frame.minX, in: row, isLastOfLine: isLast))
            goalColumn = nil
            followsCaret = true
            setNeedsDisplay()
            return true
        default:
            return false
        }
    }
}
