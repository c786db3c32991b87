@testable import TetherTerminal
import Testing
import TetherUI

/// A terminal's answers to OSC queries (the background colour's, OSC 11) as the decoder
/// reads them among keys: never as keys, however the reads fall.
@Suite("Input decoder: OSC answers")
struct InputDecoderOSCTests {
    private let answer = "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"

    @Test("An OSC answer ended by ST is no key and is kept with its number and payload")
    func answerEndedBySTIsKept() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array(answer.utf8)).isEmpty)
        #expect(!decoder.hasPendingInput)
        #expect(
            decoder.takeCommandAnswers() == [.init(number: 11, payload: Array("rgb:ffff/ffff/ffff".utf8))])
        #expect(decoder.takeCommandAnswers().isEmpty)
    }

    @Test("An OSC answer ended by BEL, between typed keys, leaves the keys in order")
    func answerEndedByBELAmongKeys() {
        var decoder = InputDecoder()
        let events = decoder.feed(Array("a\u{1B}]11;rgb:0/0/0\u{07}b".utf8))
        #expect(events == [.key(.character("a")), .key(.character("b"))])
        #expect(decoder.takeCommandAnswers().map(\.number) == [11])
    }

    @Test("An OSC answer split at every byte decodes to the same: no key, one answer")
    func answerSplitAtEveryByte() {
        let bytes = Array(answer.utf8)
        for cut in 1..<bytes.count {
            var decoder = InputDecoder()
            var events = decoder.feed(bytes[..<cut])
            events += decoder.feed(bytes[cut...])
            #expect(events.isEmpty, "cut at \(cut)")
            #expect(decoder.takeCommandAnswers().count == 1, "cut at \(cut)")
        }
    }

    @Test("ESC ] alone waits for the rest, and is Alt-] once nothing more came")
    func lonePrefixIsAltBracketAfterFlush() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}]".utf8)).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.key(.alt("]"))])
    }

    @Test("ESC ] followed by a letter is Alt-] and the letter")
    func altBracketThenLetter() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}]x".utf8)) == [.key(.alt("]")), .key(.character("x"))])
    }

    @Test("A cut-off answer that never ends is dropped at the flush, typing nothing")
    func cutOffAnswerIsDropped() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}]11;rgb:ff".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.takeCommandAnswers().isEmpty)
        #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))])
    }

    @Test("An overlong OSC is dropped without holding more than its limit")
    func overlongAnswerIsDropped() {
        var decoder = InputDecoder()
        let long = "\u{1B}]11;" + String(repeating: "f", count: InputDecoder.maxCommandLength + 10)
        _ = decoder.feed(Array(long.utf8))
        #expect(decoder.buffer.count <= InputDecoder.maxCommandLength)
        #expect(decoder.takeCommandAnswers().isEmpty)
    }

    // MARK: An answer cut off by another sequence

    /// An OSC 11 answer that stops before its terminator (BEL or ST).
    private let cutOff = "\u{1B}]11;rgb:ffff/ff"

    @Test("A key's escape sequence right after an OSC answer cut off before its terminator is still that key, whole")
    func sequenceAfterCutOffAnswerIsItsKey() {
        let keys: [(sequence: String, key: KeyEvent)] = [
            ("\u{1B}[A", .up), ("\u{1B}OB", .down), ("\u{1B}[1;5C", KeyEvent(.right, modifiers: .ctrl)),
            ("\u{1B}[3~", .delete),
        ]
        for (sequence, key) in keys {
            var decoder = InputDecoder()
            let events = decoder.feed(Array((cutOff + sequence + "x").utf8))
            #expect(events == [.key(key), .key(.character("x"))], "\(sequence.debugDescription)")
            #expect(!decoder.hasPendingInput, "\(sequence.debugDescription)")
            #expect(decoder.takeCommandAnswers().isEmpty, "\(sequence.debugDescription)")
        }
    }

    @Test(
        "An arrow key that cuts an OSC answer off is the arrow however the reads fall, the cut after its ESC included"
    )
    func arrowCuttingAnswerSplitAtEveryByte() {
        let bytes = Array((cutOff + "\u{1B}[Ax").utf8)
        for cut in 1..<bytes.count {
            var decoder = InputDecoder()
            var events = decoder.feed(bytes[..<cut])
            events += decoder.feed(bytes[cut...])
            #expect(events == [.key(.up), .key(.character("x"))], "cut at \(cut)")
            #expect(!decoder.hasPendingInput, "cut at \(cut)")
            #expect(decoder.takeCommandAnswers().isEmpty, "cut at \(cut)")
        }
    }

    @Test("Escape pressed right after an OSC answer cut off before its terminator is Escape once nothing more came")
    func escapeAfterCutOffAnswerFlushesToEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array((cutOff + "\u{1B}").utf8)).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(decoder.takeCommandAnswers().isEmpty)
        #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))])
    }
}
