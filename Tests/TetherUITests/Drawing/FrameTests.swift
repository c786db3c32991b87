import Testing
import TetherUI

@Suite("Frame")
struct FrameTests {
    private func frame(_ rows: [String], width: Int) -> Frame {
        let canvas = Canvas(size: Size(width: width, height: rows.count))
        for (y, row) in rows.enumerated() { canvas.put(row, at: Point(x: 0, y: y)) }
        return canvas.frame
    }

    private func text(of change: Frame.Change) -> String {
        change.cells.map(\.grapheme).joined()
    }

    @Test("text joins the rows with newlines and trims trailing spaces")
    func text() {
        #expect(frame(["ab  ", " c"], width: 4).text == "ab\n c")
    }

    @Test("changes from no previous frame cover every row whole")
    func changesFromNothing() {
        let changes = frame(["ab", "cd"], width: 2).changes(from: nil)
        #expect(changes.map(\.y) == [0, 1])
        #expect(changes.map(\.x) == [0, 0])
        #expect(changes.map(text(of:)) == ["ab", "cd"])
    }

    @Test("an unchanged frame has no changes")
    func noChanges() {
        let current = frame(["hello"], width: 6)
        #expect(current.changes(from: current).isEmpty)
    }

    @Test("one changed cell gives a run of that cell only")
    func singleCell() {
        let previous = frame(["hello"], width: 6)
        let changes = frame(["hallo"], width: 6).changes(from: previous)
        #expect(changes.count == 1)
        #expect(changes.first?.x == 1)
        #expect(changes.first.map(text(of:)) == "a")
    }

    @Test("changes apart on one row give separate runs")
    func separateRuns() {
        let twoRuns = frame(["XbcdeY"], width: 6).changes(from: frame(["abcdef"], width: 6))
        #expect(twoRuns.map(\.x) == [0, 5])
        #expect(twoRuns.map(text(of:)) == ["X", "Y"])
    }

    @Test("only changed rows appear in the changes")
    func changedRowsOnly() {
        let changes = frame(["same", "diff"], width: 4).changes(from: frame(["same", "data"], width: 4))
        #expect(changes.map(\.y) == [1])
    }

    @Test("given the rows that may have changed, only those rows are compared")
    func changesLimitedToRows() {
        let before = frame(["ab", "cd", "ef"], width: 2)
        let after = frame(["Xb", "cd", "eY"], width: 2)
        #expect(after.changes(from: before, rows: 2..<3).map(text(of:)) == ["Y"])
        #expect(after.changes(from: before, rows: 1..<9).map(\.y) == [2])
        #expect(after.changes(from: before).map(\.y) == [0, 2])
    }

    @Test("without a previous frame the rows given are ignored and every row is changed")
    func limitedRowsIgnoredWithoutPrevious() {
        #expect(frame(["ab", "cd"], width: 2).changes(from: nil, rows: 1..<2).map(\.y) == [0, 1])
    }

    @Test("a changed wide grapheme is written whole with its continuation cell")
    func wideWhole() {
        let changes = frame(["a中b"], width: 4).changes(from: frame(["axyb"], width: 4))
        #expect(changes.count == 1)
        #expect(changes.first?.x == 1)
        #expect(changes.first?.cells.count == 2)
        #expect(changes.first?.cells.first == Cell(grapheme: "中", width: 2))
        #expect(changes.first?.cells.last?.isContinuation == true)
    }

    @Test("a change only in a continuation cell pulls in its wide grapheme")
    func continuationPullsGrapheme() {
        let previous = frame(["a中b"], width: 4)
        var current = previous
        current[2, 0] = .continuation(Style(background: .red))
        let changes = current.changes(from: previous)
        #expect(changes.count == 1)
        #expect(changes.first?.x == 1)
        #expect(changes.first.map(text(of:)) == "中")
    }

    @Test("a frame of another size is changed everywhere")
    func resized() {
        let changes = frame(["ab"], width: 3).changes(from: frame(["ab"], width: 2))
        #expect(changes.count == 1)
        #expect(changes.first?.cells.count == 3)
    }

    @Test("a copy with one cell changed shares its other rows with the original and differs on that row only")
    func copiesShareRows() {
        let original = frame(["ab", "cd", "ef"], width: 2)
        var copy = original
        copy[1, 1] = Cell(grapheme: "x")
        #expect((0..<3).map { copy.sharesRow($0, with: original) } == [true, false, true])
        #expect(copy.changes(from: original).map(\.y) == [1])
        #expect(original.line(1) == "cd")
        #expect(copy.cells.map(\.grapheme) == ["a", "b", "c", "x", "e", "f"])
    }
}
