import Testing
import TetherCurses
import TetherTerminal

/// What the terminfo profile says of true colour, OSC 52 and OSC 8 for the types the
/// machine's terminfo has.
@MainActor
@Suite("Terminfo profile: protocol flags")
struct TerminfoProtocolFlagsTests {
    @Test("xterm-256color copies (Ms) and links, but says nothing of true colour")
    func xterm() throws {
        let strings = try TerminalStrings.terminfo("xterm-256color")
        #expect(strings.clipboard)
        #expect(strings.hyperlinks)
        #expect(!strings.trueColor)
    }

    @Test("tmux-256color copies (Ms) and links")
    func tmux() throws {
        let strings = try TerminalStrings.terminfo("tmux-256color")
        #expect(strings.clipboard)
        #expect(strings.hyperlinks)
    }

    @Test("the Linux console and vt220 neither copy nor link")
    func consoles() throws {
        for term in ["linux", "vt220"] {
            let strings = try TerminalStrings.terminfo(term)
            #expect(!strings.clipboard, "\(term)")
            #expect(!strings.hyperlinks, "\(term)")
        }
    }
}
