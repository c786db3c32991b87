import TetherUI

extension InputDecoder {
    /// `ESC [201~`, the end of a bracketed paste.
    static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// The most pasted bytes the decoder holds: a longer paste is handed on in pieces of
    /// at most this many bytes (4 MiB), each cut at a UTF-8 character boundary.
    public static let maxPasteChunk = 4 << 20

    /// Moves pasted bytes from `index` on into the paste, ending the paste at its end
    /// marker. Returns where decoding goes on: after the marker, or at a possible start of
    /// the marker cut off by the end of the buffer.
    mutating func collectPaste(from index: Int, into events: inout [InputEvent]) -> Int {
        let end = buffer.count
        var position = index
        while position < end {
            guard let escape = buffer[position..<end].firstIndex(of: 0x1B) else {
                appendPasted(buffer[position..<end], into: &events)
                return end
            }
            appendPasted(buffer[position..<escape], into: &events)
            var matched = 0
            while matched < Self.pasteEnd.count, escape + matched < end,
                buffer[escape + matched] == Self.pasteEnd[matched]
            {
                matched += 1
            }
            if matched == Self.pasteEnd.count {
                if !pasteBytes.isEmpty { events.append(.paste(String(decoding: pasteBytes, as: UTF8.self))) }
                pasteBytes = []
                inPaste = false
                return escape + matched
            }
            if escape + matched == end { return escape }
            appendPasted(buffer[escape...escape], into: &events)
            position = escape + 1
        }
        return end
    }

    /// Ends an open paste whose end marker did not come (``flush()``): its bytes so far,
    /// with any start of an end marker held back, arrive as one paste.
    mutating func closePaste(into events: inout [InputEvent]) {
        pasteBytes += buffer
        buffer = []
        if !pasteBytes.isEmpty { events.append(.paste(String(decoding: pasteBytes, as: UTF8.self))) }
        pasteBytes = []
        inPaste = false
    }

    /// Adds `bytes` to the paste, handing on a piece whenever ``maxPasteChunk`` bytes
    /// are held.
    private mutating func appendPasted(_ bytes: ArraySlice<UInt8>, into events: inout [InputEvent]) {
        pasteBytes.append(contentsOf: bytes)
        while pasteBytes.count > Self.maxPasteChunk {
            let cut = Self.characterBoundary(in: pasteBytes, before: Self.maxPasteChunk)
            events.append(.paste(String(decoding: pasteBytes[..<cut], as: UTF8.self)))
            pasteBytes.removeFirst(cut)
        }
    }

    /// The last index at or before `limit` that does not split a UTF-8 character (a byte
    /// that is not a continuation byte, looking back at most three bytes).
    static func characterBoundary(in bytes: [UInt8], before limit: Int) -> Int {
        var cut = limit
        while cut > limit - 3, cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return cut > 0 ? cut : limit
    }
}
