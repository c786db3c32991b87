#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import TetherUI

/// Finds out whether a terminal's background is light or dark, for the theme variant
/// (`TerminalCapabilities/background`): the session's `COLORFGBG` gives the first guess
/// (else `TerminalBackground/unknown`: themes draw dark), and the terminal is asked
/// (OSC 11) without waiting for the answer.
///
/// The first frame is drawn at once with the guess. When the terminal's answer comes (one
/// round trip later, decoded by ``InputDecoder`` with the keys), ``VTBackend`` takes the
/// background it names and tells the application (`TerminalEvent/backgroundChanged`), which
/// draws again when its theme's variant for that background differs; a terminal
/// that does not know OSC 11 ignores the question and the guess stays. The terminal is
/// asked again when the program resumes after a suspend (its colours may have changed
/// meanwhile).
public enum BackgroundQuery {
    /// The bytes that ask: OSC 11 with a question mark (xterm's "report the background
    /// colour"), ended by ST.
    public static let question: [UInt8] = Array("\u{1B}]11;?\u{1B}\\".utf8)

    /// The background before any answer: `COLORFGBG`'s, else unknown.
    static func guess(io: TerminalIO) -> TerminalBackground {
        io.environment["COLORFGBG"].flatMap(background(fromCOLORFGBG:)) ?? .unknown
    }

    /// Whether to ask the terminal `io` describes: only the controlling terminal or a
    /// remote one (an SSH client's, `TerminalIO/isRemoteTerminal`), and a real one (`isatty`)
    /// whose `TERM` is neither `dumb` nor `linux` (the console does not parse OSC 11 and
    /// would print "1;?"; it is dark). Any other session (a test's pseudo-terminal, a pipe)
    /// keeps the guess.
    static func shouldAsk(io: TerminalIO) -> Bool {
        let term = io.term ?? "dumb"
        return (io.isControllingTerminal || io.isRemoteTerminal) && isatty(io.input) == 1 && isatty(io.output) == 1
            && term != "dumb"
            && !term.hasPrefix("linux")
    }

    /// The background an OSC 11 answer reports (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by
    /// BEL or ST, 1 to 4 hex digits per channel; or `#RRGGBB`), anywhere in `bytes` (read
    /// as ``InputDecoder`` reads them, among keys and other answers); `nil` without one.
    /// Light when black text on it has more contrast than white text.
    public static func background(fromAnswer bytes: [UInt8]) -> TerminalBackground? {
        var decoder = InputDecoder()
        _ = decoder.feed(bytes)
        return decoder.takeCommandAnswers().lazy.filter { $0.number == 11 }.compactMap {
            background(fromColor: $0.payload)
        }.first
    }

    /// The background an OSC 11 answer's payload (what follows `11;`) names; `nil` for
    /// anything but a colour.
    static func background(fromColor payload: [UInt8]) -> TerminalBackground? {
        ColorAnswer.parse(payload)
    }

    /// The background `COLORFGBG` (rxvt's `foreground;background`, or
    /// `foreground;other;background`) names: its last field, a colour number, is dark for
    /// 0–6 and 8 and light for 7 and 9–15 (as Vim reads it); `nil` for anything else
    /// (`default`, empty, out of range).
    public static func background(fromCOLORFGBG value: String) -> TerminalBackground? {
        guard let last = value.split(separator: ";", omittingEmptySubsequences: false).last,
            let number = Int(last.filter { $0 != " " }), (0...15).contains(number)
        else { return nil }
        return number <= 6 || number == 8 ? .dark : .light
    }

    /// Light or dark for a colour with channels from 0 to 1: light when its relative
    /// luminance (WCAG) exceeds 0.179, where black and white text contrast equally.
    public static func background(red: Double, green: Double, blue: Double) -> TerminalBackground {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        let luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        return luminance > 0.179 ? .light : .dark
    }
}

/// The colour in an OSC 11 answer.
private enum ColorAnswer {
    /// `rgb:R/G/B` (1–4 hex digits each, scaled by their width) or `#RRGGBB`.
    static func parse(_ payload: [UInt8]) -> TerminalBackground? {
        let text = String(decoding: payload, as: UTF8.self)
        var channels: [Double] = []
        if text.hasPrefix("rgb:") || text.hasPrefix("rgba:") {
            let fields = text.drop { $0 != ":" }.dropFirst().split(separator: "/").prefix(3)
            for field in fields {
                guard (1...4).contains(field.count), let value = UInt32(field, radix: 16) else { return nil }
                channels.append(Double(value) / Double((1 << (4 * field.count)) - 1))
            }
        } else if text.hasPrefix("#"), text.count == 7, let value = UInt32(text.dropFirst(), radix: 16) {
            channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 }
        }
        guard channels.count == 3 else { return nil }
        return BackgroundQuery.background(red: channels[0], green: channels[1], blue: channels[2])
    }
}
