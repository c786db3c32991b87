import Testing
import TetherTerminal
import TetherUI

/// Decodes `text`'s UTF-8 bytes with a fresh decoder.
private func decode(_ text: String) -> [InputEvent] {
    var decoder = InputDecoder()
    return decoder.feed(Array(text.utf8))
}

/// Decodes `bytes` with a fresh decoder.
private func decode(bytes: [UInt8]) -> [InputEvent] {
    var decoder = InputDecoder()
    return decoder.feed(bytes)
}

private func key(_ event: KeyEvent) -> InputEvent { .key(event) }

private func characters(_ text: String) -> [InputEvent] {
    text.map { .key(.character($0)) }
}

private func mouse(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int, _ modifiers: Modifiers = []) -> InputEvent {
    .mouse(MouseEvent(kind, at: Point(x: x, y: y), modifiers: modifiers))
}

/// A small deterministic pseudo-random generator (xorshift64).
private struct XorShift {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}

private let esc = "\u{1B}"

@Suite("Input decoder")
struct InputDecoderTests {
    // MARK: Text

    @Test("printable ASCII decodes to one character key per byte")
    func ascii() {
        #expect(decode("aZ 9~") == characters("aZ 9~"))
    }

    @Test("multi-byte UTF-8 decodes to character keys")
    func utf8() {
        #expect(decode("é中😀") == characters("é中😀"))
    }

    @Test("a combining mark in the same feed joins its base character")
    func combining() {
        #expect(decode("e\u{0301}x") == [key(.character("e\u{0301}")), key(.character("x"))])
    }

    @Test("an emoji ZWJ sequence decodes to one character")
    func zwjSequence() {
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(decode(family) == [key(.character(Character(family)))])
    }

    @Test("a UTF-8 character split across feeds decodes once complete")
    func splitUTF8() {
        var decoder = InputDecoder()
        let bytes = Array("中".utf8)
        #expect(decoder.feed(bytes.prefix(2)).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.feed(bytes.suffix(1)) == characters("中"))
        #expect(!decoder.hasPendingInput)
    }

    @Test("each invalid UTF-8 byte becomes U+FFFD and the next valid key decodes")
    func invalidUTF8() {
        #expect(decode(bytes: [0xFF, 0xFE, 0x80, 0xC0, 0x61]) == characters("\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}a"))
    }

    @Test("a truncated character is one U+FFFD, as String(decoding:) replaces it, and the byte after it decodes")
    func truncatedUTF8() {
        let bytes: [UInt8] = [0xE4, 0xB8, 0x41]
        #expect(decode(bytes: bytes) == characters("\u{FFFD}A"))
        #expect(decode(bytes: bytes) == characters(String(decoding: bytes, as: UTF8.self)))
    }

    @Test("invalid UTF-8 before an escape sequence does not hide the sequence")
    func invalidBeforeEscape() {
        #expect(decode(bytes: [0xC3, 0x1B, 0x5B, 0x41]) == [key(.character("\u{FFFD}")), key(.up)])
    }

    @Test("flushing a partial UTF-8 character gives U+FFFD")
    func flushPartialUTF8() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0xE4, 0xB8]).isEmpty)
        #expect(decoder.flush() == characters("\u{FFFD}"))
        #expect(!decoder.hasPendingInput)
    }

    // MARK: Control bytes

    @Test("a carriage return is Enter")
    func enter() {
        #expect(decode("\r") == [key(.enter)])
    }

    @Test("a line feed is Ctrl-J, so a text area can tell it from Enter")
    func lineFeedIsCtrlJ() {
        #expect(decode("\r\n") == [key(.enter), key(.ctrl("j"))])
        #expect(decode(bytes: [0x1B, 0x0A]) == [key(KeyEvent(.character("j"), modifiers: [.ctrl, .alt]))])
    }

    @Test("a horizontal tab is Tab")
    func tab() {
        #expect(decode("\t") == [key(.tab)])
    }

    @Test("DEL and BS are Backspace")
    func backspace() {
        #expect(decode(bytes: [127, 8]) == [key(.backspace), key(.backspace)])
    }

    @Test("control bytes 1 to 26 are Ctrl with a lowercase letter")
    func ctrlLetters() {
        #expect(decode(bytes: [1, 3, 23, 26]) == [key(.ctrl("a")), key(.ctrl("c")), key(.ctrl("w")), key(.ctrl("z"))])
    }

    @Test("NUL is Ctrl-Space")
    func ctrlSpace() {
        #expect(decode(bytes: [0]) == [key(.ctrl(" "))])
    }

    @Test("control bytes 28 to 31 are Ctrl with backslash, bracket, caret and underscore")
    func ctrlPunctuation() {
        #expect(
            decode(bytes: [28, 29, 30, 31]) == [key(.ctrl("\\")), key(.ctrl("]")), key(.ctrl("^")), key(.ctrl("_"))])
    }

    @Test("text around control bytes keeps its order")
    func mixedOrder() {
        #expect(decode("ab\rc") == [key(.character("a")), key(.character("b")), key(.enter), key(.character("c"))])
    }

    // MARK: CSI and SS3 keys

    @Test("CSI A, B, C and D are the arrow keys")
    func arrows() {
        #expect(decode("\(esc)[A\(esc)[B\(esc)[C\(esc)[D") == [key(.up), key(.down), key(.right), key(.left)])
    }

    @Test("CSI H and F are Home and End")
    func homeEndLetters() {
        #expect(decode("\(esc)[H\(esc)[F") == [key(.home), key(.end)])
    }

    @Test("CSI 1~ and 7~ are Home, 4~ and 8~ are End")
    func homeEndTilde() {
        #expect(decode("\(esc)[1~\(esc)[7~\(esc)[4~\(esc)[8~") == [key(.home), key(.home), key(.end), key(.end)])
    }

    @Test("CSI 2~, 3~, 5~ and 6~ are Insert, Delete, PgUp and PgDn")
    func editingKeys() {
        #expect(
            decode("\(esc)[2~\(esc)[3~\(esc)[5~\(esc)[6~") == [
                key(KeyEvent(.insert)), key(.delete), key(.pageUp), key(.pageDown),
            ])
    }

    @Test("CSI 11~ to 24~ are F1 to F12 in xterm numbering")
    func functionKeysTilde() {
        let codes = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24]
        let input = codes.map { "\(esc)[\($0)~" }.joined()
        #expect(decode(input) == (1...12).map { key(.function($0)) })
    }

    @Test("SS3 P, Q, R and S are F1 to F4")
    func functionKeysSS3() {
        #expect(decode("\(esc)OP\(esc)OQ\(esc)OR\(esc)OS") == (1...4).map { key(.function($0)) })
    }

    @Test("SS3 arrows, Home and End decode like their CSI forms")
    func ss3Cursor() {
        #expect(decode("\(esc)OA\(esc)OD\(esc)OH\(esc)OF") == [key(.up), key(.left), key(.home), key(.end)])
    }

    @Test("CSI Z is Shift-Tab")
    func backTab() {
        #expect(decode("\(esc)[Z") == [key(.backTab)])
    }

    @Test("the xterm modifier parameter maps 2 to 8 to Shift, Alt and Ctrl combinations")
    func modifierParameter() {
        let expected: [Modifiers] = [
            [.shift], [.alt], [.shift, .alt], [.ctrl], [.shift, .ctrl], [.alt, .ctrl], [.shift, .alt, .ctrl],
        ]
        let input = (2...8).map { "\(esc)[1;\($0)C" }.joined()
        #expect(decode(input) == expected.map { key(KeyEvent(.right, modifiers: $0)) })
    }

    @Test("tilde keys and function keys carry modifiers")
    func modifiedTildeAndFunctionKeys() {
        #expect(
            decode("\(esc)[3;3~\(esc)[15;5~\(esc)[1;2P") == [
                key(KeyEvent(.delete, modifiers: .alt)),
                key(KeyEvent(.function(5), modifiers: .ctrl)),
                key(KeyEvent(.function(1), modifiers: .shift)),
            ])
    }

    @Test("an escape sequence split across feeds decodes once complete")
    func splitSequence() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(Array("[1;".utf8)).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.feed(Array("5C".utf8)) == [key(KeyEvent(.right, modifiers: .ctrl))])
        #expect(!decoder.hasPendingInput)
    }

    @Test("focus reports are consumed without events")
    func focusEvents() {
        #expect(decode("\(esc)[I\(esc)[Oa") == characters("a"))
    }

    @Test("unknown CSI and SS3 sequences are consumed without events")
    func unknownSequences() {
        #expect(decode("\(esc)[99z\(esc)[?1;2c\(esc)[1 q\(esc)Oxb") == characters("b"))
    }

    @Test("a CSI longer than 64 bytes is dropped and the keys after it decode")
    func overlongCSI() {
        let input = "\(esc)[" + String(repeating: "1", count: 100) + "Aa"
        #expect(decode(input) == characters("a"))
    }

    @Test("an overlong CSI split across feeds is not buffered and its rest is dropped")
    func overlongSplitCSI() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array(("\(esc)[" + String(repeating: "2", count: 70)).utf8)).isEmpty)
        #expect(decoder.feed(Array("33;5Ax".utf8)) == characters("x"))
    }

    @Test("the rest of an overlong CSI is pending, and after a flush the next key is a key, not the sequence's end")
    func overlongThenFlush() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array(("\(esc)[" + String(repeating: "2", count: 70)).utf8)).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush().isEmpty)
        #expect(!decoder.hasPendingInput)
        #expect(decoder.feed(Array("x".utf8)) == characters("x"))
    }

    @Test("an overlong SS3 broken by a parameter byte after an intermediate decodes the same whole or cut into reads")
    func overlongMalformedSplit() {
        // Found by fuzz-decoder: skipping the rest of an overlong sequence ate the bytes up
        // to the next final byte, where a whole read stops at the malformed one.
        let bytes = Array(("\(esc)O" + String(repeating: "?", count: 70) + "/??C)").utf8)
        var whole = InputDecoder()
        let once = whole.feed(bytes) + whole.flush()
        var cut = InputDecoder()
        let split = cut.feed(bytes.prefix(70)) + cut.feed(bytes.dropFirst(70)) + cut.flush()
        #expect(once == characters("??C)"))
        #expect(split == once)
    }

    @Test("a CSI interrupted by a control byte is dropped and the control byte decodes")
    func interruptedCSI() {
        #expect(decode("\(esc)[1;\r") == [key(.enter)])
    }

    // MARK: Escape and Alt

    @Test("a lone ESC waits for more input and flushes to Escape")
    func loneEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [key(.escape)])
        #expect(!decoder.hasPendingInput)
    }

    @Test("ESC followed by a letter is Alt with that letter")
    func altLetter() {
        #expect(decode("\(esc)b") == [key(.alt("b"))])
    }

    @Test("ESC followed by an uppercase letter keeps the uppercase letter")
    func altUppercase() {
        #expect(decode("\(esc)B") == [key(.alt("B"))])
    }

    @Test("ESC followed by DEL is Alt-Backspace")
    func altBackspace() {
        #expect(decode(bytes: [0x1B, 0x7F]) == [key(KeyEvent(.backspace, modifiers: .alt))])
    }

    @Test("ESC followed by a control byte is that key with Alt")
    func altControl() {
        #expect(
            decode(bytes: [0x1B, 0x0D, 0x1B, 0x01]) == [
                key(KeyEvent(.enter, modifiers: .alt)),
                key(KeyEvent(.character("a"), modifiers: [.ctrl, .alt])),
            ])
    }

    @Test("ESC followed by a non-ASCII character is Alt with that character")
    func altUnicode() {
        #expect(decode("\(esc)é") == [key(.alt("é"))])
    }

    @Test("ESC ESC is Escape followed by whatever the second ESC starts")
    func doubleEscape() {
        #expect(decode("\(esc)\(esc)[A") == [key(.escape), key(.up)])
    }

    @Test("ESC ESC at the end of a feed gives Escape and keeps the second ESC pending")
    func doubleEscapePending() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B, 0x1B]) == [key(.escape)])
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [key(.escape)])
    }

    @Test("flushing ESC [ gives Alt-[")
    func flushAltBracket() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\(esc)[".utf8)).isEmpty)
        #expect(decoder.flush() == [key(.alt("["))])
    }

    @Test("flushing a partial CSI drops it")
    func flushPartialCSI() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\(esc)[1;5".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty)
        #expect(!decoder.hasPendingInput)
        #expect(decoder.feed(Array("a".utf8)) == characters("a"))
    }

    @Test("nothing is pending after complete input")
    func nothingPending() {
        var decoder = InputDecoder()
        _ = decoder.feed(Array("ab\(esc)[A".utf8))
        #expect(!decoder.hasPendingInput)
        #expect(decoder.flush().isEmpty)
    }

    // MARK: Bracketed paste

    @Test("a bracketed paste is one paste event with its text verbatim")
    func paste() {
        #expect(decode("\(esc)[200~hello\nworld\r\t!\(esc)[201~") == [.paste("hello\nworld\r\t!")])
    }

    @Test("escape sequences inside a paste stay part of its text")
    func pasteWithEscapes() {
        #expect(decode("\(esc)[200~a\(esc)[Ab\(esc)[201\(esc)[201~") == [.paste("a\(esc)[Ab\(esc)[201")])
    }

    @Test("keys before and after a paste decode in order")
    func pasteBetweenKeys() {
        #expect(decode("x\(esc)[200~p\(esc)[201~\(esc)[B") == [key(.character("x")), .paste("p"), key(.down)])
    }

    @Test("a paste split byte by byte across feeds gives one paste event")
    func pasteSplit() {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for byte in Array("\(esc)[200~héllo\n中\(esc)[201~a".utf8) {
            events += decoder.feed([byte])
        }
        #expect(events == [.paste("héllo\n中"), key(.character("a"))])
    }

    @Test("an open paste reports pending input, so its caller sets a deadline")
    func pasteOpenIsPending() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\(esc)[200~abc".utf8)).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.isPasteOpen)
    }

    @Test("a flush ends a paste whose end marker never came, with its text so far, and later bytes are keys again")
    func pasteClosedByFlush() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\(esc)[200~abc\(esc)[20".utf8)).isEmpty)
        #expect(decoder.flush() == [.paste("abc\(esc)[20")])
        #expect(!decoder.hasPendingInput)
        #expect(!decoder.isPasteOpen)
        #expect(decoder.feed(Array("x\u{3}".utf8)) == [key(.character("x")), key(.ctrl("c"))])
    }

    @Test("a paste longer than the chunk bound arrives in pieces cut at character boundaries that join to its text")
    func pasteInChunks() {
        let text = String(repeating: "ab中", count: InputDecoder.maxPasteChunk / 5 + 7)
        var decoder = InputDecoder()
        let events = decoder.feed(Array("\(esc)[200~\(text)\(esc)[201~".utf8))
        let pieces = events.compactMap { event -> String? in
            if case .paste(let piece) = event { return piece }
            return nil
        }
        #expect(pieces.count == 2)
        #expect(pieces.allSatisfy { $0.utf8.count <= InputDecoder.maxPasteChunk && !$0.contains("\u{FFFD}") })
        #expect(pieces.joined() == text)
    }

    @Test("invalid UTF-8 inside a paste is replaced with U+FFFD")
    func pasteInvalidUTF8() {
        let bytes = Array("\(esc)[200~a".utf8) + [0xFF] + Array("b\(esc)[201~".utf8)
        #expect(decode(bytes: bytes) == [.paste("a\u{FFFD}b")])
    }

    @Test("a 1 MB paste in 4 KB chunks decodes to one paste event with all its text")
    func largePaste() {
        let line = Array("The quick brown fox jumps over the lazy dog 0123456789 ÄÖÜ 中文\n".utf8)
        var body: [UInt8] = []
        body.reserveCapacity(1_050_000)
        while body.count < 1_000_000 { body += line }
        let input = Array("\(esc)[200~".utf8) + body + Array("\(esc)[201~".utf8)
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        var start = 0
        while start < input.count {
            let end = min(start + 4096, input.count)
            events += decoder.feed(input[start..<end])
            start = end
        }
        #expect(events.count == 1)
        guard case .paste(let text) = events.first else {
            Issue.record("expected a paste event, got \(events.first.map { "\($0)" } ?? "nothing")")
            return
        }
        #expect(Array(text.utf8) == body)
    }

    // MARK: Mouse

    @Test("an SGR report of button 0 is a left press at the 0-based cell")
    func sgrPress() {
        #expect(decode("\(esc)[<0;10;5M") == [mouse(.press(.left), 9, 4)])
    }

    @Test("SGR buttons 1 and 2 are the middle and right buttons")
    func sgrButtons() {
        #expect(decode("\(esc)[<1;1;1M\(esc)[<2;1;1M") == [mouse(.press(.middle), 0, 0), mouse(.press(.right), 0, 0)])
    }

    @Test("an SGR report ending in m is a release")
    func sgrRelease() {
        #expect(decode("\(esc)[<0;3;4m") == [mouse(.release, 2, 3)])
    }

    @Test("an SGR report with the motion bit is a drag")
    func sgrDrag() {
        #expect(decode("\(esc)[<32;7;2M") == [mouse(.drag(.left), 6, 1)])
    }

    @Test("SGR codes 64 and 65 are wheel up and wheel down")
    func sgrWheel() {
        #expect(decode("\(esc)[<64;1;2M\(esc)[<65;1;2M") == [mouse(.wheelUp, 0, 1), mouse(.wheelDown, 0, 1)])
    }

    @Test("SGR modifier bits 4, 8 and 16 are Shift, Alt and Ctrl")
    func sgrModifiers() {
        #expect(
            decode("\(esc)[<4;1;1M\(esc)[<8;1;1M\(esc)[<16;1;1M") == [
                mouse(.press(.left), 0, 0, .shift), mouse(.press(.left), 0, 0, .alt), mouse(.press(.left), 0, 0, .ctrl),
            ])
    }

    @Test("motion without a button is consumed without events")
    func sgrHover() {
        #expect(decode("\(esc)[<35;5;5Ma") == characters("a"))
    }

    @Test("an SGR report split across feeds decodes once complete")
    func sgrSplit() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\(esc)[<0;12".utf8)).isEmpty)
        #expect(decoder.feed(Array(";3M".utf8)) == [mouse(.press(.left), 11, 2)])
    }

    @Test("an X10 report is a press at the 0-based cell")
    func x10Press() {
        #expect(decode(bytes: [0x1B, 0x5B, 0x4D, 32, 33 + 9, 33 + 4]) == [mouse(.press(.left), 9, 4)])
    }

    @Test("an X10 report of button 3 is a release")
    func x10Release() {
        #expect(decode(bytes: [0x1B, 0x5B, 0x4D, 35, 33, 33]) == [mouse(.release, 0, 0)])
    }

    @Test("an X10 report can carry coordinate bytes above 127")
    func x10HighCoordinates() {
        #expect(decode(bytes: [0x1B, 0x5B, 0x4D, 32 + 64, 33 + 150, 33 + 100]) == [mouse(.wheelUp, 150, 100)])
    }

    // MARK: Robustness

    @Test("200,000 pseudo-random bytes never break the decoder, which then decodes a and Up")
    func fuzz() {
        var random = XorShift(state: 0x9E37_79B9_7F4A_7C15)
        var decoder = InputDecoder()
        var produced = 0
        var remaining = 200_000
        while remaining > 0 {
            let size = min(remaining, Int(random.next() % 64) + 1)
            var chunk: [UInt8] = []
            for _ in 0..<size {
                let value = random.next()
                // Bias towards bytes that start and continue escape sequences.
                chunk.append(value % 5 == 0 ? 0x1B : value % 7 == 0 ? 0x5B : UInt8(truncatingIfNeeded: value >> 8))
            }
            produced += decoder.feed(chunk).count
            if random.next() % 16 == 0 { produced += decoder.flush().count }
            remaining -= size
        }
        _ = decoder.flush()
        #expect(produced > 0)
        #expect(decoder.feed(Array("a".utf8)) == characters("a"))
        #expect(decoder.feed(Array("\(esc)[A".utf8)) == [key(.up)])
    }
}
