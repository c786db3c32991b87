/// A full screen of cells: what one render produces and a backend presents.
///
/// Frames are compared cell by cell (``changes(from:)``) so that a backend writes only
/// what changed since the previous frame.
public struct Frame: Hashable, Sendable {
    /// The frame's extent.
    public private(set) var size: Size
    /// The cells, row by row.
    public private(set) var cells: [Cell]

    /// A frame of `size` filled with `fill`.
    public init(size: Size, fill: Cell = .blank()) {
        self.size = size
        cells = Array(repeating: fill, count: size.width * size.height)
    }

    /// The cell at column `x`, row `y`. Reading outside the frame gives a blank cell;
    /// writing outside it does nothing.
    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank() }
            return cells[y * size.width + x]
        }
        set {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
            cells[y * size.width + x] = newValue
        }
    }

    /// Sets the columns `columns` of row `y` (inside the frame) to `cell`, as they are: callers
    /// keep wide graphemes whole (``Canvas/fill(_:with:)``).
    mutating func fill(row y: Int, columns: Range<Int>, with cell: Cell) {
        let start = y * size.width
        cells.withUnsafeMutableBufferPointer { buffer in
            for index in (start + columns.lowerBound)..<(start + columns.upperBound) { buffer[index] = cell }
        }
    }

    /// One row of the frame as plain text: graphemes only, continuation cells skipped,
    /// trailing spaces trimmed.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < size.height else { return "" }
        var text = ""
        let start = y * size.width
        for cell in cells[start..<start + size.width] where !cell.isContinuation {
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
    /// - Parameter rows: When given, only these rows are compared: the caller knows the
    ///   others are equal (a partial redraw). Ignored when there is no `previous` of the
    ///   same size.
    public func changes(from previous: Frame?, rows: Range<Int>? = nil) -> [Change] {
        var result: [Change] = []
        let width = size.width
        guard let previous, previous.size == size else {
            for y in 0..<size.height where width > 0 {
                result.append(Change(y: y, x: 0, cells: Array(cells[(y * width)..<(y * width + width)])))
            }
            return result
        }
        cells.withUnsafeBufferPointer { new in
            previous.cells.withUnsafeBufferPointer { old in
                let compared = rows.map { $0.clamped(to: 0..<size.height) } ?? 0..<size.height
                for y in compared {
                    let row = y * width
                    var x = 0
                    while x < width {
                        if old[row + x] == new[row + x] {
                            x += 1
                            continue
                        }
                        var start = x
                        while start > 0 && new[row + start].isContinuation { start -= 1 }
                        var end = x + 1
                        while end < width, old[row + end] != new[row + end] || new[row + end].isContinuation {
                            end += 1
                        }
                        if let last = result.last, last.y == y, last.x + last.cells.count >= start {
                            let from = last.x + last.cells.count
                            if end > from { result[result.count - 1].cells += new[(row + from)..<(row + end)] }
                        } else {
                            result.append(Change(y: y, x: start, cells: Array(new[(row + start)..<(row + end)])))
                        }
                        x = end
                    }
                }
            }
        }
        return result
    }
}
