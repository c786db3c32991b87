import Testing

@testable import TetherUI

@Suite("Accessible input split into lines")
struct LineSplitterTests {
    @Test("lines end at LF, a CR before it is dropped, and a line cut across reads arrives whole")
    func linesAcrossReads() {
        var splitter = LineSplitter()
        #expect(splitter.feed(Array("one\r\ntw".utf8)[...]) == ["one"])
        #expect(splitter.feed(Array("o\n\nthree".utf8)[...]) == ["two", ""])
        #expect(splitter.finish() == "three")
        #expect(splitter.finish() == nil)
    }

    @Test("invalid UTF-8 in a line becomes U+FFFD, as in the full-screen presentations")
    func invalidUTF8() {
        var splitter = LineSplitter()
        #expect(splitter.feed([0x61, 0xFF, 0xE4, 0xB8, 0x62, 0x0A][...]) == ["a\u{FFFD}\u{FFFD}b"])
    }

    @Test("a 1 MB line brought by 4 KB reads is searched once: the work grows with its length, not its square")
    func longLineIsLinear() {
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000) + [0x0A]
        var splitter = LineSplitter()
        var lines: [String] = []
        var offset = 0
        while offset < line.count {
            lines += splitter.feed(line[offset..<min(line.count, offset + 4096)])
            offset += 4096
        }
        #expect(lines.count == 1 && lines[0].utf8.count == 1_000_000)
        #expect(splitter.scannedBytes <= line.count)
    }
}
