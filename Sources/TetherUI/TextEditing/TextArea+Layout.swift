/// The rows a ``TextArea`` shows, computed once per edit and kept for drawing, the cursor
/// and the next edit.
struct VisibleRows {
    /// The wrap width and the area's height they were laid out for.
    let width: Int
    let height: Int
    /// Where the first row starts.
    let top: Int
    /// The graphemes in the text when they were laid out.
    let textCount: Int
    /// Up to `height + 1` rows from `top` (one more than shown, for the `▼` hint).
    let rows: [Range<Int>]

    /// Whether there is text above the first row shown.
    var hasMoreAbove: Bool { top > 0 }
    /// Whether there is text below the last row shown.
    var hasMoreBelow: Bool { rows.count > height }
}

/// The rows the text takes, counted from the top up to `limit`, and from where an edit
/// can change the count.
struct ContentRows {
    let width: Int
    let limit: Int
    let count: Int
    /// Edits starting after this index keep `count` (the end of the `limit`th row when the
    /// text has that many; `Int.max`, none, when it has fewer).
    let guardEnd: Int
}

extension TextArea {
    /// The wrap at the current width (one column is kept for the scroll indicator).
    var wrap: SoftWrap { SoftWrap(editor.graphemes, width: frame.width - 1) }

    /// Brings the remembered rows up to date with the editor's text and the width, and
    /// returns what changed since the last call.
    @discardableResult
    func syncRows() -> TextEditor.ChangeSpan? {
        let width = wrap.width
        var moved = false
        if rowStarts.width != width {
            rowStarts.reset(width: width)
            visibleRows = nil
            moved = true
        }
        let change = editor.takeChange()
        if let change {
            visibleRows = nil
            rowStarts.invalidate(from: change.prefix)
            if let counted = contentRowsCache, change.prefix <= counted.guardEnd { contentRowsCache = nil }
            moved = true
        }
        if moved {
            // The first row shown starts a row again (its row may have moved).
            scrollTop = rowStarts.row(containing: min(scrollTop, editor.graphemes.count), in: wrap).lowerBound
        }
        return change
    }

    /// The rows the text takes at `width` columns, counted up to `maxRows + 1` only.
    func contentRows(width: Int? = nil) -> Int {
        let limit = maxRows + 1
        guard let width, width != frame.width else {
            syncRows()
            if let counted = contentRowsCache, counted.width == wrap.width, counted.limit == limit {
                return counted.count
            }
            let rows = rowStarts.rows(from: 0, count: limit, in: wrap)
            let guardEnd = rows.count == limit ? rows[limit - 1].upperBound : Int.max
            contentRowsCache = ContentRows(width: wrap.width, limit: limit, count: rows.count, guardEnd: guardEnd)
            return rows.count
        }
        return SoftWrap(editor.graphemes, width: width - 1).rows(from: 0, count: limit).count
    }

    /// The rows shown now: those laid out last when nothing changed since, else laid out
    /// again (scrolled to the caret when following it).
    func currentRows() -> VisibleRows {
        syncRows()
        if editor.graphemes.isEmpty { scrollTop = 0 }
        let height = max(1, frame.height)
        if let rows = visibleRows, rows.width == wrap.width, rows.height == height, rows.top == scrollTop,
            !followsCaret || rowsHoldCaret(rows)
        {
            return rows
        }
        var rows = layOutRows(height: height)
        if followsCaret && !rowsHoldCaret(rows) {
            scrollToCaret(height: height)
            rows = layOutRows(height: height)
        }
        visibleRows = rows
        return rows
    }

    private func layOutRows(height: Int) -> VisibleRows {
        VisibleRows(
            width: wrap.width, height: height, top: scrollTop, textCount: editor.graphemes.count,
            rows: rowStarts.rows(from: scrollTop, count: height + 1, in: wrap))
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

    private func rowsHoldCaret(_ rows: VisibleRows) -> Bool { caretRow(in: rows) != nil }

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
        let old = visibleRows
        let change = syncRows()
        if contentRows() != laidOutRows {
            visibleRows = nil
            return setNeedsLayout()
        }
        let new = currentRows()
        guard let old, old.width == new.width, old.height == new.height else { return setNeedsDisplay() }
        var changed: [Int] = []
        for y in 0..<new.height where !Self.sameRow(y, old, new, change) { changed.append(y) }
        if old.hasMoreAbove != new.hasMoreAbove { changed.append(0) }
        if old.hasMoreBelow != new.hasMoreBelow { changed.append(new.height - 1) }
        // Nothing to draw again: one row still goes through, so that the cursor moves.
        let rows = changed.isEmpty ? [caretRow(in: new) ?? 0] : changed
        let first = rows.min()!, last = rows.max()!
        root.host?.setNeedsDisplay(rows: frame.minY + first..<frame.minY + last + 1)
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
