import TetherUI

/// A tiny xterm for tests: replays what ``ScreenWriter`` writes for xterm-256color onto a
/// grid of characters, and records every row the bytes touch.
///
/// It understands exactly the subset the writer emits — cursor addressing (`CUP`, `VPA`,
/// `HPA`), relative moves (`CUU`, `CUD`, `CUF`, `CUB`), `CR`, `BS`, `LF`, erasing (`EL`,
/// `ED`), `SGR`, the charset designation `ESC ( B`, the cursor modes `?12`/`?25`, and
/// UTF-8 text with xterm's delayed wrap — and lists anything else in ``unknown``.
struct TerminalReplay {
    /// The screen, one string per cell (attributes are not kept).
    private(set) var cells: [[String]]
    /// The cursor: 0-based row and column.
    private(set) var row = 0
    private(set) var column = 0
    /// Every row the cursor was moved to, written on or erased.
    private(set) var touchedRows: Set<Int> = []
    /// Erase-in-display sequences seen (`ESC [J`, `ESC [2J`…).
    private(set) var screenErases: [String] = []
    /// Sequences and control bytes it does not know.
    private(set) var unknown: [String] = []
    private var pendingWrap = false

    /// A terminal of `size` whose every cell shows `fill`.
    init(size: Size, fill: String = ".") {
        cells = Array(repeating: Array(repeating: fill, count: size.width), count: size.height)
    }

    var height: Int { cells.count }
    var width: Int { cells.first?.count ?? 0 }

    /// Row `y` as text, trailing spaces trimmed.
    func line(_ y: Int) -> String {
        var text = cells[y].joined()
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Starts recording touched rows afresh (to check one frame's bytes at a time).
    mutating func forgetTouchedRows() {
        touchedRows = []
        screenErases = []
    }

    /// Applies `bytes` as the terminal would.
    mutating func replay(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            switch scalar.value {
            case 0x1B: escape(&scalars)
            case 0x0D: moveTo(row: row, column: 0)
            case 0x0A: moveTo(row: row + 1, column: column)
            case 0x08: moveTo(row: row, column: column - 1)
            case 0x20...: write(scalar)
            default: unknown.append("control \(scalar.value)")
            }
        }
    }

    private mutating func escape(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        guard let next = scalars.popFirst() else { return unknown.append("lone ESC") }
        if next == "(" {
            if scalars.popFirst() != "B" { unknown.append("ESC ( ?") }
            return
        }
        guard next == "[" else { return unknown.append("ESC \(next)") }
        var parameters = ""
        while let scalar = scalars.first, (0x20...0x3F).contains(scalar.value) {
            parameters.unicodeScalars.append(scalar)
            scalars = scalars.dropFirst()
        }
        guard let final = scalars.popFirst() else { return unknown.append("ESC [\(parameters)") }
        controlSequence(parameters, final: final)
    }

    private mutating func controlSequence(_ parameters: String, final: Unicode.Scalar) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ index: Int, default value: Int = 1) -> Int {
            index < numbers.count ? (numbers[index] ?? value) : value
        }
        switch (parameters.first == "?", final) {
        case (true, "h"), (true, "l"):
            if !["?12", "?25"].contains(parameters) { unknown.append("ESC [\(parameters)\(final)") }
        case (false, "H"): moveTo(row: number(0) - 1, column: number(1) - 1)
        case (false, "d"): moveTo(row: number(0) - 1, column: column)
        case (false, "G"): moveTo(row: row, column: number(0) - 1)
        case (false, "A"): moveTo(row: row - number(0), column: column)
        case (false, "B"): moveTo(row: row + number(0), column: column)
        case (false, "C"): moveTo(row: row, column: column + number(0))
        case (false, "D"): moveTo(row: row, column: column - number(0))
        case (false, "K"): eraseLine(mode: number(0, default: 0))
        case (false, "J"): screenErases.append("ESC [\(parameters)J")
        case (false, "m"): break
        default: unknown.append("ESC [\(parameters)\(final)")
        }
    }

    private mutating func moveTo(row newRow: Int, column newColumn: Int) {
        row = min(max(newRow, 0), height - 1)
        column = min(max(newColumn, 0), width - 1)
        pendingWrap = false
        touchedRows.insert(row)
    }

    private mutating func eraseLine(mode: Int) {
        touchedRows.insert(row)
        let columns =
            switch mode {
            case 0: column..<width
            case 1: 0..<(column + 1)
            default: 0..<width
            }
        for x in columns { cells[row][x] = " " }
    }

    private mutating func write(_ scalar: Unicode.Scalar) {
        if pendingWrap {
            pendingWrap = false
            row += 1  // xterm would scroll at the bottom; a row past it shows up in touchedRows
            column = 0
        }
        touchedRows.insert(row)
        guard row < height else { return }
        let character = Character(scalar)
        let cellWidth = max(1, character.terminalWidth)
        cells[row][column] = String(character)
        if cellWidth == 2, column + 1 < width { cells[row][column + 1] = "" }
        if column + cellWidth >= width {
            column = width - 1
            pendingWrap = true
        } else {
            column += cellWidth
        }
    }
}
