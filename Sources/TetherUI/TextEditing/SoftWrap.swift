/// Soft wrapping of a text into visual rows of at most `width` columns, computed only
/// around the rows asked for: the hard line (up to a line break) that holds them, and the
/// lines next to it. Nothing here reads the whole text.
///
/// A row is a range of grapheme indices without its line break. A row breaks after the
/// last space that fits, or before the first grapheme that does not fit when the row has no
/// space; a wide grapheme is never split. A caret at a row's end belongs to the next row,
/// except at the end of a hard line.
struct SoftWrap {
    let graphemes: GraphemeBuffer
    /// Columns per row, at least 1.
    let width: Int

    init(_ graphemes: GraphemeBuffer, width: Int) {
        self.graphemes = graphemes
        self.width = max(1, width)
    }

    /// The index where the hard line holding `index` starts.
    func lineStart(of index: Int) -> Int {
        var i = min(index, graphemes.count)
        while i > 0 && graphemes[i - 1] != "\n" { i -= 1 }
        return i
    }

    /// The index of the line break ending the hard line holding `index`, or `count`.
    func lineEnd(of index: Int) -> Int {
        var i = max(0, index)
        while i < graphemes.count && graphemes[i] != "\n" { i += 1 }
        return i
    }

    /// The rows of the hard line starting at `start`.
    func rows(ofLineAt start: Int) -> [Range<Int>] {
        let end = lineEnd(of: start)
        var rows: [Range<Int>] = []
        var rowStart = start
        var column = 0
        var lastBreak: Int?
        var i = start
        while i < end {
            let grapheme = graphemes[i]
            let w = grapheme.terminalWidth
            if column + w > width && i > rowStart {
                let cut = lastBreak ?? i
                rows.append(rowStart..<cut)
                rowStart = cut
                column = 0
                lastBreak = nil
                i = cut
                continue
            }
            column += w
            i += 1
            if grapheme == " " || grapheme == "\t" { lastBreak = i }
        }
        rows.append(rowStart..<end)
        return rows
    }

    /// The row holding the caret at `index`, and its place among its hard line's rows.
    func row(containing index: Int) -> (rows: [Range<Int>], index: Int) {
        let rows = rows(ofLineAt: lineStart(of: index))
        let found = rows.firstIndex { index >= $0.lowerBound && index < $0.upperBound } ?? rows.count - 1
        return (rows, found)
    }

    /// Up to `count` rows from the row starting at `start` on, crossing line breaks.
    func rows(from start: Int, count: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var line = lineStart(of: start)
        while result.count < count {
            let rows = rows(ofLineAt: line)
            result += rows.filter { $0.lowerBound >= start || ($0.isEmpty && $0.lowerBound == start) }
                .prefix(count - result.count)
            let end = rows.last!.upperBound
            guard end < graphemes.count else { break }
            line = end + 1
        }
        return result
    }

    /// Up to `count` rows before the row starting at `start`, nearest last.
    func rows(before start: Int, count: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var line = lineStart(of: start)
        var limit = start
        while result.count < count {
            let earlier = rows(ofLineAt: line).filter { $0.lowerBound < limit }
            result.insert(contentsOf: earlier.suffix(count - result.count), at: 0)
            guard line > 0 else { break }
            limit = line - 1
            line = lineStart(of: line - 1)
            limit = Int.max
        }
        return result
    }

    /// The columns from the start of `row` to `index`.
    func column(of index: Int, in row: Range<Int>) -> Int {
        var column = 0
        for i in row.lowerBound..<min(index, row.upperBound) { column += graphemes[i].terminalWidth }
        return column
    }

    /// The index in `row` nearest to `column` without passing it; the end of a row that
    /// is followed by another row of its line stays before that row's first grapheme.
    func index(atColumn column: Int, in row: Range<Int>, isLastOfLine: Bool) -> Int {
        var x = 0
        var i = row.lowerBound
        while i < row.upperBound {
            let w = graphemes[i].terminalWidth
            if x + w > column { break }
            x += w
            i += 1
        }
        if i == row.upperBound && !isLastOfLine && i > row.lowerBound { return i - 1 }
        return i
    }
}
