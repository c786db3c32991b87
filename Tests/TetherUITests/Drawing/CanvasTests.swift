import Testing

@testable import TetherUI

@Suite("Canvas")
struct CanvasTests {
    @Test("put writes text at a position and the frame shows it as plain text")
    func putText() {
        let canvas = Canvas(size: Size(width: 8, height: 2))
        canvas.put("Hi", at: Point(x: 2, y: 1))
        #expect(canvas.frame.text == "\n  Hi")
    }

    @Test("put returns the columns the text advances")
    func putAdvance() {
        let canvas = Canvas(size: Size(width: 10, height: 1))
        #expect(canvas.put("a中b", at: .zero) == 4)
    }

    @Test("put applies the style to every cell it writes")
    func putStyle() {
        let canvas = Canvas(size: Size(width: 4, height: 1))
        let bold = Style(foreground: .red, attributes: .bold)
        canvas.put("ab", at: .zero, style: bold)
        #expect(canvas.frame[0, 0].style == bold)
        #expect(canvas.frame[1, 0].style == bold)
        #expect(canvas.frame[2, 0].style == .plain)
    }

    @Test("a wide grapheme occupies its cell and a continuation cell")
    func wideCells() {
        let canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put("中", at: Point(x: 1, y: 0))
        #expect(canvas.frame[1, 0] == Cell(grapheme: "中", width: 2))
        #expect(canvas.frame[2, 0].isContinuation)
    }

    @Test("text is clipped at the right edge of the canvas")
    func clipRight() {
        let canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put("abcdef", at: Point(x: 1, y: 0))
        #expect(canvas.frame.text == " abc")
    }

    @Test("text starting left of the canvas shows only its visible part")
    func clipLeft() {
        let canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put("abcdef", at: Point(x: -2, y: 0))
        #expect(canvas.frame.text == "cdef")
    }

    @Test("rows outside the canvas are not drawn")
    func clipRows() {
        let canvas = Canvas(size: Size(width: 4, height: 2))
        canvas.put("ab", at: Point(x: 0, y: 2))
        canvas.put("cd", at: Point(x: 0, y: -1))
        #expect(canvas.frame.text == "\n")
    }

    @Test("a clipped canvas draws from its rectangle's origin")
    func clippedOrigin() {
        let canvas = Canvas(size: Size(width: 8, height: 3))
        canvas.clipped(to: Rect(x: 2, y: 1, width: 3, height: 1)).put("x", at: .zero)
        #expect(canvas.frame.text == "\n  x\n")
    }

    @Test("a clipped canvas does not draw outside its rectangle")
    func clippedBounds() {
        let canvas = Canvas(size: Size(width: 8, height: 3))
        let child = canvas.clipped(to: Rect(x: 2, y: 1, width: 3, height: 1))
        child.put("abcdef", at: Point(x: -1, y: 0))
        child.put("zz", at: Point(x: 0, y: 1))
        #expect(canvas.frame.text == "\n  bcd\n")
    }

    @Test("a clipped canvas of a clipped canvas is limited by both")
    func nestedClip() {
        let canvas = Canvas(size: Size(width: 10, height: 1))
        let outer = canvas.clipped(to: Rect(x: 2, y: 0, width: 4, height: 1))
        let inner = outer.clipped(to: Rect(x: 2, y: 0, width: 6, height: 1))
        inner.put("abcdef", at: .zero)
        #expect(canvas.frame.text == "    ab")
        #expect(inner.size == Size(width: 6, height: 1))
        #expect(inner.visibleRect == Rect(x: 0, y: 0, width: 2, height: 1))
    }

    @Test("a restricted canvas keeps its parent's coordinates")
    func restricted() {
        let canvas = Canvas(size: Size(width: 8, height: 1))
        let limited = canvas.clipped(to: Rect(x: 1, y: 0, width: 6, height: 1)).restricted(
            to: Rect(x: 2, y: 0, width: 2, height: 1))
        limited.put("abcdef", at: .zero)
        #expect(canvas.frame.text == "   cd")
    }

    @Test("absolute converts canvas coordinates to frame coordinates")
    func absolutePoint() {
        let canvas = Canvas(size: Size(width: 8, height: 4)).clipped(to: Rect(x: 3, y: 2, width: 2, height: 2))
        #expect(canvas.absolute(Point(x: 1, y: 1)) == Point(x: 4, y: 3))
    }

    @Test("a wide grapheme cut by the right clip edge leaves a blank instead of half a character")
    func wideAtRightEdge() {
        let canvas = Canvas(size: Size(width: 6, height: 1))
        let style = Style(foreground: .green)
        canvas.clipped(to: Rect(x: 0, y: 0, width: 3, height: 1)).put("a中", at: Point(x: 1, y: 0), style: style)
        #expect(canvas.frame[2, 0] == .blank(style))
        #expect(canvas.frame[3, 0] == .blank())
        #expect(canvas.frame.text == " a")
    }

    @Test("a wide grapheme at the right edge of the frame is not split")
    func wideAtFrameEdge() {
        let canvas = Canvas(size: Size(width: 3, height: 1))
        canvas.put("ab中", at: Point(x: 0, y: 0))
        #expect(canvas.frame.cells.map(\.grapheme) == ["a", "b", " "])
    }

    @Test("a wide grapheme cut by the left clip edge leaves a blank on its visible column")
    func wideAtLeftEdge() {
        let canvas = Canvas(size: Size(width: 6, height: 1))
        let style = Style(foreground: .green)
        canvas.clipped(to: Rect(x: 2, y: 0, width: 4, height: 1)).put("中b", at: Point(x: -1, y: 0), style: style)
        #expect(canvas.frame[1, 0] == .blank())
        #expect(canvas.frame[2, 0] == .blank(style))
        #expect(canvas.frame.text == "   b")
    }

    @Test("overwriting the left half of a wide grapheme blanks its right half")
    func overwriteLeftHalf() {
        let canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put("中", at: Point(x: 1, y: 0))
        canvas.put("x", at: Point(x: 1, y: 0))
        #expect(canvas.frame[2, 0] == .blank())
        #expect(canvas.frame.text == " x")
    }

    @Test("overwriting the right half of a wide grapheme blanks its left half")
    func overwriteRightHalf() {
        let canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put("中", at: Point(x: 1, y: 0))
        canvas.put("x", at: Point(x: 2, y: 0))
        #expect(canvas.frame[1, 0] == .blank())
        #expect(canvas.frame.text == "  x")
    }

    @Test("a wide grapheme written across two wide graphemes blanks both outer halves")
    func overwriteAcrossWide() {
        let canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.put("中文", at: Point(x: 1, y: 0))
        canvas.put("日", at: Point(x: 2, y: 0))
        #expect(canvas.frame.text == "  日")
        #expect(
            !canvas.frame.cells.enumerated().contains { index, cell in
                cell.isContinuation && canvas.frame.cells[index - 1].width != 2
            })
    }

    @Test("fill covers the clipped part of a rectangle with a cell")
    func fillClipped() {
        let canvas = Canvas(size: Size(width: 5, height: 3))
        canvas.fill(Rect(x: 3, y: 1, width: 4, height: 4), with: Cell(grapheme: "#"))
        #expect(canvas.frame.text == "\n   ##\n   ##")
    }

    @Test("fill with a wide cell repeats it every two columns and blanks a leftover column")
    func fillWide() {
        let canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.fill(Rect(x: 0, y: 0, width: 5, height: 1), with: Cell(grapheme: "中", width: 2))
        #expect(canvas.frame.text == "中中")
        #expect(canvas.frame[4, 0] == .blank())
    }

    @Test("clear blanks the canvas in a style and leaves the rest of the frame")
    func clear() {
        let canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put("abcd", at: .zero)
        let style = Style(background: .blue)
        canvas.clipped(to: Rect(x: 1, y: 0, width: 2, height: 1)).clear(style: style)
        #expect(canvas.frame.text == "a  d")
        #expect(canvas.frame[1, 0] == .blank(style))
    }

    @Test("drawBox draws a single-line border around a rectangle")
    func box() {
        let canvas = Canvas(size: Size(width: 6, height: 3))
        canvas.drawBox(Rect(x: 0, y: 0, width: 5, height: 3))
        #expect(canvas.frame.text == "┌───┐\n│   │\n└───┘")
    }

    @Test("drawBox puts a title in the top border after one line segment")
    func boxTitle() {
        let canvas = Canvas(size: Size(width: 12, height: 2))
        canvas.drawBox(Rect(x: 0, y: 0, width: 12, height: 2), title: "Name")
        #expect(canvas.frame.text == "┌─ Name ───┐\n└──────────┘")
    }

    @Test("drawBox can centre the title")
    func boxCenteredTitle() {
        let canvas = Canvas(size: Size(width: 12, height: 2))
        canvas.drawBox(Rect(x: 0, y: 0, width: 12, height: 2), title: "Name", centerTitle: true)
        #expect(canvas.frame.line(0) == "┌── Name ──┐")
    }

    @Test("drawBox truncates a long title with an ellipsis to fit the border")
    func boxLongTitle() {
        let canvas = Canvas(size: Size(width: 10, height: 2))
        canvas.drawBox(Rect(x: 0, y: 0, width: 10, height: 2), title: "A long title")
        #expect(canvas.frame.line(0) == "┌─ A l… ─┐")
    }

    @Test("drawBox draws the title in its own style")
    func boxTitleStyle() {
        let canvas = Canvas(size: Size(width: 12, height: 2))
        let accent = Style(foreground: .yellow)
        canvas.drawBox(Rect(x: 0, y: 0, width: 12, height: 2), title: "Name", titleStyle: accent)
        #expect(canvas.frame[3, 0].style == accent)
        #expect(canvas.frame[1, 0].style == .plain)
    }

    @Test("a box drawn in a clipped canvas is clipped")
    func boxClipped() {
        let canvas = Canvas(size: Size(width: 6, height: 3))
        canvas.clipped(to: Rect(x: 0, y: 0, width: 3, height: 2)).drawBox(Rect(x: 0, y: 0, width: 5, height: 3))
        #expect(canvas.frame.text == "┌──\n│\n")
    }

    @Test("the frame's text skips continuation cells and trims trailing spaces")
    func frameText() {
        let canvas = Canvas(size: Size(width: 8, height: 2))
        canvas.put("中a 😀", at: .zero)
        canvas.put("b", at: Point(x: 1, y: 1))
        #expect(canvas.frame.text == "中a 😀\n b")
    }

    @Test("Latin, box drawing and punctuation text takes one cell per character")
    func narrowTextOneCellPerCharacter() {
        let canvas = Canvas(size: Size(width: 8, height: 1))
        #expect(canvas.put("é─•…ab", at: Point(x: 1, y: 0)) == 6)
        let graphemes = (0..<8).map { canvas.frame[$0, 0].grapheme }
        #expect(graphemes == [" ", "é", "─", "•", "…", "a", "b", " "])
    }

    @Test("a combining mark after a Latin letter joins it in one cell")
    func combiningMarkJoinsLetter() {
        let canvas = Canvas(size: Size(width: 4, height: 1))
        #expect(canvas.put("ae\u{301}x", at: .zero) == 3)
        #expect(canvas.frame[1, 0].grapheme == "e\u{301}")
        #expect(canvas.frame[2, 0].grapheme == "x")
    }

    @Test("narrow text is clipped to the canvas and still reports its full width")
    func narrowTextClipped() {
        let canvas = Canvas(size: Size(width: 3, height: 1))
        #expect(canvas.put("──────", at: Point(x: 1, y: 0)) == 6)
        #expect(canvas.frame.text == " ──")
        #expect(canvas.put("abc", at: Point(x: 0, y: 5)) == 3)
    }

    @Test("a canvas drawing only some rows leaves the rows between them as they were")
    func drawingOnlySomeRows() {
        var rows = RowSet(0..<1)
        rows.insert(2..<3)
        let canvas = Canvas(
            frame: Canvas(size: Size(width: 4, height: 3), fill: Cell(grapheme: "x")).frame, drawingOnly: rows)
        canvas.clear()
        canvas.put("ab", at: Point(x: 0, y: 1))
        canvas.drawBox(Rect(x: 0, y: 0, width: 4, height: 3))
        #expect(canvas.frame.text == "┌──┐\nxxxx\n└──┘")
    }

    @Test("a canvas clipped to rows that hold none of the drawn rows has nothing visible")
    func clippedBetweenDrawnRows() {
        var rows = RowSet(0..<1)
        rows.insert(3..<4)
        let canvas = Canvas(frame: Frame(size: Size(width: 4, height: 4)), drawingOnly: rows)
        #expect(canvas.clipped(to: Rect(x: 0, y: 1, width: 4, height: 2)).visibleRect.isEmpty)
        #expect(
            canvas.restricted(to: Rect(x: 0, y: 1, width: 4, height: 3)).visibleRect
                == Rect(x: 0, y: 3, width: 4, height: 1))
    }

    @Test("printable ASCII written over half a wide grapheme blanks its other half, at either end")
    func asciiOverWideHalves() {
        let canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.put("中文中", at: .zero)
        canvas.put("ab", at: Point(x: 1, y: 0))
        #expect((0..<6).map { canvas.frame[$0, 0].grapheme } == [" ", "a", "b", " ", "中", ""])
    }
}
