import Testing
import TetherTesting
@testable import TetherUI

/// The buffer stores an all-ASCII text as one byte a grapheme and keeps a `Character` per slot
/// from the first other grapheme on; the text must read the same either way.
@MainActor
@Suite("GraphemeBuffer storage")
struct GraphemeBufferStorageTests {
    @Test("an ASCII text keeps every grapheme when the first non-ASCII grapheme is typed into its middle")
    func asciiTextTakesOtherGraphemes() throws {
        let field = TextField(text: "plain ascii text")
        let pilot = try Pilot(root: field, size: Size(width: 40, height: 1))
        pilot.press(.left, times: 5)
        pilot.type("é中")
        #expect(field.text == "plain asciié中 text")
        pilot.press(.backspace, times: 2)
        pilot.type("x")
        #expect(field.text == "plain asciix text")
        #expect(pilot.lines[0].hasPrefix("plain asciix text"))
    }

    @Test("CR LF in a string is one grapheme, and a lone CR and LF are one each")
    func carriageReturnLineFeed() {
        #expect(GraphemeBuffer("a\r\nb").count == 3)
        #expect(GraphemeBuffer("a\r\nb")[1] == "\r\n")
        #expect(GraphemeBuffer("a\rb\nc").count == 5)
        #expect(GraphemeBuffer("a\rb\nc").string(0..<5) == "a\rb\nc")
    }

    @Test("a part of the buffer copied out reads the same graphemes, on both sides of the gap")
    func copiedRanges() {
        for text in ["abcdefgh", "ab中de👍🏽gh"] {
            var buffer = GraphemeBuffer(text)
            buffer.replaceSubrange(3..<3, with: GraphemeBuffer("XY"))  // the gap now sits after "XY"
            let expected = Array(buffer)
            for lower in 0...buffer.count {
                for upper in lower...buffer.count {
                    #expect(Array(buffer.buffer(lower..<upper)) == Array(expected[lower..<upper]))
                    #expect(buffer.string(lower..<upper) == String(expected[lower..<upper]))
                }
            }
        }
    }

    @Test("undo and redo of a long non-ASCII paste give back the same graphemes and caret")
    func longMixedPasteUndoRedo() throws {
        let area = TextArea(text: "ab", minRows: 3, maxRows: 3)
        let pilot = try Pilot(root: area, size: Size(width: 30, height: 3))
        let pasted = String(repeating: "é👩‍👩‍👧x🇫🇷 ", count: 40)
        pilot.paste(pasted)
        #expect(area.text == "ab" + pasted)
        let caret = area.caret
        pilot.press(.ctrl("_"))
        #expect(area.text == "ab")
        pilot.press(.ctrl("^"))
        #expect(area.text == "ab" + pasted)
        #expect(area.caret == caret)
        #expect(Array(area.text).count == 2 + 40 * 5)
    }

    @Test("a wiped buffer is empty and every byte of its storage is zero")
    func wipeOverwrites() {
        for text in ["hunter2", "pässwörd中"] {
            var buffer = GraphemeBuffer(text)
            buffer.replaceSubrange(2..<2, with: GraphemeBuffer("zz"))
            buffer.wipe()
            #expect(buffer.isEmpty)
            #expect(buffer.storedBytes.allSatisfy { $0 == 0 || $0 == 0x20 })
        }
    }
}

/// The arena that holds the graphemes of more than one byte.
@MainActor
@Suite("GraphemeArena")
struct GraphemeArenaTests {
    @Test("a grapheme of more than 254 bytes (a letter under 200 combining marks) is stored and read back whole")
    func longGrapheme() {
        let heavy = Character("a" + String(repeating: "\u{301}", count: 200))
        var buffer = GraphemeBuffer("x")
        buffer.replaceSubrange(1..<1, with: GraphemeBuffer([heavy, "é"]))
        #expect(buffer.count == 3)
        #expect(buffer[1] == heavy)
        #expect(buffer[2] == "é")
        #expect(buffer.string(0..<3) == "x" + String(heavy) + "é")
    }

    @Test("ten thousand edits of non-ASCII text read as a plain array of graphemes does, and the arena stays small")
    nonisolated func editsAgreeWithArrayAndCompact() {
        let pool: [Character] = ["é", "世", "👍🏽", "a", "\r\n", "🇫🇷", "z"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var buffer = GraphemeBuffer("start 世界")
        var reference = Array(buffer)
        for _ in 0..<10_000 {
            let lower = next(reference.count + 1)
            let upper = min(reference.count, lower + next(4))
            let inserted = (0..<next(4)).map { _ in pool[next(pool.count)] }
            buffer.replaceSubrange(lower..<upper, with: GraphemeBuffer(inserted))
            reference.replaceSubrange(lower..<upper, with: inserted)
        }
        #expect(Array(buffer) == reference)
        #expect(buffer.string(0..<buffer.count) == String(reference))
        #expect(buffer.storedBytes.count < 12_000)
    }
}
