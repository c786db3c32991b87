import Testing
import TetherTerminal
import TetherUI

/// Focus reports (DEC mode 1004): `ESC [I` and `ESC [O` are no key, kept in order for
/// `takeFocusReports()`.
@Suite("Input decoder: focus reports")
struct InputDecoderFocusTests {
    let esc = "\u{1B}"

    @Test("ESC [I is a focus-in report and no key")
    func focusIn() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\(esc)[I".utf8)).isEmpty)
        #expect(decoder.takeFocusReports() == [true])
        #expect(!decoder.hasPendingInput)
    }

    @Test("ESC [O is a focus-out report and no key, not the SS3 prefix ESC O")
    func focusOut() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\(esc)[O".utf8)).isEmpty)
        #expect(decoder.takeFocusReports() == [false])
    }

    @Test("reports among keys leave the keys as they were and are kept in the order they came")
    func amongKeys() {
        var decoder = InputDecoder()
        let events = decoder.feed(Array("a\(esc)[Ob\(esc)[Ic\(esc)[O".utf8))
        #expect(events == "abc".map { .key(.character($0)) })
        #expect(decoder.takeFocusReports() == [false, true, false])
    }

    @Test("taking the reports forgets them")
    func takingForgets() {
        var decoder = InputDecoder()
        _ = decoder.feed(Array("\(esc)[I".utf8))
        _ = decoder.takeFocusReports()
        #expect(decoder.takeFocusReports().isEmpty)
        #expect(decoder.focusReports.isEmpty)
    }

    @Test("a report split after ESC, or after ESC [, is completed by the next read")
    func splitAcrossReads() {
        for cut in 1...2 {
            var decoder = InputDecoder()
            let bytes = Array("\(esc)[O".utf8)
            #expect(decoder.feed(bytes[..<cut]).isEmpty)
            #expect(decoder.hasPendingInput)
            #expect(decoder.takeFocusReports().isEmpty)
            #expect(decoder.feed(bytes[cut...]).isEmpty)
            #expect(decoder.takeFocusReports() == [false], "cut at \(cut)")
            #expect(!decoder.hasPendingInput)
        }
    }

    @Test("the read-buffer feed decodes reports like the sequence feed")
    func readBufferFeed() {
        var decoder = InputDecoder()
        let bytes = Array("\(esc)[Ix".utf8)
        let events = bytes.withUnsafeBufferPointer { decoder.feed($0) }
        #expect(events == [.key(.character("x"))])
        #expect(decoder.takeFocusReports() == [true])
    }

    @Test("ESC [ with parameters before I or O is no focus report")
    func withParametersIsNotAReport() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\(esc)[1I\(esc)[2;3O".utf8)).isEmpty)
        #expect(decoder.takeFocusReports().isEmpty)
    }

    @Test("a reader that never takes the reports keeps only the latest 64")
    func bounded() {
        var decoder = InputDecoder()
        for _ in 0..<100 { _ = decoder.feed(Array("\(esc)[O".utf8)) }
        _ = decoder.feed(Array("\(esc)[I".utf8))
        #expect(decoder.focusReports.count == 64)
        #expect(decoder.focusReports.last == true)
    }
}
