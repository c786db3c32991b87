import CNCurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminfo capabilities ``ScreenWriter`` draws with, read once from the terminal's
/// description (ncurses' terminfo layer), so the writer itself is pure and testable.
///
/// Parameterised strings (cursor addressing, colours) keep their terminfo form and are
/// expanded with ncurses' `tiparm`. The value is `Sendable`; the functions that read
/// terminfo or expand strings are main-actor isolated, because ncurses keeps the current
/// terminal and `tiparm`'s result buffer in globals.
struct TerminalStrings: Sendable {
    /// Absolute cursor address (`cup`), row then column, 0-based. Required.
    var cursorAddress: String
    /// Column address on the current row (`hpa`).
    var columnAddress: String?
    /// Row address in the current column (`vpa`).
    var rowAddress: String?
    /// Move right/left/down/up by n cells (`cuf`, `cub`, `cud`, `cuu`).
    var parmRight: String?
    var parmLeft: String?
    var parmDown: String?
    var parmUp: String?
    /// Move left one cell (`cub1`, usually backspace).
    var cursorLeft: String?
    /// Carriage return (`cr`).
    var carriageReturn: String?
    /// Clear the screen and home the cursor (`clear`).
    var clearScreen: String?
    /// Clear from the cursor to the end of its row (`el`).
    var clearToEndOfLine: String?
    /// Turn every attribute and colour off (`sgr0`).
    var resetAttributes: String?
    var bold: String?
    var dim: String?
    var underline: String?
    var reverse: String?
    /// Foreground/background colour n (`setaf`/`setab`, else `setf`/`setb`).
    var setForeground: String?
    var setBackground: String?
    /// Hide and show the cursor (`civis`, `cnorm`).
    var hideCursor: String?
    var showCursor: String?
    /// Leave the alternate screen (`rmcup`); written only when the process crashes
    /// (`endwin` writes it otherwise).
    var exitAlternateScreen: String? = nil
    /// Writing the last column wraps (`am`), and the wrap waits for the next character
    /// (`xenl`): without `xenl`, writing the bottom-right cell would scroll the screen.
    var autoMargins: Bool
    var delayedWrap: Bool

    /// Reads the current terminal's description (after `newterm`/`setupterm`); `nil`
    /// when it cannot address the cursor.
    @MainActor static func current() -> TerminalStrings? {
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
            autoMargins: tether_flag_capability("am") != 0, delayedWrap: tether_flag_capability("xenl") != 0)
    }

    /// The description of terminal type `term`, loaded on the side: the running
    /// terminal, if any, is left alone. `nil` when terminfo does not know `term`.
    @MainActor static func load(term: String) -> TerminalStrings? {
        guard let loaded = tether_load_terminal(term) else { return nil }
        let saved = set_curterm(loaded)
        defer {
            _ = set_curterm(saved)
            _ = del_curterm(loaded)
        }
        return current()
    }

    /// `format` expanded with one parameter, as bytes.
    @MainActor static func expand(_ format: String, _ a: Int) -> [UInt8] {
        guard let result = tether_tiparm1(format, Int32(clamping: a)) else { return [] }
        return bytes(of: result)
    }

    /// `format` expanded with two parameters, as bytes.
    @MainActor static func expand(_ format: String, _ a: Int, _ b: Int) -> [UInt8] {
        guard let result = tether_tiparm2(format, Int32(clamping: a), Int32(clamping: b)) else { return [] }
        return bytes(of: result)
    }

    /// A fixed string as bytes with terminfo padding (`$<5>`) removed: padding is for
    /// hardware terminals and is never sent by a pty-era writer.
    static func plain(_ string: String?) -> [UInt8] {
        guard let string else { return [] }
        return withoutPadding(Array(string.utf8))
    }

    private static func bytes(of pointer: UnsafePointer<CChar>) -> [UInt8] {
        withoutPadding(
            Array(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                    count: strlen(pointer))))
    }

    private static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "$")) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
                let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">"))
            {
                index = close + 1
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}
