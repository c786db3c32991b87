import CNCurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import TetherTerminal

extension TerminalStrings {
    /// The capability profile of terminal type `term`, read from the terminfo database
    /// through ncurses into values, once, on the side: no ncurses screen is made, and the
    /// current terminal (if any) is left alone, so sessions of different types can be
    /// loaded in one process.
    ///
    /// - Throws: `TerminalError` when terminfo has no database, does not know `term`, or
    ///   describes a terminal that cannot address the cursor (`dumb`, a hardcopy or
    ///   generic type).
    @MainActor
    public static func terminfo(_ term: String) throws -> TerminalStrings {
        guard !term.isEmpty else { throw TerminalError(.terminalTypeNotSet) }
        guard term != "dumb" else { throw TerminalError(.unsupportedTerminalType(term)) }
        switch tether_check_terminal(term, -1) {
        case Int32(TETHER_TERM_OK): break
        case Int32(TETHER_TERM_NO_DATABASE): throw TerminalError(.noTerminfoDatabase(term))
        case Int32(TETHER_TERM_NOT_ADDRESSABLE): throw TerminalError(.unsupportedTerminalType(term))
        default: throw TerminalError(.unknownTerminalType(term))
        }
        guard let loaded = tether_load_terminal(term) else { throw TerminalError(.unknownTerminalType(term)) }
        let saved = set_curterm(loaded)
        defer {
            _ = set_curterm(saved)
            _ = del_curterm(loaded)
        }
        guard var strings = current() else { throw TerminalError(.unsupportedTerminalType(term)) }
        strings.hyperlinks = TerminalStrings.supportsHyperlinks(term: term)
        return strings
    }

    /// The description of terminal type `term`, or `nil` when terminfo cannot give one.
    @MainActor
    static func load(term: String) -> TerminalStrings? {
        try? terminfo(term)
    }

    /// Reads the current terminal's description (after `setupterm`); `nil` when it
    /// cannot address the cursor.
    @MainActor
    private static func current() -> TerminalStrings? {
        func string(_ name: String) -> String? {
            tether_string_capability(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let cup = string("cup") else { return nil }
        return TerminalStrings(
            cursorAddress: cup,
            columnAddress: string("hpa"), rowAddress: string("vpa"),
            parmRight: string("cuf"), parmLeft: string("cub"), parmDown: string("cud"), parmUp: string("cuu"),
            cursorLeft: string("cub1"), carriageReturn: string("cr"),
            clearScreen: string("clear"), clearToEndOfLine: string("el"), resetAttributes: string("sgr0"),
            bold: string("bold"), dim: string("dim"), underline: string("smul"), reverse: string("rev"),
            setForeground: string("setaf") ?? string("setf"), setBackground: string("setab") ?? string("setb"),
            hideCursor: string("civis"), showCursor: string("cnorm"), exitAlternateScreen: string("rmcup"),
            enterAlternateScreen: string("smcup"), colors: max(0, Int(tether_number_capability("colors"))),
            autoMargins: tether_flag_capability("am") != 0, delayedWrap: tether_flag_capability("xenl") != 0,
            synchronizedOutput: string("Sync") != nil,
            trueColor: tether_flag_capability("RGB") != 0 || tether_flag_capability("Tc") != 0,
            clipboard: string("Ms") != nil)
    }
}

/// ncurses' own expansion of terminfo strings, kept as the reference that
/// ``TerminfoFormat`` is tested against (TetherTerminal expands without it).
enum NcursesExpansion {
    /// `format` expanded by `tiparm` with one or two parameters, padding left in.
    @MainActor
    static func tiparm(_ format: String, _ parameters: [Int]) -> [UInt8] {
        let a = Int32(clamping: parameters.first ?? 0)
        let result =
            parameters.count > 1
            ? tether_tiparm2(format, a, Int32(clamping: parameters[1])) : tether_tiparm1(format, a)
        guard let result else { return [] }
        return Array(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(result).assumingMemoryBound(to: UInt8.self),
                count: strlen(result)))
    }
}
