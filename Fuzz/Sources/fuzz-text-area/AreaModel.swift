import TetherUI

/// An independent model of a text area, from the documented behaviour (docs/widgets-and-keys.md):
/// the text as a `String`, the caret as a grapheme index, edits made on Unicode scalars and
/// the text read again as graphemes (a mark typed after `e` joins it; a caret left inside a
/// grapheme goes after it), and the rows from ``ReferenceWrap`` of the whole text.
struct AreaModel: CustomStringConvertible {
    private(set) var text = ""
    private(set) var caret = 0
    /// The column ↑/↓ aim for, kept over a run of vertical moves.
    var goal: Int?

    var graphemes: [Character] { Array(text) }
    var description: String { "\(text.debugDescription) caret \(caret)" }

    /// Takes the widget's text and caret (after an undo, which this model does not know).
    mutating func adopt(text: String, caret: Int) {
        self.text = text
        self.caret = caret
        goal = nil
    }

    /// Typing or pasting: controls other than line breaks are dropped; CRLF and CR become LF
    /// in a paste.
    mutating func insert(_ typed: String, paste: Bool) {
        let normalized = paste ? String(typed.map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 }) : typed
        let kept = normalized.filter { $0 == "\n" || !Self.isControl($0) }
        goal = nil
        guard !kept.isEmpty else { return }
        replace(caret..<caret, with: kept)
    }

    static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
    }

    mutating func left() { move(to: caret - 1) }
    mutating func right() { move(to: caret + 1) }
    mutating func textStart() { move(to: 0) }
    mutating func textEnd() { move(to: graphemes.count) }
    mutating func move(to index: Int) {
        caret = max(0, min(index, graphemes.count))
        goal = nil
    }

    mutating func backspace() { delete(max(0, caret - 1)..<caret) }
    mutating func deleteForward() { delete(caret..<min(graphemes.count, caret + 1)) }

    /// Ctrl-W: from the start of the word before the caret.
    mutating func deleteWordLeft() {
        let g = graphemes
        let isWord = { (c: Character) in c.isLetter || c.isNumber || c == "_" }
        var i = caret
        while i > 0 && !isWord(g[i - 1]) { i -= 1 }
        while i > 0 && isWord(g[i - 1]) { i -= 1 }
        delete(i..<caret)
    }

    /// Ctrl-U: to the start of the caret's line.
    mutating func deleteToLineStart() {
        let g = graphemes
        var i = caret
        while i > 0 && g[i - 1] != "\n" { i -= 1 }
        delete(i..<caret)
    }

    /// Ctrl-K: to the end of the caret's line, or the line break when already there.
    mutating func deleteToLineEnd() {
        let g = graphemes
        var i = caret
        while i < g.count && g[i] != "\n" { i += 1 }
        delete(caret..<(i == caret ? min(g.count, i + 1) : i))
    }

    mutating func delete(_ range: Range<Int>) {
        goal = nil
        guard !range.isEmpty else { return }
        replace(range, with: "")
    }

    private mutating func replace(_ range: Range<Int>, with replacement: String) {
        let g = graphemes
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: String(g[..<range.lowerBound]).unicodeScalars)
        scalars.append(contentsOf: replacement.unicodeScalars)
        let caretScalars = scalars.count
        scalars.append(contentsOf: String(g[range.upperBound...]).unicodeScalars)
        text = String(scalars)
        var offset = 0
        var index = 0
        for grapheme in text {
            if offset >= caretScalars { break }
            offset += grapheme.unicodeScalars.count
            index += 1
        }
        caret = index
    }

    // MARK: Rows

    /// Home (`end` false) or End on the caret's visual row.
    mutating func rowEdge(end: Bool, wrap: ReferenceWrap) {
        let row = wrap.rows[wrap.row(containing: caret)]
        move(to: !end ? row.lowerBound : wrap.endsLine(row) ? row.upperBound : max(row.lowerBound, row.upperBound - 1))
    }

    /// ↑/↓ (`by` ∓1) or PgUp/PgDn (`clamped`): by visual rows at the goal column; to the first
    /// or last row there is when fewer are left; a page with none left goes to the text's end.
    /// Returns whether the area handles the key (↑ on the first row and ↓ on the last do not).
    @discardableResult
    mutating func vertical(by rows: Int, clamped: Bool, wrap: ReferenceWrap) -> Bool {
        let index = wrap.row(containing: caret)
        let goal = self.goal ?? wrap.column(of: caret, in: wrap.rows[index])
        let target = max(0, min(wrap.rows.count - 1, index + rows))
        guard target != index else {
            // A page keeps its goal column; a failed ↑/↓ falls through to the focus intents,
            // which the area does not handle but which end the run of vertical moves.
            if clamped { caret = rows < 0 ? 0 : graphemes.count } else { self.goal = nil }
            return clamped
        }
        caret = wrap.index(atColumn: goal, in: wrap.rows[target])
        self.goal = goal
        return true
    }
}

/// Soft wrap of the whole text at once, from the documented rule: a row breaks after the
/// last space or tab that fits, else before the first grapheme that does not fit (a grapheme
/// wider than the row stands alone); line breaks end rows and are in none.
struct ReferenceWrap {
    let graphemes: [Character]
    let width: Int
    let rows: [Range<Int>]

    init(_ graphemes: [Character], width: Int) {
        self.graphemes = graphemes
        self.width = max(1, width)
        var rows: [Range<Int>] = []
        var lineStart = 0
        while true {
            let lineEnd = graphemes[lineStart...].firstIndex(of: "\n") ?? graphemes.count
            var start = lineStart
            while true {
                var column = 0
                var i = start
                var lastBreak: Int?
                while i < lineEnd {
                    let w = graphemes[i].terminalWidth
                    if column + w > self.width && i > start { break }
                    column += w
                    i += 1
                    if graphemes[i - 1] == " " || graphemes[i - 1] == "\t" { lastBreak = i }
                }
                if i == lineEnd {
                    rows.append(start..<lineEnd)
                    break
                }
                rows.append(start..<(lastBreak ?? i))
                start = lastBreak ?? i
            }
            guard lineEnd < graphemes.count else { break }
            lineStart = lineEnd + 1
        }
        self.rows = rows
    }

    func endsLine(_ row: Range<Int>) -> Bool {
        row.upperBound == graphemes.count || graphemes[row.upperBound] == "\n"
    }

    /// The row of a caret at `index`: at a row's end, the next row, except at a line's end.
    func row(containing index: Int) -> Int {
        rows.firstIndex { index >= $0.lowerBound && index < $0.upperBound || index == $0.upperBound && endsLine($0) }!
    }

    func column(of index: Int, in row: Range<Int>) -> Int {
        graphemes[row.lowerBound..<min(index, row.upperBound)].reduce(0) { $0 + $1.terminalWidth }
    }

    /// The index in `row` nearest `column` without passing it; at the end of a row followed by
    /// another of its line, before that row's last grapheme.
    func index(atColumn column: Int, in row: Range<Int>) -> Int {
        var x = 0
        var i = row.lowerBound
        while i < row.upperBound && x + graphemes[i].terminalWidth <= column {
            x += graphemes[i].terminalWidth
            i += 1
        }
        return i == row.upperBound && !endsLine(row) && i > row.lowerBound ? i - 1 : i
    }

    /// How row `row` looks on screen, and the columns it takes: graphemes of width 0 (tabs,
    /// lone marks, a vowel jamo) take no cell. The columns are counted grapheme by grapheme
    /// of the row, not from the text: with a zero-width grapheme left out, an emoji ending in
    /// a joiner and the emoji after it read as one grapheme of the text (two columns, not four).
    func shown(_ row: Range<Int>) -> (text: String, columns: Int) {
        var x = 0
        var text = ""
        for grapheme in graphemes[row] {
            let w = grapheme.terminalWidth
            if x + w > width { break }
            if w > 0 { text.append(grapheme) }
            x += w
        }
        return (text, x)
    }
}
