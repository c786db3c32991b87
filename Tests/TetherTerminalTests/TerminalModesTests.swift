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

    @Test("focus reports (1004) are set after the other DEC modes and reset before them")
    func focusEventsLastOnFirstOff() {
        let modes = TerminalModes(mouse: true, bracketedPaste: true, focusEvents: true)
        #expect(text(modes.on) == "\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?1004h")
        #expect(text(modes.off) == "\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l")
    }

    @Test("focus reports are set again on reassert after SIGCONT")
    func focusEventsReasserted() {
        let modes = TerminalModes(mouse: false, bracketedPaste: false, focusEvents: true)
        #expect(text(modes.reassert) == "\u{1B}[?1004h")
    }

    @Test("without the focus option mode 1004 is never written")
    func focusEventsOffByDefault() {
        let modes = TerminalModes(mouse: true, bracketedPaste: true)
        #expect(!text(modes.on + modes.off + modes.reassert).contains("1004"))
    }

    @Test("every row of the table belongs to one option and every option has a row")
    func tableRowsByOption() {
        let options = Set(TerminalModes.table.map(\.option))
        #expect(options == [.bracketedPaste, .mouse, .focusEvents])
        #expect(TerminalModes.table.filter(\.isMouse).map(\.number) == [1000, 1002, 1006])
        #expect(TerminalModes.table.first { $0.option == .focusEvents }?.number == 1004)
    }
}
