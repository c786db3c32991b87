import Testing
import TetherUI
@testable import TetherTerminal

/// True colour (`Color.rgb`): written as `CSI 38;2;r;g;b m` / `48;2` where the terminal shows
/// it, mapped to the nearest palette entry where it does not, left out without colour.
@MainActor
@Suite("True colour")
struct TrueColorTests {
    func bytes(of style: Style, colors: Int = 256, trueColor: Bool) -> String {
        var writer = ScreenWriter(strings: .xterm256Color, mapper: StyleMapper(colors: colors, trueColor: trueColor))
        var frame = Frame(size: Size(width: 4, height: 1))
        frame[0, 0] = Cell(grapheme: "x", style: style)
        return String(decoding: writer.update(to: frame, from: nil, caret: nil), as: UTF8.self)
    }

    @Test("a true-colour foreground is written as CSI 38;2;r;g;b m")
    func foregroundIsWrittenDirect() {
        let text = bytes(of: Style(foreground: .rgb(255, 128, 0)), trueColor: true)
        #expect(text.contains("\u{1B}[38;2;255;128;0mx"))
    }

    @Test("a true-colour background is written as CSI 48;2;r;g;b m")
    func backgroundIsWrittenDirect() {
        let text = bytes(of: Style(background: .rgb(1, 2, 3)), trueColor: true)
        #expect(text.contains("\u{1B}[48;2;1;2;3mx"))
    }

    @Test("without true colour an rgb colour becomes the nearest entry of the 256-colour palette")
    func rgbMapsToThe256Palette() {
        let mapper = StyleMapper(colors: 256)
        #expect(mapper.pen(for: Style(foreground: .rgb(255, 0, 0))).foreground == 196)
        #expect(mapper.pen(for: Style(foreground: .rgb(0, 0, 0))).foreground == 16)
        #expect(mapper.pen(for: Style(foreground: .rgb(128, 128, 128))).foreground == 244)
        #expect(!bytes(of: Style(foreground: .rgb(255, 0, 0)), trueColor: false).contains("38;2"))
    }

    @Test("on a 16-colour terminal an rgb colour becomes the nearest standard colour")
    func rgbMapsToSixteen() {
        #expect(StyleMapper(colors: 16).pen(for: Style(foreground: .rgb(250, 10, 10))).foreground == 9)
        #expect(StyleMapper(colors: 16).pen(for: Style(background: .rgb(0, 0, 230))).background == 4)
    }

    @Test("on an 8-colour terminal a bright rgb foreground becomes the base colour in bold")
    func rgbMapsToEight() {
        let pen = StyleMapper(colors: 8).pen(for: Style(foreground: .rgb(255, 255, 0)))
        #expect(pen == Pen(attributes: .bold, foreground: 3, background: -1))
    }

    @Test("a monochrome terminal (or NO_COLOR) shows no rgb colour, even with true colour")
    func monochromeHasNoColour() {
        let pen = StyleMapper(colors: 0, trueColor: true).pen(for: Style(foreground: .rgb(9, 9, 9)))
        #expect(pen == .plain)
    }

    @Test("the same rgb colour twice in a row sets the pen once")
    func samePenIsNotRepeated() {
        var writer = ScreenWriter(strings: .xterm256Color, mapper: StyleMapper(colors: 256, trueColor: true))
        var frame = Frame(size: Size(width: 4, height: 1))
        frame[0, 0] = Cell(grapheme: "a", style: Style(foreground: .rgb(10, 20, 30)))
        frame[1, 0] = Cell(grapheme: "b", style: Style(foreground: .rgb(10, 20, 30)))
        let text = String(decoding: writer.update(to: frame, from: nil, caret: nil), as: UTF8.self)
        #expect(text.components(separatedBy: "38;2;10;20;30").count == 2)
    }

    @Test("COLORTERM=truecolor or 24bit in the session's environment means true colour")
    func colorTermIsRead() {
        func io(_ value: String?) -> TerminalIO {
            TerminalIO(input: -1, output: -1, environment: value.map { ["COLORTERM": $0] } ?? [:])
        }
        #expect(io("truecolor").colorTermTrueColor)
        #expect(io("24bit").colorTermTrueColor)
        #expect(!io("256").colorTermTrueColor)
        #expect(!io(nil).colorTermTrueColor)
    }
}
