import Testing
import TetherUI
@testable import TetherCurses
@testable import TetherTerminal

/// The screen writer turns frames into bytes for xterm-256color, read from the
/// machine's terminfo database, with no terminal involved. Expected bytes are spelled
/// out so that each test shows what goes to the terminal.
@MainActor
@Suite("ScreenWriter")
struct ScreenWriterTests {
    /// xterm-256color from this machine's terminfo, `nil` when it has no such entry.
    static let loadedXterm = TerminalStrings.load(term: "xterm-256color")

    /// xterm-256color's strings. Without the entry every test that draws fails with a message
    /// (and draws with a bare `cup`, so its expectations fail too) instead of the whole run
    /// crashing on a force-unwrap.
    static var xterm: TerminalStrings {
        if let loadedXterm { return loadedXterm }
        Issue.record("terminfo has no xterm-256color entry (install ncurses-base or ncurses-term)")
        return TerminalStrings(cursorAddress: "\u{1B}[%i%p1%d;%p2%dH", autoMargins: true, delayedWrap: true)
    }

    /// A writer that has drawn `frame` with the cursor at `caret`.
    func writer(after frame: Frame, caret: Point?, strings: TerminalStrings = xterm, colors: Int = 256) -> ScreenWriter
    {
        var writer = ScreenWriter(strings: strings, mapper: StyleMapper(colors: colors))
        _ = writer.update(to: frame, from: nil, caret: caret)
        return writer
    }

    func frame(_ rows: [String], width: Int = 80, height: Int = 24) -> Frame {
        var frame = Frame(size: Size(width: width, height: height))
        for (y, row) in rows.enumerated() {
            for (x, character) in row.enumerated() { frame[x, y] = Cell(grapheme: String(character)) }
        }
        return frame
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The bytes of a first frame whose top row starts with `cells`, each a grapheme in a style.
    func firstFrame(_ cells: [(String, Style)], colors: Int = 256) -> [UInt8] {
        var styled = frame([""])
        for (x, cell) in cells.enumerated() { styled[x, 0] = Cell(grapheme: cell.0, style: cell.1) }
        var writer = ScreenWriter(strings: Self.xterm, mapper: StyleMapper(colors: colors))
        return writer.update(to: styled, from: nil, caret: nil)
    }

    @Test("loads xterm-256color's cursor addressing from terminfo")
    func loadsTerminfo() {
        #expect(Self.xterm.cursorAddress.contains("%p1%d"))
        #expect(text(TerminalStrings.expand(Self.xterm.cursorAddress, 9, 61)) == "\u{1B}[10;62H")
        #expect(TerminalStrings.load(term: "no-such-terminal-type") == nil)
    }

    @Test("a first frame clears the screen once and draws only the cells that are not blank")
    func firstFrameClearsAndSkipsBlanks() {
        var writer = ScreenWriter(strings: Self.xterm, mapper: StyleMapper(colors: 256))
        let bytes = writer.update(to: frame(["", "  hi"]), from: nil, caret: nil)
        #expect(text(bytes) == "\u{1B}(B\u{1B}[m\u{1B}[H\u{1B}[2J\u{1B}[2;3Hhi\u{1B}[?25l")
    }

    @Test("a key that changes the caret cell and a cell 47 columns away on the same row uses column moves, not cup")
    func farCellOnSameRowUsesColumnAddress() {
        let before = frame(["", "Username al          |       al"])
        var writer = writer(after: before, caret: Point(x: 11, y: 1))
        let after = frame(["", "Username ali         |       ali"])
        let bytes = writer.update(to: after, from: before, caret: Point(x: 12, y: 1))
        #expect(text(bytes) == "i\u{1B}[32Gi\u{1B}[13G")
        #expect(bytes.count == 12)
    }

    @Test("given the changed rows, the writer compares only those rows with the previous frame")
    func changedRowsLimitTheComparison() {
        let before = frame(["abc", "def"])
        var writer = writer(after: before, caret: nil)
        let after = frame(["aXc", "dYf"])
        #expect(text(writer.update(to: after, from: before, caret: nil, rows: 1..<2)) == "\u{8}\u{8}Y")
    }

    @Test("after a size change the screen is cleared and every row drawn, whatever rows are given")
    func changedRowsIgnoredAfterResize() {
        var writer = writer(after: frame(["abc"], width: 10, height: 2), caret: nil)
        let bytes = writer.update(
            to: frame(["abc", "def"], width: 12, height: 2), from: frame(["abc"], width: 10, height: 2),
            caret: nil, rows: 1..<2)
        #expect(text(bytes).contains("\u{1B}[2J"))
        #expect(text(bytes).contains("abc") && text(bytes).contains("def"))
    }

    @Test("a small gap of unchanged cells in the same pen is rewritten instead of moved over")
    func smallGapIsOverwritten() {
        let before = frame(["abcdef"])
        var writer = writer(after: before, caret: Point(x: 0, y: 0))
        let bytes = writer.update(to: frame(["XbcYef"]), from: before, caret: Point(x: 0, y: 0))
        #expect(text(bytes) == "XbcY\r")
    }

    @Test("moving to another row keeps the column with a relative vertical move when that is shortest")
    func verticalMoveKeepsColumn() {
        let before = frame(["ab", "cd"])
        var writer = writer(after: before, caret: Point(x: 1, y: 0))
        let bytes = writer.update(to: frame(["ab", "cX"]), from: before, caret: Point(x: 1, y: 0))
        #expect(text(bytes) == "\u{1B}[2dX\u{1B}[1d\u{8}")
    }

    @Test("an unknown cursor position is addressed absolutely")
    func unknownCursorUsesCup() {
        let before = frame(["abc"])
        var writer = writer(after: before, caret: Point(x: 0, y: 0))
        writer.invalidate()
        let bytes = writer.update(to: frame(["abX"]), from: before, caret: nil)
        #expect(text(bytes).hasPrefix("\u{1B}[1;3H\u{1B}(B\u{1B}[mX"))
    }

    @Test("attributes are set when the style changes and reset with sgr0 only when one turns off")
    func penChangesOnlyWhenNeeded() {
        let bytes = firstFrame([
            ("a", Style(attributes: .bold)), ("b", Style(attributes: [.bold, .underline])),
            ("c", Style(attributes: [.bold, .underline])), ("d", .plain),
        ])
        #expect(text(bytes).hasSuffix("\u{1B}[1ma\u{1B}[4mbc\u{1B}(B\u{1B}[md\u{1B}[?25l"))
    }

    @Test("colours go out as setaf and setab, and a change back to the default colour resets")
    func coloursUseSetafAndReset() {
        let bytes = firstFrame([
            ("a", Style(foreground: .blue)),
            ("b", Style(foreground: .palette(208), background: .ansi(0))), ("c", .plain),
        ])
        #expect(text(bytes).hasSuffix("\u{1B}[34ma\u{1B}[38;5;208m\u{1B}[40mb\u{1B}(B\u{1B}[mc\u{1B}[?25l"))
    }

    @Test("with no colours only the attributes are drawn")
    func monochromeDrawsAttributesOnly() {
        let bytes = firstFrame([("a", Style(foreground: .red, attributes: .reverse))], colors: 0)
        #expect(text(bytes).hasSuffix("\u{1B}[7ma\u{1B}[?25l"))
    }

    @Test("a wide character advances the cursor by two cells")
    func wideCharacterAdvancesTwo() {
        var wide = frame([""])
        wide[0, 0] = Cell(grapheme: "漢", width: 2)
        wide[1, 0] = .continuation(.plain)
        wide[2, 0] = Cell(grapheme: "x")
        var writer = ScreenWriter(strings: Self.xterm, mapper: StyleMapper(colors: 256))
        let bytes = writer.update(to: wide, from: nil, caret: Point(x: 3, y: 0))
        #expect(text(bytes) == "\u{1B}(B\u{1B}[m\u{1B}[H\u{1B}[2J漢x\u{1B}[?12l\u{1B}[?25h")
    }

    @Test("after a grapheme of several scalars the next cell is addressed absolutely")
    func multiScalarGraphemeForgetsCursor() {
        var emoji = frame([""])
        emoji[0, 0] = Cell(grapheme: "👍🏽", width: 2)
        emoji[1, 0] = .continuation(.plain)
        emoji[2, 0] = Cell(grapheme: "x")
        var writer = ScreenWriter(strings: Self.xterm, mapper: StyleMapper(colors: 256))
        let bytes = writer.update(to: emoji, from: nil, caret: nil)
        #expect(text(bytes).contains("👍🏽\u{1B}[1;3Hx"))
    }

    @Test("after writing the last column the next move is absolute (pending wrap)")
    func lastColumnForgetsCursor() {
        let before = frame(["", ""], width: 10, height: 3)
        var writer = writer(after: before, caret: Point(x: 0, y: 0))
        var after = before
        after[9, 0] = Cell(grapheme: "a")
        after[0, 1] = Cell(grapheme: "b")
        let bytes = writer.update(to: after, from: before, caret: nil)
        #expect(text(bytes).hasPrefix("\u{1B}[9Ca\u{1B}[2;1Hb"))
    }

    @Test("the bottom-right cell is left alone on a terminal that would scroll when it is written")
    func bottomRightSkippedWithoutDelayedWrap() {
        var strings = Self.xterm
        strings.delayedWrap = false
        var corner = Frame(size: Size(width: 4, height: 2))
        corner[3, 1] = Cell(grapheme: "z")
        corner[2, 1] = Cell(grapheme: "y")
        var writer = ScreenWriter(strings: strings, mapper: StyleMapper(colors: 256))
        let bytes = text(writer.update(to: corner, from: nil, caret: nil))
        #expect(bytes.contains("y"))
        #expect(!bytes.contains("z"))
    }

    @Test("control characters in a cell are drawn as question marks")
    func controlCharactersBecomeQuestionMarks() {
        var control = frame([""])
        control[0, 0] = Cell(grapheme: "\u{1B}")
        var writer = ScreenWriter(strings: Self.xterm, mapper: StyleMapper(colors: 256))
        let bytes = text(writer.update(to: control, from: nil, caret: nil))
        #expect(bytes.hasSuffix("\u{1B}[H\u{1B}[2J?\u{1B}[?25l"))
    }

    @Test("the cursor is shown or hidden only when that changes")
    func cursorVisibilityOnlyOnChange() {
        let screen = frame(["abc"])
        var writer = writer(after: screen, caret: Point(x: 1, y: 0))
        #expect(writer.update(to: screen, from: screen, caret: Point(x: 1, y: 0)).isEmpty)
        #expect(text(writer.update(to: screen, from: screen, caret: nil)) == "\u{1B}[?25l")
        #expect(text(writer.update(to: screen, from: screen, caret: nil)) == "")
    }

    @Test("leaving resets attributes, shows the cursor and goes to the bottom row")
    func leaveRestoresPenAndCursor() {
        var writer = writer(after: frame(["abc"]), caret: nil)
        #expect(text(writer.leave(height: 24)) == "\u{1B}(B\u{1B}[m\u{1B}[?12l\u{1B}[?25h\u{1B}[24;1H")
        #expect(writer.cursor == nil && writer.pen == nil)
    }

    @Test("terminfo padding is never sent")
    func paddingRemoved() {
        #expect(text(TerminalStrings.plain("\u{1B}[H$<5>\u{1B}[2J$<2/>")) == "\u{1B}[H\u{1B}[2J")
    }
}

@Suite("StyleMapper")
struct StyleMapperTests {
    @Test("a bright foreground on an 8-colour terminal becomes the base colour in bold")
    func brightForegroundOnEightColours() {
        let pen = StyleMapper(colors: 8).pen(for: Style(foreground: .ansi(12)))
        #expect(pen == Pen(attributes: .bold, foreground: 4, background: -1))
    }

    @Test("grey on an 8-colour terminal is the terminal's own text colour dimmed, never bold black")
    func greyOnEightColoursIsDim() {
        let mapper = StyleMapper(colors: 8)
        // Grey itself, and the light theme's disabled grey (#767676, nearest standard colour 8).
        for grey in [Color.gray, .palette(243)] {
            #expect(mapper.pen(for: Style(foreground: grey)) == Pen(attributes: .dim, foreground: -1, background: -1))
        }
        #expect(StyleMapper(colors: 16).pen(for: Style(foreground: .gray)).foreground == 8)
    }

    @Test("a 256-palette colour on a 16-colour terminal falls back to the nearest standard colour")
    func paletteFallsBackToNearest() {
        let pen = StyleMapper(colors: 16).pen(for: Style(foreground: .palette(196)))
        #expect(pen.foreground == 9)
    }

    @Test("default colours stay the terminal's own")
    func defaultColoursStayDefault() {
        #expect(StyleMapper(colors: 256).pen(for: .plain) == .plain)
    }
}
