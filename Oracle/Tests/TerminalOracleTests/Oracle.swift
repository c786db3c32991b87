import TetherUI

/// Draws frame sequences with the screen writer into libvterm and compares, after each frame,
/// the emulator's cells, cursor and cursor visibility with what the frame meant.
@MainActor
struct Oracle {
    let terminal: OracleTerminal
    let probe: WidthProbe

    /// What went wrong at one frame of a sequence.
    struct Failure: Error, CustomStringConvertible {
        var step: Int
        var problems: [String]
        var bytes: [UInt8]

        var description: String {
            let escaped = String(decoding: bytes, as: UTF8.self).unicodeScalars.map { scalar in
                scalar.value == 0x1B
                    ? "␛" : scalar.value < 0x20 ? "^\(Character(Unicode.Scalar(scalar.value + 0x40)!))" : String(scalar)
            }.joined()
            return "frame \(step): " + problems.prefix(6).joined(separator: "; ") + "\nbytes: \(escaped)"
        }
    }

    /// The text the oracle writes on the rows outside a band: they belong to the user and
    /// must stay as they are.
    static let outside = "#"

    /// Whether the user's rows are below a band too (Tether's writer), or only above it, the
    /// rows below blank, as an inline band placed at the cursor has them (ncurses, which
    /// may clear to the end of the screen from the band's last row: decision 0108).
    var userRowsBelowBand = true

    /// What draws: a fresh renderer for each run (Tether's writer unless told).
    var makeRenderer: @MainActor (OracleTerminal) -> any OracleRenderer = { OracleWriter($0) }

    /// Runs `steps` from a blank terminal; the first frame that does not match, or `nil`.
    func run(_ steps: [OracleStep]) -> Failure? {
        guard let first = steps.first else { return nil }
        let emulator = Emulator(rows: first.terminal.height, columns: first.terminal.width)
        var writer = makeRenderer(terminal)
        var previous: Frame?
        var shownBand: Range<Int>??  // the band's rows the outside was written around
        var unsure = Set<Point>()
        for (index, step) in steps.enumerated() {
            if step.terminal.height != emulator.rows || step.terminal.width != emulator.columns {
                emulator.resize(rows: step.terminal.height, columns: step.terminal.width)
                writer.invalidate()
                previous = nil
                shownBand = .none
            }
            if writer.bandTop != step.bandTop || previous?.size != step.frame.size {
                writer.bandTop = step.bandTop
                previous = nil
            }
            let band = step.bandTop.map { $0..<$0 + step.frame.size.height }
            if previous == nil, shownBand != .some(band) {
                fillOutside(step, emulator)
                writer.invalidate()
                shownBand = .some(band)
            }
            let rows = previous.flatMap { validHint(step.rows, from: $0, to: step.frame) }
            let bytes = writer.update(
                to: step.frame, from: previous, caret: step.caret, rows: rows, terminal: step.terminal)
            emulator.feed(bytes)
            unsure = stillUnsure(step.frame, drawnOver: previous, rows: rows, before: unsure)
            let problems = compare(step, emulator, unsure: &unsure)
            if !problems.isEmpty { return Failure(step: index, problems: problems, bytes: bytes) }
            previous = step.frame
        }
        return nil
    }

    /// Writes ``outside`` on every row outside the band (or nothing, for the whole screen),
    /// as a shell and its user would have, behind the writer's back.
    private func fillOutside(_ step: OracleStep, _ emulator: Emulator) {
        guard let top = step.bandTop else { return }
        let line = String(repeating: Self.outside, count: step.terminal.width)
        let empty = String(repeating: " ", count: step.terminal.width)
        var text = "\u{1B}[m"
        for y in 0..<step.terminal.height where y < top || y >= top + step.frame.size.height {
            text += "\u{1B}[\(y + 1);1H" + (y < top || userRowsBelowBand ? line : empty)
        }
        emulator.feed(text + "\u{1B}[m")
    }

    /// `rows` when every row outside it is the same in `previous` and `frame` (a shrunk
    /// sequence can break the promise), else `nil`.
    private func validHint(_ rows: Range<Int>?, from previous: Frame, to frame: Frame) -> Range<Int>? {
        guard let rows else { return nil }
        return frame.changes(from: previous).allSatisfy { rows.contains($0.y) } ? rows : nil
    }

    /// The cells a disputed grapheme covered before `frame` that the writer has not drawn
    /// again since (libvterm may show them otherwise than the frame).
    private func stillUnsure(_ frame: Frame, drawnOver previous: Frame?, rows: Range<Int>?, before: Set<Point>)
        -> Set<Point>
    {
        guard previous != nil, !before.isEmpty else { return [] }
        var unsure = before
        for change in frame.changes(from: previous, rows: rows) {
            for x in change.x..<change.x + change.cells.count { unsure.remove(Point(x: x, y: change.y)) }
        }
        return unsure
    }

    /// The differences between the emulator and what `step` meant, except in `unsure` cells,
    /// to which it adds those each disputed grapheme of the frame covers by either measure.
    func compare(_ step: OracleStep, _ emulator: Emulator, unsure: inout Set<Point>) -> [String] {
        var problems: [String] = []
        let top = step.bandTop ?? 0
        let frame = step.frame
        let outside = Emulator.Cell(
            text: Self.outside, width: 1, bold: false, underline: false, reverse: false, foreground: -1, background: -1)
        let blank = Emulator.Cell(
            text: " ", width: 1, bold: false, underline: false, reverse: false, foreground: -1, background: -1)
        var looks = LookCache(terminal: terminal)
        let corner = terminal.skipsCorner ? Point(x: frame.size.width - 1, y: step.terminal.height - 1 - top) : nil
        for y in 0..<step.terminal.height {
            guard y >= top, y < top + frame.size.height else {
                let mine = step.bandTop != nil && !userRowsBelowBand && y >= top + frame.size.height
                let expected = mine ? blank : outside
                if let x = (0..<step.terminal.width).first(where: { !emulator.holds(expected, x: $0, y: y) }) {
                    problems.append("row \(y) outside the band changed at column \(x): \(emulator.cell(x: x, y: y))")
                }
                continue
            }
            for x in 0..<frame.size.width {
                let cell = frame[x, y - top]
                if cell.printableASCII == nil, probe.isDisputed(cell) {
                    let columns = max(Int(cell.width), probe.reading(cell.grapheme).advance)
                    for covered in x..<x + columns { unsure.insert(Point(x: covered, y: y - top)) }
                }
                if let corner, corner.x == x, corner.y == y - top { continue }
                if !unsure.isEmpty, unsure.contains(Point(x: x, y: y - top)) { continue }
                let wanted = looks.wanted(cell)
                if !emulator.holds(wanted, x: x, y: y) {
                    problems.append("cell \(x),\(y) is \(emulator.cell(x: x, y: y)), expected \(wanted)")
                    if problems.count > 6 { return problems }
                }
            }
        }
        return problems + cursorProblems(step, emulator)
    }

    /// How libvterm stores `grapheme`: its first six scalars, a space for an empty one.
    nonisolated static func shown(_ grapheme: String) -> String {
        var text = ""
        for scalar in grapheme.unicodeScalars.prefix(6) { text.unicodeScalars.append(scalar) }
        return text.isEmpty ? " " : text
    }

    private func cursorProblems(_ step: OracleStep, _ emulator: Emulator) -> [String] {
        let top = step.bandTop ?? 0
        if let caret = step.caret, caret.x >= 0, caret.y >= 0, caret.x < step.frame.size.width,
            caret.y < step.frame.size.height
        {
            var problems: [String] = []
            if emulator.cursor != (caret.x, caret.y + top) {
                problems.append("cursor at \(emulator.cursor), expected \(caret.x),\(caret.y + top)")
            }
            if terminal.showsCursor, !emulator.cursorVisible { problems.append("cursor hidden, expected shown") }
            return problems
        }
        return terminal.hidesCursor && emulator.cursorVisible ? ["cursor shown, expected hidden"] : []
    }
}

/// The emulator cell a frame cell should be, with the style's look remembered from one
/// cell to the next (runs share a style).
struct LookCache {
    private let look: (Style) -> (attributes: Style.Attributes, foreground: Int, background: Int)
    private var style: Style?
    private var template = Emulator.Cell(
        text: "", width: 1, bold: false, underline: false, reverse: false, foreground: -1, background: -1)
    private let continuation = Emulator.Cell(
        text: "", width: 1, bold: false, underline: false, reverse: false, foreground: -1, background: -1)

    @MainActor init(terminal: OracleTerminal) { look = terminal.lookFunction }

    mutating func wanted(_ cell: Cell) -> Emulator.Cell {
        if cell.isContinuation { return continuation }
        if style != cell.style {
            style = cell.style
            let (attributes, foreground, background) = look(cell.style)
            template.bold = attributes.contains(.bold)
            template.underline = attributes.contains(.underline)
            template.reverse = attributes.contains(.reverse)
            template.foreground = foreground
            template.background = background
        }
        var wanted = template
        wanted.text = cell.printableASCII.map { String(UnicodeScalar($0)) } ?? Oracle.shown(cell.grapheme)
        wanted.width = max(1, Int(cell.width))
        return wanted
    }
}
