import Testing
@testable import TetherCurses
@testable import TetherTerminal

/// The one table of DEC private modes the backend sets (start, resume) and resets (stop,
/// suspend, the exit hook).
@Suite("TerminalModes")
struct TerminalModesTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("with mouse and bracketed paste, paste is set first and the mouse modes after it")
    func onInTableOrder() {
        let modes = TerminalModes(mouse: true, bracketedPaste: true)
        #expect(text(modes.on) == "\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h")
    }

    @Test("the modes are reset in the reverse order they were set")
    func offInReverseOrder() {
        let modes = TerminalModes(mouse: true, bracketedPaste: true)
        #expect(text(modes.off) == "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l")
    }

    @Test("without mouse reporting only bracketed paste is set and reset")
    func withoutMouse() {
        let modes = TerminalModes(mouse: false, bracketedPaste: true)
        #expect(text(modes.on) == "\u{1B}[?2004h" && text(modes.off) == "\u{1B}[?2004l")
    }

    @Test("with both options off nothing is written")
    func nothingOn() {
        let modes = TerminalModes(mouse: false, bracketedPaste: false)
        #expect(modes.on.isEmpty && modes.off.isEmpty)
    }

    @Test("with the keyboard protocol on, the level is pushed after the DEC modes")
    func keyboardPushLast() {
        var modes = TerminalModes(mouse: false, bracketedPaste: true)
        modes.keyboardProtocol = true
        #expect(text(modes.on) == "\u{1B}[?2004h\u{1B}[>1u")
    }

    @Test("with the keyboard protocol on, the level is popped before the DEC modes are reset")
    func keyboardPopFirst() {
        var modes = TerminalModes(mouse: false, bracketedPaste: true)
        modes.keyboardProtocol = true
        #expect(text(modes.off) == "\u{1B}[<u\u{1B}[?2004l")
    }

    @Test("reasserting after SIGCONT sets the level instead of pushing another")
    func keyboardReassert() {
        var modes = TerminalModes(mouse: false, bracketedPaste: true)
        modes.keyboardProtocol = true
        #expect(text(modes.reassert) == "\u{1B}[?2004h\u{1B}[=1u")
    }

    @Test("until the terminal answered, no keyboard protocol bytes are written")
    func keyboardOffByDefault() {
        let modes = TerminalModes(mouse: false, bracketedPaste: true)
        #expect(text(modes.on + modes.off + modes.reassert) == "\u{1B}[?2004h\u{1B}[?2004l\u{1B}[?2004h")
    }

    @Test("with modifyOtherKeys, it is set after the DEC modes and reset before them, also on reassert")
    func modifyOtherKeysAroundTheModes() {
        var modes = TerminalModes(mouse: false, bracketedPaste: true, modifyOtherKeys: true)
        #expect(text(modes.on) == "\u{1B}[?2004h\u{1B}[>4;1m")
        #expect(text(modes.off) == "\u{1B}[>4m\u{1B}[?2004l")
        modes.keyboardProtocol = true
        #expect(text(modes.on) == "\u{1B}[?2004h\u{1B}[>4;1m\u{1B}[>1u")
        #expect(text(modes.off) == "\u{1B}[<u\u{1B}[>4m\u{1B}[?2004l")
        #expect(text(modes.reassert) == "\u{1B}[?2004h\u{1B}[>4;1m\u{1B}[=1u")
    }
}
