import Testing
import TetherUI
@testable import TetherTerminal

/// The bytes of OSC 8 hyperlinks and OSC 52 copies, and when the writer sends them.
@MainActor
@Suite("Hyperlinks and clipboard bytes")
struct OperatingSystemCommandTests {
    static let link = "https://example.com/docs"

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func bytes(_ frame: Frame, strings: TerminalStrings = .xterm256Color, caret: Point? = nil) -> String {
        var writer = ScreenWriter(strings: strings, mapper: StyleMapper(colors: 256))
        return text(writer.update(to: frame, from: nil, caret: caret))
    }

    func frame(_ cells: [(Int, String, String?)], width: Int = 20) -> Frame {
        var frame = Frame(size: Size(width: width, height: 2))
        for (x, grapheme, link) in cells { frame[x, 0] = Cell(grapheme: grapheme, style: Style().withLink(link)) }
        return frame
    }

    @Test("base64 pads to a multiple of four characters")
    func base64() {
        #expect(text(OperatingSystemCommands.base64(Array("hello".utf8))) == "aGVsbG8=")
        #expect(text(OperatingSystemCommands.base64(Array("ab".utf8))) == "YWI=")
        #expect(text(OperatingSystemCommands.base64(Array("abc".utf8))) == "YWJj")
        #expect(OperatingSystemCommands.base64([]).isEmpty)
    }

    @Test("a copy is ESC ] 52 ; c ; base64 ESC backslash")
    func copyBytes() {
        #expect(text(OperatingSystemCommands.copy("hi")) == "\u{1B}]52;c;aGk=\u{1B}\\")
    }

    @Test("a link opens with ESC ] 8 ; ; url ST and closes with ESC ] 8 ; ; ST, control characters left out")
    func linkBytes() {
        #expect(text(OperatingSystemCommands.openLink("https://x.y/\u{7}z")) == "\u{1B}]8;;https://x.y/z\u{1B}\\")
        #expect(text(OperatingSystemCommands.closeLink) == "\u{1B}]8;;\u{1B}\\")
    }

    @Test("linked cells are wrapped in one open and one close, and the next plain cell is outside")
    func linkedRunIsWrapped() {
        let output = bytes(frame([(0, "a", Self.link), (1, "b", Self.link), (2, "c", nil)]))
        #expect(output.contains("\u{1B}]8;;\(Self.link)\u{1B}\\ab\u{1B}]8;;\u{1B}\\c"))
    }

    @Test("a link is closed before a cursor move and opened again after it")
    func linkClosedBeforeMove() {
        let output = bytes(frame([(0, "a", Self.link), (10, "b", Self.link)]))
        let open = "\u{1B}]8;;\(Self.link)\u{1B}\\", close = "\u{1B}]8;;\u{1B}\\"
        #expect(output.contains(open + "a" + close + "\u{1B}[9C" + open + "b" + close))
    }

    @Test("a link on the frame's last drawn cell is closed before the frame ends")
    func linkClosedAtFrameEnd() {
        let output = bytes(frame([(3, "z", Self.link)]), caret: Point(x: 0, y: 1))
        let close = "\u{1B}]8;;\u{1B}\\"
        #expect(output.contains("z" + close))
        #expect(output.components(separatedBy: close).count == 2)
    }

    @Test("a terminal without hyperlinks gets the text and no OSC 8")
    func noLinksWithoutSupport() {
        var strings = TerminalStrings.xterm256Color
        strings.hyperlinks = false
        let output = bytes(frame([(0, "a", Self.link)]), strings: strings)
        #expect(output.contains("a"))
        #expect(!output.contains("\u{1B}]8;"))
    }

    @Test("consoles and hardware-era types get no links; xterm and tmux do")
    func hyperlinkTypes() {
        for term in ["xterm-256color", "tmux-256color", "xterm", "kitty", "alacritty"] {
            #expect(TerminalStrings.supportsHyperlinks(term: term), "\(term)")
        }
        for term in ["linux", "vt220", "vt100", "dumb", "screen-256color", "ansi"] {
            #expect(!TerminalStrings.supportsHyperlinks(term: term), "\(term)")
        }
    }
}
