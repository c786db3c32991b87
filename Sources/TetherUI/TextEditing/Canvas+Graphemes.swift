extension Canvas {
    /// Draws the graphemes `range` of `graphemes` on one row from `point`, left to right, as
    /// ``put(_:at:style:)`` would draw them one by one, and stops before the first grapheme
    /// that would end past `width` columns. Graphemes of width 0 (a tab, a control) take no
    /// column and draw nothing.
    ///
    /// Runs of printable ASCII are written from the buffer's codes in one go, without reading
    /// their `Character`s; only other graphemes are read and measured as text.
    func putGraphemes(_ graphemes: GraphemeBuffer, _ range: Range<Int>, at point: Point, width: Int, style: Style) {
        guard width > 0, !range.isEmpty else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width) { run in
            var runLength = 0
            var runStart = 0
            var x = 0
            func flush() {
                guard runLength > 0 else { return }
                putASCII(
                    UnsafeBufferPointer(rebasing: run[..<runLength]), at: Point(x: point.x + runStart, y: point.y),
                    style: style)
                runLength = 0
            }
            graphemes.scanCodes(from: range.lowerBound) { index, code in
                guard index < range.upperBound else { return false }
                let columns = GraphemeBuffer.width(ofCode: code)
                if x + columns > width { return false }
                if GraphemeBuffer.isPrintableASCII(code) {
                    if runLength == 0 { runStart = x }
                    run[runLength] = code
                    runLength += 1
                } else if columns > 0 {
                    flush()
                    put(String(graphemes[index]), at: Point(x: point.x + x, y: point.y), style: style)
                }
                x += columns
                return true
            }
            flush()
        }
    }
}
