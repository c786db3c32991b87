import Testing
import TetherUI

@Suite("Display width")
struct DisplayWidthTests {
    @Test("ASCII text takes one column per character")
    func ascii() {
        #expect("Hello, world!".terminalWidth == 13)
    }

    @Test("every ASCII character is one column when printable and none when a control, CR LF included")
    func asciiCharacters() {
        for value in UInt8(0)...0x7F {
            let expected = value >= 0x20 && value != 0x7F ? 1 : 0
            #expect(Character(Unicode.Scalar(value)).terminalWidth == expected, "byte \(value)")
        }
        #expect(Character("\r\n").terminalWidth == 0)
    }

    @Test("a CJK ideograph takes two columns")
    func cjk() {
        #expect(Character("中").terminalWidth == 2)
    }

    @Test("a run of kana and ideographs takes two columns each")
    func japaneseText() {
        #expect("日本語テキスト".terminalWidth == 14)
    }

    @Test("a Hangul syllable takes two columns")
    func hangul() {
        #expect(Character("한").terminalWidth == 2)
    }

    @Test("a fullwidth form takes two columns")
    func fullwidth() {
        #expect(Character("\u{FF21}").terminalWidth == 2)
    }

    @Test("an emoji with emoji presentation takes two columns")
    func emoji() {
        #expect(Character("😀").terminalWidth == 2)
    }

    @Test("a text-style symbol takes one column on its own")
    func textSymbol() {
        #expect(Character("\u{2764}").terminalWidth == 1)
    }

    @Test("a text-style emoji base followed by VS16 takes two columns")
    func variationSelector16() {
        #expect(Character("\u{2764}\u{FE0F}").terminalWidth == 2)
    }

    @Test("a regional-indicator flag pair takes two columns")
    func flag() {
        #expect("🇩🇪".terminalWidth == 2)
    }

    @Test("e followed by a combining acute accent is one grapheme of one column")
    func combiningAccent() {
        let text = "e\u{0301}"
        #expect(text.count == 1)
        #expect(text.terminalWidth == 1)
    }

    @Test("a grapheme of only a combining mark takes no columns")
    func loneCombiningMark() {
        #expect(Character("\u{0301}").terminalWidth == 0)
    }

    @Test("a ZWJ family emoji takes two columns")
    func zwjFamily() {
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(family.count == 1)
        #expect(family.terminalWidth == 2)
    }

    @Test("zero-width space and zero-width joiner take no columns")
    func zeroWidthFormatCharacters() {
        #expect(Character("\u{200B}").terminalWidth == 0)
        #expect(Character("\u{200D}").terminalWidth == 0)
    }

    @Test("control characters take no columns")
    func controls() {
        #expect("\u{07}\t\n\u{7F}\u{85}".terminalWidth == 0)
    }

    @Test("an ambiguous-width character takes one column")
    func ambiguous() {
        #expect(Character("é").terminalWidth == 1)
        #expect(Character("─").terminalWidth == 1)
    }

    @Test("a substring measures like the equivalent string")
    func substring() {
        let text = "ab中文cd"
        #expect(text.dropFirst(2).prefix(2).terminalWidth == 4)
    }

    @Test("text that fits is not truncated")
    func truncationFits() {
        #expect("Hello".truncated(toWidth: 5) == "Hello")
    }

    @Test("text that does not fit is cut and ends with an ellipsis within the width")
    func truncationEllipsis() {
        #expect("Hello, world".truncated(toWidth: 6) == "Hello…")
    }

    @Test("truncation never splits a wide grapheme")
    func truncationWide() {
        #expect("日本語".truncated(toWidth: 4) == "日…")
        #expect("日本語".truncated(toWidth: 5) == "日本…")
    }

    @Test("truncated text always fits the width")
    func truncationAlwaysFits() {
        let text = "a日b👨\u{200D}👩\u{200D}👧ce\u{0301}語"
        for width in 0...12 {
            #expect(text.truncated(toWidth: width).terminalWidth <= width)
        }
    }

    @Test("truncating to a width too small for the ellipsis drops the ellipsis")
    func truncationWithoutRoomForEllipsis() {
        #expect("abc".truncated(toWidth: 1, ellipsis: "..") == "a")
        #expect("abc".truncated(toWidth: 0) == "")
    }

    @Test("words wrap at spaces")
    func wrapWords() {
        #expect("the quick brown fox".wrapped(toWidth: 10) == ["the quick", "brown fox"])
    }

    @Test("newlines end lines and empty lines are kept")
    func wrapNewlines() {
        #expect("one\n\ntwo".wrapped(toWidth: 10) == ["one", "", "two"])
    }

    @Test("a word longer than the width is broken between graphemes")
    func wrapLongWord() {
        #expect("abcdefghij".wrapped(toWidth: 4) == ["abcd", "efgh", "ij"])
    }

    @Test("wide text wraps by display width without splitting a grapheme")
    func wrapWide() {
        #expect("日本語テキスト".wrapped(toWidth: 5) == ["日本", "語テ", "キス", "ト"])
    }

    @Test("a paragraph's indentation is kept on its first line")
    func wrapIndentation() {
        #expect("  ab cd".wrapped(toWidth: 5) == ["  ab", "cd"])
    }

    @Test("a long word continues the current line when there is room")
    func wrapLongWordFillsLine() {
        #expect("ab cdefgh".wrapped(toWidth: 5) == ["ab cd", "efgh"])
    }

    @Test("the empty string wraps to one empty line")
    func wrapEmpty() {
        #expect("".wrapped(toWidth: 5) == [""])
    }

    @Test("every wrapped line fits the width")
    func wrapFits() {
        let text = "Tether draws 日本語 and 한국어 forms with emoji 😀 and flags 🇩🇪 everywhere"
        for width in 2...20 {
            for line in text.wrapped(toWidth: width) {
                #expect(line.terminalWidth <= width)
            }
        }
    }
}
