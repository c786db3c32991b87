/// Soft wrapping of a text into visual rows of at most `width` columns, one row at a time
/// from a known row start. Nothing here reads the whole text: ``RowStarts`` finds a row
/// start near an index and remembers row starts between keys.
///
/// A row is a range of grapheme indices without its line break. A row breaks after the
/// last space that fits, or before the first grapheme that does not fit when the row has no
/// space; a wide grapheme is never split. A caret at a row's end belongs to the next row,
/// except at the end of a hard line.
///
/// Where a row ends depends only on the graphemes from its start up to the first one that
/// does not fit, which is never past the end of the row after it: an edit starting after
/// that end leaves the row, and the start of the row after it, where they were.
struct SoftWrap {
    let graphemes: GraphemeBuffer
    /// Columns per row, at least 1.
    let width: Int

    init(_ graphemes: GraphemeBuffer, width: Int) {
        self.graphemes = graphemes
        self.width = max(1, width)
    }

    /// The index where the hard line holding `index` starts (reads back to it).
    func lineStart(of index: Int) -> Int {
        var i = min(index, graphemes.count)
        while i > 0 && !graphemes.isLineBreak(at: i - 1) { i -= 1 }
        return i
    }

    /// The index of the line break ending the hard line holding `index`, or `count` (reads
    /// on to it).
    func lineEnd(of index: Int) -> Int {
        var i = max(0, index)
        while i < graphemes.count && !graphemes.isLineBreak(at: i) { i += 1 }
        return i
    }

    /// Whether `index` starts a hard line.
    func isLineStart(_ index: Int) -> Bool { index == 0 || graphemes.isLineBreak(at: index - 1) }

    /// Whether `row` is the last row of its hard line.
    func endsLine(_ row: Range<Int>) -> Bool {
        row.upperBound == graphemes.count || graphemes.isLineBreak(at: row.upperBound)
    }

    /// The row starting at `start`, which must be a row start, and where the next row starts
    /// (after the line break when the row ends its line; `nil` after the last row).
    func row(at start: Int) -> (row: Range<Int>, next: Int?) {
        var found: (row: Range<Int>, next: Int?)?
        var column = 0
        var lastBreak: Int?
        graphemes.scanCodes(from: start) { i, code in
            let (w, kind) = Self.measure(code)
            if kind == .lineBreak {
                found = (start..<i, i + 1)
                return false
            }
            if column + w > width && i > start {
                let cut = lastBreak ?? i
                found = (start..<cut, cut)
                return false
            }
            column += w
            if kind == .space { lastBreak = i + 1 }
            return true
        }
        return found ?? (start..<graphemes.count, nil)
    }

    private enum Kind { case lineBreak, space, other }

    /// A grapheme's width and whether it breaks the line or allows a break after it, read
    /// from its code (``GraphemeBuffer/code(at:)``: no string comparison, no Unicode lookup).
    private static func measure(_ code: UInt8) -> (width: Int, kind: Kind) {
        switch code {
        case 0x0A: return (0, .lineBreak)
        case 0x09: return (0, .space)
        case 0x20: return (1, .space)
        case 0x21..<0x7F: return (1, .other)
        default: return (GraphemeBuffer.width(ofCode: code), .other)
        }
    }

    /// Up to `count` rows from the row starting at `start` (a row start), crossing line
    /// breaks. Remembers nothing (for a width other than the area's).
    func rows(from start: Int, count: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var next: Int? = start
        while result.count < count, let start = next {
            let row = row(at: start)
            result.append(row.row)
            next = row.next
        }
        return result
    }

    /// The columns from the start of `row` to `index`.
    func column(of index: Int, in row: Range<Int>) -> Int {
        var column = 0
        for i in row.lowerBound..<min(index, row.upperBound) { column += graphemes.width(at: i) }
        return column
    }

    /// The index in `row` nearest to `column` without passing it; the end of a row that
    /// is followed by another row of its line stays before that row's first grapheme.
    func index(atColumn column: Int, in row: Range<Int>) -> Int {
        var x = 0
        var i = row.lowerBound
        while i < row.upperBound {
            let w = graphemes.width(at: i)
            if x + w > column { break }
            x += w
            i += 1
        }
        if i == row.upperBound && !endsLine(row) && i > row.lowerBound { return i - 1 }
        return i
    }
}
