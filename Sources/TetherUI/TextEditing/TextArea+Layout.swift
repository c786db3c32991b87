/// The rows a ``TextArea`` shows: rows laid out from the first one shown, kept for
/// drawing, the cursor and the next edit.
struct VisibleRows {
    /// Up to `height + 1` rows (one more than shown, for the `▼` hint).
    let list: RowList
    /// The area's height they were laid out for.
    let height: Int

    var width: Int { list.width }
    var top: Int { list.top }
    var rows: [Range<Int>] { list.rows }
    var textCount: Int { list.textCount }
    /// Whether there is text above the first row shown.
    var hasMoreAbove: Bool { top > 0 }
    /// Whether there is text below the last row shown.
    var hasMoreBelow: Bool { rows.count > height }
}

extension TextArea {
    /// The wrap at the current width (one column is kept for the scroll indicator).
    var wrap: SoftWrap { SoftWrap(editor.graphemes, width: frame.width - 1) }

    /// Brings the remembered rows up to date with the editor's text and the width: forgets
    /// the row starts an edit may have moved, keeps what changed for laying the kept rows
    /// out again, and returns what changed since the last call.
    @discardableResult
    func syncRows() -> TextEditor.ChangeSpan? {
        let wrap = wrap
        var moved = false
        if rowStarts.width != wrap.width {
            rowStarts.reset(width: wrap.width)
            visibleRows = nil
            moved = true
        }
        let change = editor.takeChange()
        if let change {
            rowStarts.invalidate(from: change.prefix)
            topRowsChange = topRows == nil ? nil : Self.merge(topRowsChange, change)
            // The first row shown keeps its start while every edit since it was laid out
            // came after the end of that row; else it is found again, and nothing is kept.
            let merged = Self.merge(visibleChange, change)
            let topKept = visibleRows.map { $0.top == scrollTop && ($0.rows.first?.upperBound ?? 0) < merged.prefix }
            visibleChange =
                visibleRows == nil ? nil : topKept == true ? merged : TextEditor.ChangeSpan(prefix: 0, suffix: 0)
            moved = moved || topKept != true
        }
        if moved {
            scrollTop = rowStarts.row(containing: min(scrollTop, editor.graphemes.count), in: wrap).lowerBound
        }
        return change
    }

    private static func merge(_ a: TextEditor.ChangeSpan?, _ b: TextEditor.ChangeSpan) -> TextEditor.ChangeSpan {
        guard let a else { return b }
        return TextEditor.ChangeSpan(prefix: min(a.prefix, b.prefix), suffix: min(a.suffix, b.suffix))
    }

    /// The rows the text takes at `width` columns, counted up to `maxRows + 1` only.
    func contentRows(width: Int? = nil) -> Int {
        let limit = maxRows + 1
        guard let width, width != frame.width else {
            syncRows()
            if let list = topRows, topRowsChange == nil, list.width == wrap.width, list.limit == limit {
                return list.rows.count
            }
            let list = rowStarts.rows(from: 0, limit: limit, in: wrap, reusing: topRows, after: topRowsChange)
            topRows = list
            topRowsChange = nil
            return list.rows.count
        }
        return SoftWrap(editor.graphemes, width: width - 1).rows(from: 0, count: limit).count
    }

    /// The rows shown now: those laid out last when nothing changed since, else laid out
    /// again (scrolled to the caret when following it).
    func currentRows() -> VisibleRows {
        syncRows()
        if editor.graphemes.isEmpty { scrollTop = 0 }
        let height = max(1, frame.height)
        if let rows = visibleRows, visibleChange == nil, rows.width == wrap.width, rows.height == height,
            rows.top == scrollTop, !followsCaret || caretRow(in: rows) != nil
        {
            return rows
        }
        var rows = layOutRows(height: height)
        if followsCaret && caretRow(in: rows) == nil {
            scrollToCaret(height: height)
            rows = layOutRows(height: height)
        }
        visibleRows = rows
        visibleChange = nil
        return rows
    }

    private func layOutRows(height: Int) -> VisibleRows {
        let old = visibleRows?.height == height ? visibleRows?.list : nil
        let list = rowStarts.rows(from: scrollTop, limit: height + 1, in: wrap, reusing: old, after: visibleChange)
        return VisibleRows(list: list, height: height)
    }

    /// The screen row of the caret among `rows`, if shown.
    func caretRow(in rows: VisibleRows) -> Int? {
        let caret = editor.caret
        let wrap = wrap
        for (y, row) in rows.rows.prefix(rows.height).enumerated() {
            if caret >= row.lowerBound && caret < row.upperBound { return y }
            if caret == row.upperBound && wrap.endsLine(row) { return y }
        }
        return nil
    }

    /// Scrolls so the caret's row is visible: up to it when it is above, else so that it is
    /// the last row shown.
    private func scrollToCaret(height: Int) {
        let wrap = wrap
        let caretRow = rowStarts.row(containing: editor.caret, in: wrap)
        if caretRow.lowerBound <= scrollTop {
            scrollTop = caretRow.lowerBound
            return
        }
        let before = rowStarts.rows(before: caretRow.lowerBound, count: height - 1, in: wrap)
        scrollTop = before.first?.lowerBound ?? caretRow.lowerBound
    }

    /// After a key: lays the rows out again and asks for only the screen rows whose
    /// content changed to be drawn again (all of them when the area must grow or shrink).
    func refreshAfterKey() {
        syncRows()
        let old = visibleRows
        let change = visibleChange
        if contentRows() != laidOutRows { return setNeedsLayout() }
        let new = currentRows()
        guard let old, old.width == new.width, old.height == new.height else { return setNeedsDisplay() }
        var changed: [Int] = []
        for y in 0..<new.height where !Self.sameRow(y, old, new, change) { changed.append(y) }
        if old.hasMoreAbove != new.hasMoreAbove { changed.append(0) }
        if old.hasMoreBelow != new.hasMoreBelow { changed.append(new.height - 1) }
        // Nothing to draw again: one row still goes through, so that the cursor moves.
        let rows = changed.isEmpty ? [caretRow(in: new) ?? 0] : changed
        let first = rows.min()!, last = rows.max()!
        treeHost?.setNeedsDisplay(rows: frame.minY + first..<frame.minY + last + 1)
    }

    /// Whether screen row `y` shows the same graphemes in `old` and `new`: the same range
    /// before any change, or the same distance from the end inside the unchanged end.
    private static func sameRow(_ y: Int, _ old: VisibleRows, _ new: VisibleRows, _ change: TextEditor.ChangeSpan?)
        -> Bool
    {
        let a = y < min(old.height, old.rows.count) ? old.rows[y] : nil
        let b = y < min(new.height, new.rows.count) ? new.rows[y] : nil
        guard let a, let b else { return a == nil && b == nil }
        guard let change else { return a == b }
        if a == b && b.upperBound <= change.prefix { return true }
        let fromEnd = new.textCount - b.lowerBound
        return a.count == b.count && old.textCount - a.lowerBound == fromEnd && fromEnd <= change.suffix
    }
}
