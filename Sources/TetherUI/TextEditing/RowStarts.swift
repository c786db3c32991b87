/// Row starts of a ``TextArea``'s text at one width, remembered between keys, so that the
/// row of an index is found by wrapping forward from a nearby start instead of from the
/// start of its hard line: in a line of a million graphemes a key re-wraps a few hundred.
///
/// A start is remembered every ``spacing`` graphemes within a hard line, as rows are walked
/// (line starts are found by reading back to the line break, so short lines need none). An
/// edit forgets the starts it may move: those whose row ends at or after the first changed
/// grapheme (a row's end bounds what decided the start of the row after it, see
/// ``SoftWrap``), which are the last ones, so nothing is ever shifted; rows after an edit
/// are wrapped again only when they are needed.
struct RowStarts {
    /// A row start and the end of its row (an edit from there on forgets it).
    struct Entry {
        let start: Int
        let rowEnd: Int
    }

    /// The width the starts are for (the wrap's, in columns).
    private(set) var width = 0
    /// Sorted by start (and so by row end).
    private var entries: [Entry] = []

    /// The fewest graphemes between two remembered starts of a hard line.
    static let spacing = 256

    /// How many starts are remembered (for tests).
    var count: Int { entries.count }

    /// Forgets every start: the text was replaced or the width changed to `width`.
    mutating func reset(width: Int) {
        self.width = width
        entries.removeAll(keepingCapacity: true)
    }

    /// Forgets the starts an edit changing the graphemes from `index` on may have moved.
    mutating func invalidate(from index: Int) {
        while let last = entries.last, last.rowEnd >= index { entries.removeLast() }
    }

    /// The position in `entries` of the first start after `index`.
    private func slot(after index: Int) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].start <= index { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A row start at or before `index` from which wrapping forward reaches `index`: the
    /// start of its hard line or the nearest remembered start after it. Reads back from
    /// `index` only as far as that.
    func anchor(atOrBefore index: Int, in wrap: SoftWrap) -> Int {
        let slot = slot(after: index)
        let floor = slot > 0 ? entries[slot - 1].start : 0
        var i = index
        while i > floor {
            if wrap.graphemes.isLineBreak(at: i - 1) { return i }
            i -= 1
        }
        return floor
    }

    /// Walks the rows from `start` (a row start) on while `body` returns `true`, remembering
    /// a start every ``spacing`` graphemes of a hard line.
    mutating func walk(from start: Int, in wrap: SoftWrap, _ body: (_ row: Range<Int>, _ next: Int?) -> Bool) {
        var slot = slot(after: start)
        // The nearest start known without reading back (a line start in between is not
        // looked for: at worst a start is remembered that a line start made unnecessary).
        var lastKnown = slot > 0 ? entries[slot - 1].start : 0
        var rowStart = start
        while true {
            let (row, next) = wrap.row(at: rowStart)
            if wrap.isLineStart(rowStart) {
                lastKnown = rowStart
            } else if rowStart - lastKnown >= Self.spacing {
                while slot < entries.count && entries[slot].start <= rowStart {
                    lastKnown = entries[slot].start
                    slot += 1
                }
                if rowStart - lastKnown >= Self.spacing {
                    entries.insert(Entry(start: rowStart, rowEnd: row.upperBound), at: slot)
                    slot += 1
                    lastKnown = rowStart
                }
            }
            guard body(row, next), let next else { return }
            rowStart = next
        }
    }

    /// The row holding the caret at `index` (at a row's end: the next row, except at the
    /// end of a hard line).
    mutating func row(containing index: Int, in wrap: SoftWrap) -> Range<Int> {
        var found = 0..<0
        walk(from: anchor(atOrBefore: index, in: wrap), in: wrap) { row, next in
            found = row
            let isHere = index < row.upperBound || (index == row.upperBound && wrap.endsLine(row))
            return !isHere && next != nil
        }
        return found
    }

    /// Up to `count` rows from the row starting at `start` (a row start) on, crossing line
    /// breaks.
    mutating func rows(from start: Int, count: Int, in wrap: SoftWrap) -> [Range<Int>] {
        var result: [Range<Int>] = []
        guard count > 0 else { return result }
        walk(from: start, in: wrap) { row, _ in
            result.append(row)
            return result.count < count
        }
        return result
    }

    /// Up to `count` rows before the row starting at `start` (a row start), nearest last.
    mutating func rows(before start: Int, count: Int, in wrap: SoftWrap) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var limit = start
        while result.count < count && limit > 0 {
            let from = anchor(atOrBefore: limit - 1, in: wrap)
            var chunk: [Range<Int>] = []
            walk(from: from, in: wrap) { row, next in
                chunk.append(row)
                return next.map { $0 < limit } ?? false
            }
            result.insert(contentsOf: chunk.suffix(count - result.count), at: 0)
            limit = from
        }
        return result
    }
}

/// Rows laid out from a row start, kept between keys: after an edit they are laid out again
/// from the rows the edit cannot have moved, and only until the new rows meet the old ones
/// again in the part of the text the edit left alone.
struct RowList {
    /// The wrap width they were laid out at.
    let width: Int
    /// Where the first row starts.
    let top: Int
    /// How many rows were asked for (fewer when the text ends first).
    let limit: Int
    /// The graphemes in the text when they were laid out.
    let textCount: Int
    let rows: [Range<Int>]
}

extension RowStarts {
    /// Up to `limit` rows from `top` (a row start), laid out again from `old` (rows from the
    /// same `top` at the same width before `change`): old rows whose next row ends before
    /// the change are kept, the rows from there are wrapped until one starts in the unchanged
    /// end of the text where an old row started, and the old rows from there are moved.
    mutating func rows(
        from top: Int, limit: Int, in wrap: SoftWrap, reusing old: RowList?, after change: TextEditor.ChangeSpan?
    ) -> RowList {
        let count = wrap.graphemes.count
        guard let old, let change, old.width == wrap.width, old.top == top, old.limit == limit else {
            return RowList(
                width: wrap.width, top: top, limit: limit, textCount: count,
                rows: rows(from: top, count: limit, in: wrap))
        }
        var result: [Range<Int>] = []
        while result.count + 1 < old.rows.count && old.rows[result.count + 1].upperBound < change.prefix {
            result.append(old.rows[result.count])
        }
        let delta = count - old.textCount
        var oldIndex = result.count
        walk(from: result.isEmpty ? top : old.rows[result.count].lowerBound, in: wrap) { row, next in
            result.append(row)
            guard result.count < limit, let next else { return false }
            guard count - next <= change.suffix else { return true }
            while oldIndex < old.rows.count && old.rows[oldIndex].lowerBound + delta < next { oldIndex += 1 }
            guard oldIndex < old.rows.count, old.rows[oldIndex].lowerBound + delta == next else { return true }
            for moved in old.rows[oldIndex...].prefix(limit - result.count) {
                result.append(moved.lowerBound + delta..<moved.upperBound + delta)
            }
            return false
        }
        if result.count < limit, let last = result.last, let next = Self.next(after: last, in: wrap) {
            result += rows(from: next, count: limit - result.count, in: wrap)
        }
        return RowList(width: wrap.width, top: top, limit: limit, textCount: count, rows: result)
    }

    /// Where the row after `row` starts, or `nil` when `row` is the last.
    static func next(after row: Range<Int>, in wrap: SoftWrap) -> Int? {
        guard wrap.endsLine(row) else { return row.upperBound }
        return row.upperBound < wrap.graphemes.count ? row.upperBound + 1 : nil
    }
}
