/// A full screen of cells: what one render produces and a backend presents.
///
/// Frames are compared cell by cell (``changes(from:rows:)``) so that a backend writes only
/// what changed since the previous frame.
///
/// Each row is stored on its own: a copy of a frame shares its rows, and changing a cell
/// copies that cell's row only. A partial redraw therefore copies the rows it draws, not
/// the screen, and comparing it with the frame it started from skips every row still
/// shared without reading it.
public struct Frame: Hashable, Sendable {
    /// The frame's extent.
    public private(set) var size: Size
    /// The cells, one array per row, each `size.width` long.
    private var rows: [[Cell]]

    /// A frame of `size` filled with `fill`. A size whose cell count overflows `Int` traps.
    public init(size: Size, fill: Cell = .blank()) {
        precondition(!size.width.multipliedReportingOverflow(by: size.height).overflow, "frame size \(size) overflows")
        self.size = size
        rows = Array(repeating: Array(repeating: fill, count: max(0, size.width)), count: max(0, size.height))
    }

    /// The cells, row by row (a new array each time: read a cell with the subscript).
    public var cells: [Cell] { Array(rows.joined()) }

    /// The cell at column `x`, row `y`. Reading outside the frame gives a blank cell;
    /// writing outside it does nothing.
    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank() }
            return rows[y][x]
        }
        set {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
            rows[y][x] = newValue
        }
    }

    /// Sets the columns `columns` of row `y` (inside the frame) to `cell`, as they are: callers
    /// keep wide graphemes whole (``Canvas/fill(_:with:)``).
    mutating func fill(row y: Int, columns: Range<Int>, with cell: Cell) {
        rows[y].withUnsafeMutableBufferPointer { buffer in
            for index in columns { buffer[index] = cell }
        }
    }

    /// Runs `body` on the cells of row `y` (inside the frame), copying the row first when
    /// another frame shares it. Callers keep wide graphemes whole.
    mutating func withRow<Result>(_ y: Int, _ body: (inout UnsafeMutableBufferPointer<Cell>) -> Result) -> Result {
        rows[y].withUnsafeMutableBufferPointer(body)
    }

    /// Whether row `y` of this frame and of `other` are the same stored row (so equal without
    /// comparing them): a partial redraw keeps the rows it does not draw.
    package func sharesRow(_ y: Int, with other: Frame) -> Bool {
        guard y >= 0, y < rows.count, y < other.rows.count else { return false }
        return rows[y].withUnsafeBufferPointer { new in
            other.rows[y].withUnsafeBufferPointer { old in new.baseAddress == old.baseAddress }
        }
    }

    /// One row of the frame as plain text: graphemes only, continuation cells skipped,
    /// trailing spaces trimmed.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < size.height else { return "" }
        var text = ""
        for cell in rows[y] where !cell.isContinuation {
            text += cell.grapheme
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The whole frame as plain text, one line per row, trailing spaces trimmed.
    public var text: String {
        (0..<size.height).map(line).joined(separator: "\n")
    }

    /// A run of changed cells on one row, from column `x`.
    public struct Change: Hashable, Sendable {
        /// The row.
        public var y: Int
        /// The first column.
        public var x: Int
        /// The cells to write, left to right.
        public var cells: [Cell]
    }

    /// The runs of cells that differ from `previous`; every cell when the sizes differ.
    ///
    /// A run never starts on a continuation cell: a changed wide grapheme is written
    /// whole, and a changed continuation cell pulls in the grapheme to its left.
    ///
    /// - Parameters:
    ///   - previous: The frame on the terminal now; `nil` (or another size) makes every
    ///     cell a change.
    ///   - rows: When given, only these rows are compared: the caller knows the
    ///     others are equal (a partial redraw). Ignored when there is no `previous` of the
    ///     same size.
    public func changes(from previous: Frame?, rows: Range<Int>? = nil) -> [Change] {
        var result: [Change] = []
        guard let previous, previous.size == size else {
            for row in self.rows.indices where size.width > 0 {
                result.append(Change(y: row, x: 0, cells: self.rows[row]))
            }
            return result
        }
        let compared = rows.map { $0.clamped(to: 0..<self.rows.count) } ?? 0..<self.rows.count
        for y in compared {
            self.rows[y].withUnsafeBufferPointer { new in
                previous.rows[y].withUnsafeBufferPointer { old in
                    // The same stored row (kept by a partial redraw): equal without reading it.
                    guard new.baseAddress != old.baseAddress else { return }
                    Self.appendChanges(of: y, new: new, old: old, to: &result)
                }
            }
        }
        return result
    }

    /// Appends the runs of `new` that differ from `old` (row `y`) to `result`.
    private static func appendChanges(
        of y: Int, new: UnsafeBufferPointer<Cell>, old: UnsafeBufferPointer<Cell>, to result: inout [Change]
    ) {
        let width = new.count
        var x = 0
        while x < width {
            if old[x] == new[x] {
                x += 1
                continue
            }
            var start = x
            while start > 0 && new[start].isContinuation { start -= 1 }
            var end = x + 1
            while end < width, old[end] != new[end] || new[end].isContinuation { end += 1 }
            if let last = result.last, last.y == y, last.x + last.cells.count >= start {
                let from = last.x + last.cells.count
                if end > from { result[result.count - 1].cells += new[from..<end] }
            } else {
                result.append(Change(y: y, x: start, cells: Array(new[start..<end])))
            }
            x = end
        }
    }
}
