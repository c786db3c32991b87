import Testing
import TetherUI

/// Every grapheme on which libvterm 0.1.4 and the width table disagree, found by the oracle:
/// what libvterm shows, and that the cells after it (and the next frame) land where the frame
/// puts them. docs/decisions/0089-the-emulator-oracle-and-the-width-table.md says why the width
/// table stays as it is.
@MainActor
@Suite("Emulator oracle: width disagreements")
struct DisagreementTests {
    /// A frame `width` columns wide and `height` rows high with `text` put at the top left.
    func frame(_ text: String, width: Int = 8, height: Int = 2) -> Frame {
        let canvas = Canvas(size: Size(width: width, height: height))
        canvas.put(text, at: .zero)
        return canvas.frame
    }

    /// libvterm after the writer drew `frames` one over the other on xterm-256color.
    func drawn(_ frames: Frame...) throws -> Emulator {
        let terminal = try #require(OracleTerminal("xterm-256color"))
        let size = frames[0].size
        let emulator = Emulator(rows: size.height, columns: size.width)
        var writer = OracleWriter(terminal)
        var previous: Frame?
        for frame in frames {
            emulator.feed(writer.update(to: frame, from: previous, caret: Point(x: 0, y: 1), rows: nil, terminal: size))
            previous = frame
        }
        return emulator
    }

    /// Row `y` of the emulator as one string per cell ("" for a right half).
    func cells(_ emulator: Emulator, row y: Int = 0) -> [String] {
        (0..<emulator.columns).map { emulator.cell(x: $0, y: y).text }
    }

    @Test(
        "an emoji newer than libvterm's table (U+1F970) is one column there; the next cell still lands two columns on")
    func newerEmojiKeepsTheNextCellInPlace() throws {
        let emulator = try drawn(frame("🥰xy"))
        #expect(frame("🥰xy")[0, 0].width == 2)
        #expect(cells(emulator) == ["🥰", " ", "x", "y", " ", " ", " ", " "])
        #expect(emulator.cell(x: 0, y: 0).width == 1)
    }

    @Test("after an emoji newer than libvterm's table, the next frame's change lands in its column")
    func newerEmojiKeepsTheNextFrameInPlace() throws {
        let emulator = try drawn(frame("🥰xy"), frame("🥰xz"))
        #expect(cells(emulator) == ["🥰", " ", "x", "z", " ", " ", " ", " "])
    }

    @Test("an emoji with VS16 (❤️) is one column in libvterm, two in the table; the next cell lands two columns on")
    func variationSelectorEmojiKeepsTheNextCellInPlace() throws {
        let emulator = try drawn(frame("❤️x"), frame("❤️y"))
        #expect(cells(emulator) == ["❤️", " ", "y", " ", " ", " ", " ", " "])
        #expect(emulator.cell(x: 0, y: 0).width == 1)
    }

    @Test(
        "a flag is two one-column cells in libvterm, one two-column grapheme in the table; the next cell lands after it"
    )
    func flagKeepsTheNextCellInPlace() throws {
        let emulator = try drawn(frame("🇫🇷x"))
        #expect(cells(emulator) == ["🇫", "🇷", "x", " ", " ", " ", " ", " "])
    }

    @Test("a ZWJ sequence (👩‍💻) is two wide cells in libvterm, one in the table; the next cell lands after the first")
    func zeroWidthJoinerSequenceKeepsTheNextCellInPlace() throws {
        // 💻 went to columns 2–3; x overwrote its left half and libvterm keeps the orphaned right half.
        let emulator = try drawn(frame("👩‍💻x"))
        #expect(cells(emulator) == ["👩\u{200D}", "", "x", "", " ", " ", " ", " "])
    }

    @Test("a skin-tone emoji (👍🏽) is two wide cells in libvterm, one in the table; the next cell lands after the first")
    func skinToneKeepsTheNextCellInPlace() throws {
        let emulator = try drawn(frame("👍🏽x"))
        #expect(cells(emulator) == ["👍", "", "x", "", " ", " ", " ", " "])
    }

    @Test("a symbol libvterm draws wide and the table narrow (䷀ U+4DC0, ㉈ U+3248) leaves the next cell in its column")
    func widerSymbolKeepsTheNextCellInPlace() throws {
        for symbol in ["䷀", "㉈"] {
            let emulator = try drawn(frame(symbol + "xy"))
            #expect(cells(emulator).dropFirst() == ["x", "y", " ", " ", " ", " ", " "], "\(symbol)")
        }
    }

    @Test(
        "a symbol libvterm draws wide and the table narrow wraps to the next row in libvterm when it is in the last column"
    )
    func widerSymbolInTheLastColumnWraps() throws {
        let canvas = Canvas(size: Size(width: 4, height: 2))
        canvas.put("abc䷀", at: .zero)
        let emulator = try drawn(canvas.frame)
        #expect(cells(emulator, row: 0) == ["a", "b", "c", " "])
        #expect(cells(emulator, row: 1) == ["䷀", "", " ", " "])
    }

    @Test(
        "a character libvterm takes for a mark (۞ U+06DE, a mark before Unicode 6.1) joins the cell before; the next cell stays in place"
    )
    func formerMarkKeepsTheNextCellInPlace() throws {
        let emulator = try drawn(frame("a۞b"))
        #expect(cells(emulator) == ["a۞", " ", "b", " ", " ", " ", " ", " "])
    }

    @Test("a combining mark after a character in the last column goes to the next row in libvterm")
    func combiningMarkInTheLastColumnWraps() throws {
        let canvas = Canvas(size: Size(width: 3, height: 2))
        canvas.put("abe\u{301}", at: .zero)
        let emulator = try drawn(canvas.frame)
        #expect(cells(emulator, row: 0) == ["a", "b", "e"])
        #expect(cells(emulator, row: 1) == ["\u{301}", " ", " "])
    }
}
