import Testing
import TetherTerminal
import TetherUI

/// Decodes `text`'s UTF-8 bytes with a fresh decoder.
private func decode(_ text: String) -> [InputEvent] {
    var decoder = InputDecoder()
    return decoder.feed(Array(text.utf8))
}

private func key(_ key: Key, _ modifiers: Modifiers = []) -> [InputEvent] {
    [.key(KeyEvent(key, modifiers: modifiers))]
}

private let csi = "\u{1B}["

/// The kitty keyboard protocol's `CSI code ; modifiers u` keys, as a terminal sends them
/// with the "disambiguate escape codes" level on, and the answer to its query.
@Suite("Input decoder: kitty keyboard protocol")
struct InputDecoderKittyTests {
    @Test("CSI 27 u is Escape with nothing left pending")
    func escape() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\(csi)27u".utf8)) == key(.escape))
        #expect(!decoder.hasPendingInput)
    }

    @Test("CSI 27 u followed by text in the same read is Escape then the characters")
    func escapeThenText() {
        #expect(decode("\(csi)27uab") == key(.escape) + key(.character("a")) + key(.character("b")))
    }

    @Test("CSI 27 u split across reads is Escape once its final byte arrives")
    func escapeSplit() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\(csi)27".utf8)).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.feed(Array("u".utf8)) == key(.escape))
    }

    @Test("Enter, Tab and Backspace in their CSI u forms decode to those keys")
    func enterTabBackspace() {
        #expect(decode("\(csi)13u") == key(.enter))
        #expect(decode("\(csi)9u") == key(.tab))
        #expect(decode("\(csi)127u") == key(.backspace))
    }

    @Test("modified Enter, Tab, Backspace and Escape keep their modifiers")
    func modifiedSpecialKeys() {
        #expect(decode("\(csi)13;2u") == key(.enter, .shift))
        #expect(decode("\(csi)9;2u") == [.key(.backTab)])
        #expect(decode("\(csi)127;5u") == key(.backspace, .ctrl))
        #expect(decode("\(csi)27;3u") == key(.escape, .alt))
    }

    @Test("Ctrl with a letter is that Ctrl key, as the legacy control byte decodes")
    func controlLetter() {
        #expect(decode("\(csi)99;5u") == [.key(.ctrl("c"))])
        #expect(decode("\(csi)122;5u") == [.key(.ctrl("z"))])
    }

    @Test("Ctrl-I is Ctrl with i, no longer Tab")
    func controlIIsNotTab() {
        #expect(decode("\(csi)105;5u") == [.key(.ctrl("i"))])
    }

    @Test("Alt with a letter is that Alt key, and Shift-Alt the upper-case letter with Alt")
    func altLetter() {
        #expect(decode("\(csi)98;3u") == [.key(.alt("b"))])
        #expect(decode("\(csi)98;4u") == [.key(.alt("B"))])
    }

    @Test("Ctrl-Shift with a letter keeps Shift on the lower-case letter")
    func controlShiftLetter() {
        #expect(decode("\(csi)97;6u") == key(.character("a"), [.ctrl, .shift]))
    }

    @Test("Caps Lock and Num Lock bits are ignored")
    func lockModifiers() {
        #expect(decode("\(csi)27;129u") == key(.escape))
        #expect(decode("\(csi)99;69u") == [.key(.ctrl("c"))])
    }

    @Test("sub-parameters (alternate keys, event types) are ignored")
    func subParameters() {
        #expect(decode("\(csi)99:67;5:1u") == [.key(.ctrl("c"))])
    }

    @Test("keypad keys decode to the characters and keys they stand for")
    func keypad() {
        #expect(decode("\(csi)57400u") == key(.character("1")))
        #expect(decode("\(csi)57409u") == key(.character(".")))
        #expect(decode("\(csi)57413u") == key(.character("+")))
        #expect(decode("\(csi)57414u") == key(.enter))
        #expect(decode("\(csi)57417u") == key(.left))
        #expect(decode("\(csi)57426u") == key(.delete))
    }

    @Test("F13 to F24 decode from their private-use numbers")
    func highFunctionKeys() {
        #expect(decode("\(csi)57376u") == key(.function(13)))
        #expect(decode("\(csi)57387;5u") == key(.function(24), .ctrl))
    }

    @Test("keys Tether has no name for are dropped and decoding goes on")
    func unnamedKeys() {
        #expect(decode("\(csi)57358ux") == key(.character("x")))  // Caps Lock
        #expect(decode("\(csi)57441;2ux") == key(.character("x")))  // Left Shift alone
        #expect(decode("\(csi)55296ux") == key(.character("x")))  // a surrogate, no scalar
        #expect(decode("\(csi)1ux") == key(.character("x")))  // a control character
    }

    @Test("the answer to the protocol query is no key and records the flags")
    func queryAnswer() {
        var decoder = InputDecoder()
        #expect(decoder.keyboardProtocolFlags == nil)
        #expect(decoder.feed(Array("\(csi)?1ux".utf8)) == key(.character("x")))
        #expect(decoder.keyboardProtocolFlags == 1)
    }

    @Test("an answer without flags records zero")
    func queryAnswerWithoutFlags() {
        var decoder = InputDecoder()
        _ = decoder.feed(Array("\(csi)?u".utf8))
        #expect(decoder.keyboardProtocolFlags == 0)
    }

    @Test("xterm's modifyOtherKeys reports decode: Shift-Enter, Ctrl-Enter, Alt-Enter and Ctrl-I apart from Tab")
    func modifyOtherKeys() {
        #expect(decode("\(csi)27;2;13~") == key(.enter, .shift))
        #expect(decode("\(csi)27;5;13~") == key(.enter, .ctrl))
        #expect(decode("\(csi)27;3;13~") == key(.enter, .alt))
        #expect(decode("\(csi)27;5;105~") == [.key(.ctrl("i"))])
        #expect(decode("\(csi)27;5;105~") != key(.tab))
    }

    @Test("the kitty protocol's Ctrl-I is Ctrl with i, not Tab")
    func ctrlIIsNotTab() {
        #expect(decode("\(csi)105;5u") == [.key(.ctrl("i"))])
    }

    @Test("a DEC mode report (DECRQM's answer) is no key, and is kept by mode")
    func modeReport() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\(csi)?2026;2$ya".utf8)) == [.key(.character("a"))])
        #expect(decoder.modeReports[2026] == 2)
    }
}
