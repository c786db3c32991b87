import Testing
import TetherTerminal
import TetherUI

@Suite("Background query answers and COLORFGBG")
struct BackgroundQueryTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("An OSC 11 answer of white, ended by ST, is a light background")
    func whiteAnswerIsLight() {
        #expect(BackgroundQuery.background(fromAnswer: bytes("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\")) == .light)
    }

    @Test("An OSC 11 answer of black, ended by BEL, is a dark background")
    func blackAnswerIsDark() {
        #expect(BackgroundQuery.background(fromAnswer: bytes("\u{1B}]11;rgb:0000/0000/0000\u{07}")) == .dark)
    }

    @Test(
        "Two-digit channels are scaled by their width: rgb:28/2c/34 (One Dark) is dark, rgb:fd/f6/e3 (Solarized light) light"
    )
    func shortChannelsAreScaled() {
        #expect(BackgroundQuery.background(fromAnswer: bytes("\u{1B}]11;rgb:28/2c/34\u{07}")) == .dark)
        #expect(BackgroundQuery.background(fromAnswer: bytes("\u{1B}]11;rgb:fdfd/f6f6/e3e3\u{07}")) == .light)
    }

    @Test("Mid grey splits at the luminance where black and white text contrast equally")
    func greyThreshold() {
        #expect(BackgroundQuery.background(red: 0.47, green: 0.47, blue: 0.47) == .light)
        #expect(BackgroundQuery.background(red: 0.45, green: 0.45, blue: 0.45) == .dark)
    }

    @Test("An answer among typed keys and other answers is still found")
    func answerAmongOtherBytes() {
        let answer = bytes("ab\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\cd\u{1B}[?62;22c")
        #expect(BackgroundQuery.background(fromAnswer: answer) == .light)
    }

    @Test("A cut-off, malformed or missing answer reports nothing")
    func malformedAnswerIsNil() {
        #expect(BackgroundQuery.background(fromAnswer: bytes("\u{1B}]11;rgb:ffff/ff")) == nil)
        #expect(BackgroundQuery.background(fromAnswer: bytes("\u{1B}]11;rgb:zz/00/00\u{07}")) == nil)
        #expect(BackgroundQuery.background(fromAnswer: bytes("\u{1B}[?62;22c")) == nil)
        #expect(BackgroundQuery.background(fromAnswer: []) == nil)
    }

    @Test("COLORFGBG's last field names the background: 15 and 7 light, 0 and 8 dark")
    func colorFGBG() {
        #expect(BackgroundQuery.background(fromCOLORFGBG: "0;15") == .light)
        #expect(BackgroundQuery.background(fromCOLORFGBG: "0;default;7") == .light)
        #expect(BackgroundQuery.background(fromCOLORFGBG: "15;0") == .dark)
        #expect(BackgroundQuery.background(fromCOLORFGBG: "7;8") == .dark)
    }

    @Test("COLORFGBG without a colour number for the background says nothing")
    func colorFGBGUnknown() {
        #expect(BackgroundQuery.background(fromCOLORFGBG: "15;default") == nil)
        #expect(BackgroundQuery.background(fromCOLORFGBG: "") == nil)
        #expect(BackgroundQuery.background(fromCOLORFGBG: "0;16") == nil)
    }
}
