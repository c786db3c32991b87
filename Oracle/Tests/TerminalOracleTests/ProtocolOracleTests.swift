import Testing
import TetherUI

/// True colour, OSC 8 hyperlinks and OSC 52 copies, as libvterm reads the writer's bytes:
/// the colours land in the cells, and the two commands parse as the intended OSC and leave
/// the cells and the cursor exactly as the same frame without them.
@MainActor
@Suite("Emulator oracle: terminal protocols")
struct ProtocolOracleTests {
    static let link = "https://example.com/docs"

    /// `frame` drawn by the writer for xterm-256color (true colour on) into a fresh emulator.
    func draw(_ frame: Frame, caret: Point? = Point(x: 0, y: 2)) throws -> Emulator {
        let terminal = try #require(OracleTerminal("xterm-256color"))
        var writer = OracleWriter(terminal)
        let emulator = Emulator(rows: frame.size.height, columns: frame.size.width)
        emulator.feed(writer.update(to: frame, from: nil, caret: caret, rows: nil, terminal: frame.size))
        return emulator
    }

    /// A frame with `text` at each of `positions`, linked when `linked`.
    func frame(_ text: String, at positions: [Point], linked: Bool) -> Frame {
        var frame = Frame(size: Size(width: 30, height: 3))
        var style = Style(foreground: .ansi(4), attributes: .underline)
        if linked { style.link = Self.link }
        for position in positions {
            for (offset, character) in text.enumerated() {
                frame[position.x + offset, position.y] = Cell(grapheme: String(character), style: style)
            }
        }
        return frame
    }

    func cells(_ emulator: Emulator) -> [Emulator.Cell] {
        (0..<emulator.rows).flatMap { y in (0..<emulator.columns).map { emulator.cell(x: $0, y: y) } }
    }

    @Test("a true-colour foreground and background reach libvterm's cell as those RGB values")
    func trueColourCells() throws {
        var frame = Frame(size: Size(width: 10, height: 3))
        frame[1, 1] = Cell(grapheme: "x", style: Style(foreground: .rgb(255, 128, 1), background: .rgb(2, 3, 4)))
        let cell = try draw(frame).cell(x: 1, y: 1)
        #expect(cell.foreground == 1 << 24 | 255 << 16 | 128 << 8 | 1)
        #expect(cell.background == 1 << 24 | 2 << 16 | 3 << 8 | 4)
    }

    @Test("a linked run parses as one OSC 8 open and close, and the cells and cursor are as without it")
    func linkLeavesCellsAlone() throws {
        let linked = try draw(frame("Docs", at: [Point(x: 2, y: 1)], linked: true))
        let plain = try draw(frame("Docs", at: [Point(x: 2, y: 1)], linked: false))
        #expect(linked.operatingSystemCommands == ["8;;\(Self.link)", "8;;"])
        #expect(plain.operatingSystemCommands.isEmpty)
        #expect(cells(linked) == cells(plain))
        #expect(linked.cursor == plain.cursor)
    }

    @Test("a link is closed before the cursor moves between two runs of it, and at the frame's end")
    func linkClosedAcrossMoves() throws {
        let positions = [Point(x: 0, y: 0), Point(x: 20, y: 0), Point(x: 5, y: 2)]
        let linked = try draw(frame("ab", at: positions, linked: true), caret: Point(x: 29, y: 1))
        let plain = try draw(frame("ab", at: positions, linked: false), caret: Point(x: 29, y: 1))
        let open = "8;;\(Self.link)", close = "8;;"
        #expect(linked.operatingSystemCommands == [open, close, open, close, open, close])
        #expect(cells(linked) == cells(plain))
        #expect(linked.cursor == plain.cursor)
    }

    @Test("an OSC 52 copy parses as a clipboard command with base64 text, and changes no cell or the cursor")
    func copyLeavesScreenAlone() throws {
        let emulator = try draw(frame("field", at: [Point(x: 1, y: 1)], linked: false))
        let before = cells(emulator), cursor = emulator.cursor
        emulator.feed(clipboardBytes("hello"))
        #expect(emulator.operatingSystemCommands == ["52;c;aGVsbG8="])
        #expect(cells(emulator) == before)
        #expect(emulator.cursor == cursor)
    }
}
