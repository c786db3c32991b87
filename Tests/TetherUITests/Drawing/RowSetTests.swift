import Testing

@testable import TetherUI

@Suite("Row set")
struct RowSetTests {
    @Test("ranges far apart stay apart, sorted")
    func apart() {
        var rows = RowSet(10..<12)
        rows.insert(2..<3)
        #expect(rows.ranges == [2..<3, 10..<12])
    }

    @Test("a range that overlaps or touches others merges with them")
    func merging() {
        var rows = RowSet(2..<4)
        rows.insert(8..<9)
        rows.insert(4..<8)
        #expect(rows.ranges == [2..<9])
        rows.insert(1..<3)
        #expect(rows.ranges == [1..<9])
    }

    @Test("an empty range adds nothing")
    func emptyRange() {
        var rows = RowSet()
        rows.insert(5..<5)
        #expect(rows.isEmpty)
        #expect(rows.span == nil)
    }

    @Test("contains answers for the rows of every range and no row between them")
    func containment() {
        var rows = RowSet(2..<4)
        rows.insert(7..<8)
        #expect([1, 2, 3, 4, 6, 7, 8].map(rows.contains) == [false, true, true, false, false, true, false])
    }

    @Test("the span covers the first to the last row, within bounds when given")
    func spans() {
        var rows = RowSet(2..<4)
        rows.insert(7..<9)
        #expect(rows.span == 2..<9)
        #expect(rows.span(within: 3..<8) == 3..<8)
        #expect(rows.span(within: 4..<7).isEmpty)
        #expect(rows.span(within: 0..<3) == 2..<3)
    }

    @Test("clamping keeps only the rows inside the bounds")
    func clamping() {
        var rows = RowSet(-2..<1)
        rows.insert(5..<30)
        #expect(rows.clamped(to: 0..<24).ranges == [0..<1, 5..<24])
    }
}
