import Testing
import TetherTerminal
import TetherUI

/// Bracketed pastes as the terminal backend reads them: in several reads through the
/// read-buffer `feed` (what `InputPump` calls once per read), cut anywhere, the middle of a
/// character included. No paste, and no piece of a long paste, ever ends inside a character:
/// 2-byte, 3-byte and 4-byte UTF-8 characters arrive whole.
@Suite("Input decoder: pastes cut into reads")
struct InputDecoderPasteTests {
    /// One character of each UTF-8 length beyond ASCII: é (2 bytes), 中 (3), 😀 (4, outside
    /// the Basic Multilingual Plane).
    static let characters: [Character] = ["é", "中", "😀"]

    private let pasteStart = Array("\u{1B}[200~".utf8)
    private let pasteEnd = Array("\u{1B}[201~".utf8)

    /// Feeds `bytes` as one read, through the read-buffer form of `feed`.
    private func read(_ decoder: inout InputDecoder, _ bytes: ArraySlice<UInt8>) -> [InputEvent] {
        bytes.withUnsafeBufferPointer { decoder.feed($0) }
    }

    /// The texts of the paste events among `events`, in order.
    private func pastes(_ events: [InputEvent]) -> [String] {
        events.compactMap { event -> String? in
            if case .paste(let text) = event { return text }
            return nil
        }
    }

    @Test(
        "A paste cut into two reads at any byte, inside a 2-, 3- or 4-byte character included, arrives as one paste with its text whole",
        arguments: InputDecoderPasteTests.characters)
    func cutIntoTwoReadsAnywhere(character: Character) {
        let text = "x\(character)\(character)y"
        let bytes = pasteStart + Array(text.utf8) + pasteEnd
        for cut in 1..<bytes.count {
            var decoder = InputDecoder()
            var events = read(&decoder, bytes[..<cut])
            events += read(&decoder, bytes[cut...])
            #expect(events == [.paste(text)], "cut at \(cut)")
            #expect(!decoder.hasPendingInput, "cut at \(cut)")
        }
    }

    @Test("A paste read one byte at a time arrives as one paste with every 2-, 3- and 4-byte character whole")
    func oneByteReads() {
        let text = "é中😀 ü—👩‍👩‍👧 𝄞é"
        let bytes = pasteStart + Array(text.utf8) + pasteEnd + Array("k".utf8)
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for index in bytes.indices {
            events += read(&decoder, bytes[index...index])
        }
        #expect(events == [.paste(text), .key(.character("k"))])
        #expect(!decoder.hasPendingInput)
    }

    @Test(
        "A paste past the chunk bound, the bound on any byte of a 2-, 3- or 4-byte character read a byte at a time, arrives in pieces each ending on a whole character",
        arguments: InputDecoderPasteTests.characters)
    func chunkBoundInsideCharacter(character: Character) {
        let encoded = Array(String(character).utf8)
        let limit = InputDecoder.maxPasteChunk
        for offset in 0..<encoded.count {
            // The character's byte `offset` is the paste's byte `limit`: the first piece,
            // at most `limit` bytes long, cannot hold the whole character unless it is
            // cut before it.
            let before = limit - offset
            let body = [UInt8](repeating: UInt8(ascii: "a"), count: before) + encoded + Array("z".utf8)
            let input = pasteStart + body + pasteEnd
            let characterStart = pasteStart.count + before
            var decoder = InputDecoder()
            var events = read(&decoder, input[..<characterStart])
            // The character's bytes in reads of their own: the bound is crossed between two reads.
            for index in characterStart..<(characterStart + encoded.count) {
                events += read(&decoder, input[index...index])
            }
            events += read(&decoder, input[(characterStart + encoded.count)...])
            let pieces = pastes(events)
            #expect(events.count == pieces.count, "offset \(offset): an event that is no paste")
            // Compared outside the expectation, which would print both 4 MiB texts on failure.
            let cutBeforeCharacter = pieces == [String(repeating: "a", count: before), String(character) + "z"]
            #expect(
                cutBeforeCharacter,
                """
                offset \(offset): pieces of \(pieces.map(\.utf8.count)) bytes, \
                ending in scalars \(pieces.map { $0.unicodeScalars.suffix(2).map { String($0.value, radix: 16) } }), \
                starting with \(pieces.map { $0.unicodeScalars.prefix(2).map { String($0.value, radix: 16) } })
                """)
            #expect(!decoder.hasPendingInput, "offset \(offset)")
        }
    }
}
