import Testing
@testable import TetherUI

@Suite("Cell")
struct CellTests {
    @Test("a grapheme of up to 15 UTF-8 bytes is kept inline and read back unchanged")
    func inlineGraphemesRoundTrip() {
        for grapheme in ["a", " ", "é", "e\u{301}", "漢", "🙂", "👍🏽", "🇫🇷", "123456789012345"] {
            #expect(Cell(grapheme: grapheme).grapheme == grapheme)
        }
    }

    @Test("a grapheme longer than 15 UTF-8 bytes is interned and read back unchanged")
    func longGraphemesRoundTrip() {
        let family = "👨‍👩‍👧‍👦"  // 25 bytes
        #expect(family.utf8.count > 15)
        #expect(Cell(grapheme: family, width: 2).grapheme == family)
        #expect(Cell(grapheme: "1234567890123456").grapheme == "1234567890123456")
    }

    @Test("cells with the same long grapheme are equal, with different ones are not")
    func longGraphemesCompare() {
        let family = "👨‍👩‍👧‍👦", couple = "👩‍❤️‍💋‍👨"
        #expect(Cell(grapheme: family, width: 2) == Cell(grapheme: family, width: 2))
        #expect(Cell(grapheme: family, width: 2) != Cell(grapheme: couple, width: 2))
    }

    @Test("cells differ when their grapheme, width or style differ")
    func equalityCoversEveryField() {
        let base = Cell(grapheme: "a")
        #expect(base == Cell(grapheme: "a"))
        #expect(base != Cell(grapheme: "b"))
        #expect(base != Cell(grapheme: "a", width: 2))
        #expect(base != Cell(grapheme: "a", style: Style(attributes: .bold)))
    }

    @Test("setting the grapheme replaces the text and keeps width and style")
    func settingGrapheme() {
        var cell = Cell(grapheme: "a", style: Style(foreground: .red))
        cell.grapheme = "漢"
        #expect(cell.grapheme == "漢")
        #expect(cell.style == Style(foreground: .red))
    }

    @Test("only a single printable ASCII character counts as printable ASCII")
    func printableASCII() {
        #expect(Cell(grapheme: "a").printableASCII == UInt8(ascii: "a"))
        #expect(Cell(grapheme: "é").printableASCII == nil)
        #expect(Cell(grapheme: "\u{7}").printableASCII == nil)
        #expect(Cell.continuation(.plain).printableASCII == nil)
    }
}

@Suite("Cell colours")
struct CellColorTests {
    @Test("a cell with true colours is still 24 bytes")
    func cellStaysTwentyFourBytes() {
        #expect(MemoryLayout<Cell>.stride == 24)
    }

    @Test("an rgb colour reads back as it was set, and equal colours make equal styles")
    func rgbRoundTrips() {
        let style = Style(foreground: .rgb(12, 34, 56), background: .rgb(200, 100, 0))
        #expect(style.foreground == .rgb(12, 34, 56))
        #expect(style.background == .rgb(200, 100, 0))
        #expect(style == Style(foreground: .rgb(12, 34, 56), background: .rgb(200, 100, 0)))
        #expect(style != Style(foreground: .rgb(12, 34, 57), background: .rgb(200, 100, 0)))
    }
}
