import Testing
@testable import TetherCurses
@testable import TetherTerminal

/// Plain parameterised strings are expanded without `tiparm`, to the same bytes; the rest
/// is left to `tiparm`.
@MainActor
@Suite("ParameterFormat")
struct ParameterFormatTests {
    /// The cursor-move strings of terminals in this machine's terminfo, with the name each
    /// came from.
    static func cursorMoves() -> [(String, String)] {
        var moves: [(String, String)] = []
        for term in ["xterm-256color", "screen-256color", "tmux-256color", "linux", "vt220", "ansi"] {
            guard let strings = TerminalStrings.load(term: term) else { continue }
            let named: [(String, String?)] = [
                ("cup", strings.cursorAddress), ("hpa", strings.columnAddress), ("vpa", strings.rowAddress),
                ("cuf", strings.parmRight), ("cub", strings.parmLeft), ("cud", strings.parmDown),
                ("cuu", strings.parmUp),
            ]
            for case (let name, let format?) in named { moves.append(("\(term) \(name)", format)) }
        }
        return moves
    }

    @Test("expands every plain cursor move of the installed terminals to tiparm's bytes")
    func matchesTiparm() {
        let moves = Self.cursorMoves()
        #expect(moves.count >= 20, "terminfo lacks the usual terminals")
        for (name, format) in moves {
            guard let plain = ParameterFormat(format) else {
                Issue.record("\(name) is not plain: \(format.debugDescription)")
                continue
            }
            for a in [0, 1, 9, 10, 61, 99, 100, 255, 999, 1000, 65_535] {
                for b in [0, 7, 79, 80, 123] {
                    let expected = TerminalStrings.plain(bytes: NcursesExpansion.tiparm(format, [a, b]))
                    #expect(plain.expand(Int32(a), Int32(b)) == expected, "\(name) with \(a), \(b)")
                }
            }
        }
    }

    @Test("expands negative and 32-bit extreme parameters to tiparm's bytes, the wrap of %i included")
    func extremesMatchTiparm() {
        for (name, format) in Self.cursorMoves() {
            guard let plain = ParameterFormat(format) else { continue }
            for a in [-1, -10, -2_147_483_648, 2_147_483_647] {
                let expected = TerminalStrings.plain(bytes: NcursesExpansion.tiparm(format, [a, a]))
                #expect(plain.expand(Int32(a), Int32(a)) == expected, "\(name) with \(a)")
            }
        }
    }

    @Test("leaves padding, conditionals, arithmetic and late or repeated %i to the full interpreter")
    func refusesOtherForms() {
        let refused = [
            "\u{1B}[%i%p1%d;%p2%dH$<5>", "\u{1B}[%?%p1%{8}%<%t3%p1%d%e38;5;%p1%d%;m", "\u{1B}[%p1%{1}%+%dG",
            "\u{1B}[%p1%d;%i%p2%dH", "\u{1B}[%i%i%p1%dG", "\u{1B}[%p3%dG", "\u{1B}[%p1%2dG", "%",
        ]
        for format in refused { #expect(ParameterFormat(format) == nil, "\(format.debugDescription)") }
    }

    @Test("a plain string with %% and no parameters is its literal bytes")
    func literalPercent() {
        #expect(ParameterFormat("a%%b").map { Array($0.expand(3, 4)) } == Array("a%b".utf8))
    }
}
