import TetherUI

// Cursor motion: the shortest of the terminal's ways to move the cursor.
//
// Each candidate is written straight into the output, after the best so far, and is kept
// only if it is shorter; otherwise it is cut off again. No candidate has an array of its
// own: a key moves the cursor twice or more and weighs about five candidates each time,
// and an allocation per candidate was a tenth of the writer's instructions (issue 24).
extension ScreenWriter {
    /// Appends the shortest sequence that moves the cursor from where it is to
    /// `target`: absolute addressing, or column/row addressing, relative moves,
    /// carriage return, or rewriting the cells in between when that is shorter.
    mutating func move(to target: Point, in frame: Frame, output out: inout [UInt8]) {
        guard cursor != target else { return }
        closeLink(output: &out)
        var best = Candidates(start: out.count)
        best.consider(in: &out) { expansions.append(.cursorAddress, region.top + target.y, target.x, to: &$0) }
        // A terminal lacking absolute addressing gets no moves at all (the writer assumes
        // the cursor is there anyway).
        guard best.length != nil else {
            cursor = target
            return
        }
        if let from = cursor {
            if from.y == target.y {
                best.consider(in: &out) {
                    _ = appendHorizontal(from: from.x, to: target.x, row: target.y, in: frame, to: &$0)
                }
            } else {
                for vertical in VerticalMove.allCases {
                    best.consider(in: &out) { out in
                        let mark = out.count
                        appendVertical(vertical, from: from.y, to: target.y, to: &out)
                        guard out.count > mark else { return }
                        if from.x != target.x,
                            !appendHorizontal(from: from.x, to: target.x, row: target.y, in: frame, to: &out)
                        {
                            out.removeSubrange(mark...)
                        }
                    }
                }
            }
        }
        cursor = target
    }

    /// The three ways of changing rows that keep the column.
    private enum VerticalMove: CaseIterable { case address, down, up }

    /// Appends the vertical move `move` from frame row `from` to `to`, or nothing when it
    /// does not apply or the terminal lacks it.
    private func appendVertical(_ move: VerticalMove, from: Int, to: Int, to out: inout [UInt8]) {
        switch move {
        case .address: expansions.append(.rowAddress, region.top + to, to: &out)
        case .down: if to > from { expansions.append(.parmDown, to - from, to: &out) }
        case .up: if to < from { expansions.append(.parmUp, from - to, to: &out) }
        }
    }

    /// Appends the shortest move along row `row` from column `from` to column `to`.
    /// Returns `false`, having appended nothing, when the terminal has none.
    private func appendHorizontal(from: Int, to: Int, row: Int, in frame: Frame, to out: inout [UInt8]) -> Bool {
        var best = Candidates(start: out.count)
        best.consider(in: &out) { expansions.append(.columnAddress, to, to: &$0) }
        if to > from {
            best.consider(in: &out) { expansions.append(.parmRight, to - from, to: &$0) }
            best.consider(in: &out) { appendOverwrite(row: row, from: from, to: to, in: frame, to: &$0) }
        } else {
            best.consider(in: &out) { expansions.append(.parmLeft, from - to, to: &$0) }
            if !cursorLeft.isEmpty, from - to <= 4 {
                best.consider(in: &out) { for _ in 0..<(from - to) { $0 += cursorLeft } }
            }
        }
        if !carriageReturn.isEmpty {
            if to == 0 {
                best.consider(in: &out) { $0 += carriageReturn }
            } else if expansions.has(.parmRight) {
                best.consider(in: &out) {
                    $0 += carriageReturn
                    expansions.append(.parmRight, to, to: &$0)
                }
            }
        }
        return best.length != nil
    }

    /// Appends the cells from column `from` up to `to` on `row`, written again as a way of
    /// moving right — nothing unless every one is a plain single-scalar, single-width
    /// character in the current pen (so rewriting it changes nothing on the screen).
    /// Callers only move over cells that are already on the screen: the gap between two
    /// changes, or any cell once the whole frame is written.
    private func appendOverwrite(row: Int, from: Int, to: Int, in frame: Frame, to out: inout [UInt8]) {
        guard let pen, to - from <= 8 else { return }
        let mark = out.count
        for x in from..<to {
            let cell = frame[x, row]
            // A linked cell written again outside its link would lose it.
            guard cell.width == 1, cell.style.linkID == 0, mapper.pen(for: cell.style) == pen else {
                return out.removeSubrange(mark...)
            }
            if let byte = cell.printableASCII {
                out.append(byte)
                continue
            }
            let grapheme = cell.grapheme
            let scalars = grapheme.unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first, Self.hasSettledWidth(scalar.value) else {
                return out.removeSubrange(mark...)
            }
            out += grapheme.utf8
        }
    }
}

/// The shortest candidate so far: `length` bytes at the end of the output from `start`,
/// or none yet (`nil`).
private struct Candidates {
    let start: Int
    var length: Int?

    init(start: Int) { self.start = start }

    /// Appends a candidate with `append` and keeps it when it is not empty and shorter than
    /// the best so far (or there is none), dropping the old best; otherwise cuts it off.
    mutating func consider(in out: inout [UInt8], _ append: (inout [UInt8]) -> Void) {
        let mark = out.count
        append(&out)
        let candidate = out.count - mark
        if candidate > 0, candidate < length ?? Int.max {
            if let length { out.removeSubrange(start..<(start + length)) }
            length = candidate
        } else {
            out.removeSubrange(mark...)
        }
    }
}
