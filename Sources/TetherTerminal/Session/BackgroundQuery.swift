#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import TetherUI

/// Finds out whether a terminal's background is light or dark, for the theme variant
/// (`TerminalCapabilities/background`): first by asking the terminal (OSC 11), then from
/// the session's `COLORFGBG`, else `TerminalBackground/unknown` (themes draw dark).
///
/// The question goes out with a second one every VT terminal answers, device attributes
/// (`ESC [ c`), and terminals answer in order: when the device attributes come back the
/// background answer has come or never will, so a terminal that answers quickly costs one
/// round trip and one that ignores OSC 11 no wait either. Only a terminal that answers
/// nothing waits the whole ``timeout``.
public enum BackgroundQuery {
    /// The longest wait for the answers.
    public static let timeout: Duration = .milliseconds(200)

    /// The bytes that ask: OSC 11 with a question mark (xterm's "report the background
    /// colour"), ended by ST, then primary device attributes.
    public static let question: [UInt8] = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)

    /// The background of the terminal `io` describes, and every byte read that was no
    /// answer (keys typed meanwhile: the form's first input, in order). Asks the terminal
    /// only when it is the controlling terminal and a real one (`isatty`) whose `TERM` is
    /// neither `dumb` nor `linux` (the console would print the question); any other session (a test's pseudo-terminal, a pipe) reads `COLORFGBG`
    /// alone and never waits. Called by ``VTBackend`` when it starts, in raw mode.
    static func detect(io: TerminalIO) -> (background: TerminalBackground, typeAhead: [UInt8]) {
        let fallback = io.environment["COLORFGBG"].flatMap(background(fromCOLORFGBG:)) ?? .unknown
        // The Linux console does not parse OSC 11: it would print "1;?" (and it is dark).
        let term = io.term ?? "dumb"
        guard io.isControllingTerminal, isatty(io.input) == 1, isatty(io.output) == 1, term != "dumb",
            !term.hasPrefix("linux")
        else {
            return (fallback, [])
        }
        let (answer, typeAhead) = ask(output: io.output, input: io.input)
        return (answer ?? fallback, typeAhead)
    }

    /// Writes ``question`` and reads until the device attributes answer or ``timeout``.
    private static func ask(output: Int32, input: Int32) -> (TerminalBackground?, [UInt8]) {
        _ = writeAll(output, question)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(
                max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, milliseconds) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 { received += buffer[0..<count] }
            if count == 0 { break }  // the terminal hung up
            if let answers = Answers(received), answers.deviceAttributes != nil {
                return (answers.background, answers.rest)
            }
        }
        let answers = Answers(received)
        return (answers?.background, answers?.rest ?? received)
    }

    /// The background an OSC 11 answer reports (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by
    /// BEL or ST, 1 to 4 hex digits per channel; or `#RRGGBB`), anywhere in `bytes`; `nil`
    /// without one. Light when black text on it has more contrast than white text.
    public static func background(fromAnswer bytes: [UInt8]) -> TerminalBackground? {
        Answers(bytes)?.background
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

/// The answers to ``BackgroundQuery/question`` found in bytes read from a terminal, and
/// the bytes that were none.
private struct Answers {
    var background: TerminalBackground?
    var deviceAttributes: Range<Int>?
    var rest: [UInt8]

    init?(_ bytes: [UInt8]) {
        var rest = bytes
        var found = false
        if let (range, payload) = Self.osc11(in: rest) {
            background = Self.parseColor(payload)
            rest.removeSubrange(range)
            found = true
        }
        if let range = Self.deviceAttributes(in: rest) {
            deviceAttributes = range
            rest.removeSubrange(range)
            found = true
        }
        guard found else { return nil }
        self.rest = rest
    }

    /// `ESC ] 11 ;` payload (BEL | ESC \): the whole answer's range and the payload.
    static func osc11(in bytes: [UInt8]) -> (Range<Int>, [UInt8])? {
        let opener = Array("\u{1B}]11;".utf8)
        guard let start = bytes.firstRange(of: opener)?.lowerBound else { return nil }
        var index = start + opener.count
        while index < bytes.count {
            if bytes[index] == 0x07 { return (start..<(index + 1), Array(bytes[(start + opener.count)..<index])) }
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
                return (start..<(index + 2), Array(bytes[(start + opener.count)..<index]))
            }
            index += 1
        }
        return nil
    }

    /// `ESC [ ?` digits and semicolons `c`.
    static func deviceAttributes(in bytes: [UInt8]) -> Range<Int>? {
        let opener = Array("\u{1B}[?".utf8)
        guard let start = bytes.firstRange(of: opener)?.lowerBound else { return nil }
        var index = start + opener.count
        while index < bytes.count, bytes[index] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[index]) {
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "c") else { return nil }
        return start..<(index + 1)
    }

    /// `rgb:R/G/B` (1–4 hex digits each, scaled by their width) or `#RRGGBB`.
    static func parseColor(_ payload: [UInt8]) -> TerminalBackground? {
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
