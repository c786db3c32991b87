import Testing
@testable import TetherCurses
@testable import TetherTerminal

/// The Swift expansion of terminfo strings gives ncurses' `tiparm`'s bytes for every
/// parameterised string the writer uses, on every terminal type the oracle covers.
@MainActor
@Suite("TerminfoFormat")
struct TerminfoFormatTests {
    static let terms = ["xterm-256color", "screen-256color", "tmux-256color", "linux", "vt220", "xterm", "ansi"]

    /// Every parameterised capability of `strings`, by name.
    static func formats(_ strings: TerminalStrings) -> [(String, String)] {
        let named: [(String, String?)] = [
            ("cup", strings.cursorAddress), ("hpa", strings.columnAddress), ("vpa", strings.rowAddress),
            ("cuf", strings.parmRight), ("cub", strings.parmLeft), ("cud", strings.parmDown), ("cuu", strings.parmUp),
            ("setaf", strings.setForeground), ("setab", strings.setBackground),
        ]
        return named.compactMap { name, format in format.map { (name, $0) } }
    }

    @Test("expands every parameterised string of seven terminal types to tiparm's bytes")
    func matchesTiparm() throws {
        var checked = 0
        for term in Self.terms {
            let strings = try TerminalStrings.terminfo(term)
            for (name, format) in Self.formats(strings) {
                for a in [0, 1, 7, 8, 9, 15, 16, 99, 100, 231, 232, 255, 999] {
                    for b in [0, 7, 79, 80, 299] {
                        let swift = TerminfoFormat(format).expand([a, b])
                        #expect(swift == NcursesExpansion.tiparm(format, [a, b]), "\(term) \(name) with \(a), \(b)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 2_000)
    }

    @Test("runs conditionals with else-if chains, arithmetic, variables and printf widths as terminfo(5) says")
    func language() {
        let chain = TerminfoFormat("%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;")
        #expect(String(decoding: chain.expand([3]), as: UTF8.self) == "33")
        #expect(String(decoding: chain.expand([12]), as: UTF8.self) == "94")
        #expect(String(decoding: chain.expand([200]), as: UTF8.self) == "38;5;200")
        let misc = TerminfoFormat("%p1%Pa%ga%ga%*%d|%p2%03d|%:-3d|%'A'%c|%{10}%{3}%m%d|%p1%p2%>%d|%%")
        #expect(String(decoding: misc.expand([4, 7]), as: UTF8.self) == "16|007|0  |A|1|0|%")
        #expect(
            String(decoding: TerminfoFormat("%p1%x %p1%#o %{0}%{0}%/%d").expand([255]), as: UTF8.self)
                == "ff 0377 0")
    }

    @Test("pops 0 from an empty stack and copies padding through for the caller to drop")
    func emptyStackAndPadding() {
        #expect(String(decoding: TerminfoFormat("%d$<5>").expand(), as: UTF8.self) == "0$<5>")
        #expect(TerminalStrings.expand("\u{1B}[%p1%dX$<2>", 4) == Array("\u{1B}[4X".utf8))
    }
}
