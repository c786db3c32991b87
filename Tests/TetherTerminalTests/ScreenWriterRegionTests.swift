import Testing
import TetherTesting
import TetherUI
@testable import TetherCurses
@testable import TetherTerminal

/// ``ScreenWriter`` drawing into a band of rows (an inline presentation) and into the
/// whole screen: a real form is rendered headlessly through the ``Pilot``, its frames
/// written for xterm-256color, and the bytes replayed on a ``TerminalReplay``.
@MainActor
@Suite("ScreenWriter regions")
struct ScreenWriterRegionTests {
    /// xterm-256color, or a failing test with a message when terminfo lacks it (``ScreenWriterTests/xterm``).
    static var xterm: TerminalStrings { ScreenWriterTests.xterm }
    /// The terminal the band sits in, and the band: rows 10..<18.
    static let terminal = Size(width: 80, height: 24)
    static let band = 10..<18

    /// A form of two text fields on a headless terminal 80 columns wide and `height` rows
    /// high: its frame and caret after start, then after typing "a" into the first field.
    func formFrames(height: Int) throws -> [(frame: Frame, caret: Point?)] {
        let form = Form()
        form.addField("Username", TextField(placeholder: "your name"))
        form.addField("Password", TextField(text: "hunter2", echoMode: .masked("•")))
        let pilot = try Pilot(root: form, size: Size(width: 80, height: height))
        let first = (pilot.backend.screen, pilot.cursor)
        pilot.type("a")
        return [first, (pilot.backend.screen, pilot.cursor)]
    }

    /// The bytes `writer` writes for each of `frames`, each diffed against the one before.
    func write(_ frames: [(frame: Frame, caret: Point?)], with writer: inout ScreenWriter) -> [[UInt8]] {
        var previous: Frame?
        return frames.map { frame, caret in
            defer { previous = frame }
            return writer.update(to: frame, from: previous, caret: caret)
        }
    }

    /// The form's two frames written into the band and replayed on a 24-row terminal
    /// whose every cell showed a dot.
    func replayFormInBand() throws -> (replay: TerminalReplay, frames: [(frame: Frame, caret: Point?)]) {
        let frames = try formFrames(height: Self.band.count)
        var writer = ScreenWriter(
            strings: Self.xterm, mapper: StyleMapper(colors: 256),
            region: .band(top: Self.band.lowerBound))
        var replay = TerminalReplay(size: Self.terminal)
        for bytes in write(frames, with: &writer) { replay.replay(bytes) }
        return (replay, frames)
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: A band

    @Test("a form written into a band at row 10 moves to, writes and erases only the band's rows")
    func bandTouchesOnlyItsRows() throws {
        let (replay, _) = try replayFormInBand()
        #expect(replay.unknown.isEmpty, "unknown sequences: \(replay.unknown)")
        #expect(!replay.touchedRows.isEmpty)
        #expect(
            replay.touchedRows.allSatisfy { Self.band.contains($0) }, "rows touched: \(replay.touchedRows.sorted())")
    }

    @Test("a form written into a band never erases the screen")
    func bandNeverErasesTheScreen() throws {
        let (replay, _) = try replayFormInBand()
        #expect(replay.screenErases.isEmpty)
    }

    @Test("the band shows the form's rows after a typed key, and the rows around it keep what was there")
    func bandShowsTheFormAndKeepsTheRest() throws {
        let (replay, frames) = try replayFormInBand()
        let shown = frames[1].frame
        for y in 0..<Self.terminal.height {
            let expected =
                Self.band.contains(y) ? shown.line(y - Self.band.lowerBound) : String(repeating: ".", count: 80)
            #expect(replay.line(y) == expected, "row \(y)")
        }
    }

    @Test("the caret in a band is placed on the band's row")
    func caretInBand() throws {
        let (replay, frames) = try replayFormInBand()
        let caret = try #require(frames[1].caret)
        #expect(replay.row == Self.band.lowerBound + caret.y && replay.column == caret.x)
    }

    @Test("a first frame in a band clears each of its rows with el, from the band's top row")
    func firstFrameInBandClearsItsRows() {
        var writer = ScreenWriter(strings: Self.xterm, mapper: StyleMapper(colors: 256), region: .band(top: 5))
        var frame = Frame(size: Size(width: 10, height: 3))
        frame[2, 1] = Cell(grapheme: "x")
        let bytes = writer.update(to: frame, from: nil, caret: nil)
        #expect(
            text(bytes)
                == "\u{1B}(B\u{1B}[m\u{1B}[6;1H\u{1B}[K\u{1B}[7d\u{1B}[K\u{1B}[8d\u{1B}[K\u{1B}[7;3Hx\u{1B}[?25l")
    }

    @Test("an absolute move in a band adds the band's top row")
    func absoluteMoveInBandAddsTop() {
        let before = Frame(size: Size(width: 10, height: 3))
        var writer = ScreenWriter(strings: Self.xterm, mapper: StyleMapper(colors: 256), region: .band(top: 5))
        _ = writer.update(to: before, from: nil, caret: nil)
        writer.invalidate()
        var after = before
        after[4, 2] = Cell(grapheme: "y")
        #expect(text(writer.update(to: after, from: before, caret: nil)).hasPrefix("\u{1B}[8;5H"))
    }

    @Test("leaving a band puts the cursor at the start of the band's bottom row, not the screen's")
    func leaveStopsOnTheBandsBottomRow() {
        var writer = ScreenWriter(strings: Self.xterm, mapper: StyleMapper(colors: 256), region: .band(top: 10))
        #expect(text(writer.leave(height: 8)) == "\u{1B}(B\u{1B}[m\u{1B}[?12l\u{1B}[?25h\u{1B}[18;1H")
    }

    @Test("moving the writer to another region forgets the cursor")
    func changingRegionForgetsCursor() {
        var writer = ScreenWriter(strings: Self.xterm, mapper: StyleMapper(colors: 256), region: .band(top: 10))
        _ = writer.update(to: Frame(size: Size(width: 10, height: 2)), from: nil, caret: Point(x: 1, y: 1))
        writer.region = .band(top: 12)
        #expect(writer.cursor == nil)
    }

    // MARK: The whole screen

    @Test("the form's frames on the whole screen are the same bytes as before regions existed")
    func fullScreenBytesUnchanged() throws {
        var writer = ScreenWriter(strings: Self.xterm, mapper: StyleMapper(colors: 256))
        let bytes = write(try formFrames(height: 24), with: &writer).map(text)
        #expect(
            bytes == [
                "\u{1B}(B\u{1B}[m\u{1B}[H\u{1B}[2J\u{1B}[1m\u{1B}[36mUsername\u{1B}[2C\u{1B}(B\u{1B}[m\u{1B}[2m\u{1B}[4m"
                    + "your name\u{1B}[2d\r\u{1B}(B\u{1B}[mPassword  \u{1B}[4m•••••••"
                    + String(repeating: " ", count: 63) + "\u{1B}[1;11H\u{1B}[?12l\u{1B}[?25h",
                "\u{1B}(B\u{1B}[ma        \u{1B}[8D",
            ])
        #expect(text(writer.leave(height: 24)) == "\u{1B}(B\u{1B}[m\u{1B}[?12l\u{1B}[?25h\u{1B}[24;1H")
    }

    @Test("full screen is the default region, and a band at row 0 shows the same screen without erasing the display")
    func fullScreenIsTheDefault() throws {
        let frames = try formFrames(height: 24)
        var byDefault = ScreenWriter(strings: Self.xterm, mapper: StyleMapper(colors: 256))
        var fullScreen = ScreenWriter(strings: Self.xterm, mapper: StyleMapper(colors: 256), region: .fullScreen)
        #expect(write(frames, with: &byDefault) == write(frames, with: &fullScreen))
        var band = ScreenWriter(strings: Self.xterm, mapper: StyleMapper(colors: 256), region: .band(top: 0))
        var replay = TerminalReplay(size: Self.terminal)
        for bytes in write(frames, with: &band) { replay.replay(bytes) }
        #expect((0..<24).allSatisfy { replay.line($0) == frames[1].frame.line($0) })
        #expect(replay.screenErases.isEmpty)
    }
}
