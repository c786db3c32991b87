import Testing
import TetherTerminal
import TetherUI

/// The read-buffer form of `feed` (what the terminal backend calls once per read), whose
/// one-byte reads take a shortcut: it must decode exactly as the `Sequence` form does.
@Suite("InputDecoder from a read buffer")
struct InputDecoderReadBufferTests {
    /// Feeds `bytes` through the read-buffer form.
    func feed(_ decoder: inout InputDecoder, _ bytes: [UInt8]) -> [InputEvent] {
        bytes.withUnsafeBufferPointer { decoder.feed($0) }
    }

    @Test("every single byte read alone decodes as the Sequence form decodes it, pending state included")
    func singleBytesMatchTheSequenceForm() {
        for value in 0...255 {
            var fromBuffer = InputDecoder()
            var fromSequence = InputDecoder()
            let byte = UInt8(value)
            #expect(feed(&fromBuffer, [byte]) == fromSequence.feed([byte]), "byte \(value)")
            #expect(fromBuffer.hasPendingInput == fromSequence.hasPendingInput, "byte \(value)")
            #expect(fromBuffer.flush() == fromSequence.flush(), "byte \(value)")
        }
    }

    @Test("a byte read after a lone Escape is that key with Alt, not the plain key")
    func byteAfterPendingEscape() {
        var decoder = InputDecoder()
        #expect(feed(&decoder, [0x1B]).isEmpty)
        #expect(feed(&decoder, [UInt8(ascii: "x")]) == [.key(.alt("x"))])
    }

    @Test("a byte read inside a bracketed paste joins the paste instead of being a key")
    func byteInsidePaste() {
        var decoder = InputDecoder()
        #expect(feed(&decoder, Array("\u{1B}[200~ab".utf8)).isEmpty)
        #expect(feed(&decoder, [UInt8(ascii: "c")]).isEmpty)
        #expect(feed(&decoder, Array("\u{1B}[201~".utf8)) == [.paste("abc")])
    }
}
