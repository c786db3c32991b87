public import TetherUI

/// Turns the bytes a terminal sends into `InputEvent`s.
///
/// Feed it whatever `read` returned with `feed`; sequences split across reads are
/// reassembled. When ``hasPendingInput`` is `true` afterwards, the bytes so far could be
/// the start of a longer sequence (a lone ESC, a partial escape sequence or UTF-8
/// character): wait a short ESC delay (25 ms) for more, and if none comes call ``flush()``.
///
/// What it understands:
/// - UTF-8 text, one `.character` key per grapheme cluster of each feed (a base and the
///   combining marks after it, an emoji ZWJ sequence). Invalid bytes become U+FFFD and
///   decoding resumes at the next byte that can start a character.
/// - Control bytes: CR is Enter, HT Tab, DEL and BS Backspace, NUL Ctrl-Space, 1–26
///   Ctrl-a…Ctrl-z (LF is Ctrl-J: the terminal runs without `ICRNL`, so Enter sends CR and
///   only Ctrl-J sends LF; the key map lets Ctrl-J activate wherever it does not insert a
///   line break), 28–31 Ctrl-\ ] ^ _.
/// - CSI (`ESC [`) and SS3 (`ESC O`) keys: arrows, Home, End, Insert, Delete, PgUp, PgDn,
///   F1–F20, Shift-Tab, with xterm modifier parameters (`ESC [1;5C` is Ctrl-Right).
/// - The kitty keyboard protocol's `ESC [ code ; modifiers u` keys (what a terminal sends
///   once its "disambiguate escape codes" level is on): `ESC [27u` is Escape, with nothing
///   left pending, so it needs no escape delay; Enter, Tab and Backspace with modifiers,
///   Ctrl and Alt with a character, keypad keys and F13–F24. The answer to the protocol's
///   query (`ESC [ ? flags u`) is no key: it sets `keyboardProtocolFlags`.
/// - `ESC` + a key is that key with Alt (`ESC b` is Alt-b, `ESC DEL` Alt-Backspace);
///   `ESC ESC` is Escape followed by whatever the second ESC starts.
/// - Bracketed paste (`ESC [200~` … `ESC [201~`): one `InputEvent/paste(_:)` with the
///   text verbatim, however many feeds it spans (a paste longer than ``maxPasteChunk``
///   bytes arrives as several, each cut at a character boundary). A paste whose end
///   never comes ends at the ``flush()`` its caller makes after a paste timeout.
/// - Mouse reports in SGR (`ESC [<b;x;yM`/`m`) and X10 (`ESC [M` + 3 bytes) encodings.
/// - Focus reports (DEC mode 1004: `ESC [I` when the terminal gains focus, `ESC [O` when it
///   loses it) are no key: each is kept, in order, for ``takeFocusReports()``.
/// - Any other well-formed CSI or SS3 sequence is consumed and ignored; a CSI longer than 64
///   bytes is dropped.
/// - A terminal's answer to an OSC query (`ESC ] 11 ; rgb:… ESC \`, the background colour)
///   is no key: it is kept for `takeCommandAnswers()`. `ESC ]` followed by anything but a
///   digit is Alt-], and so is `ESC ]` alone once ``flush()`` says nothing more came.
///
/// Memory stays bounded: a pending sequence holds at most 64 bytes, and an open paste
/// hands on its text in pieces of at most ``maxPasteChunk`` bytes. Invalid UTF-8 — typed
/// or pasted — becomes U+FFFD, one for each maximal invalid subpart (the rule every
/// presentation follows; docs/reliability.md).
public struct InputDecoder: Sendable {
    /// Bytes received and not yet decoded: an incomplete sequence at its start, or while
    /// a paste is open, a possible start of the paste's end marker.
    var buffer: [UInt8] = []
    /// `true` between `ESC [200~` and `ESC [201~` (or the ``flush()`` that closes it).
    var inPaste = false
    /// The pasted bytes not yet delivered (at most ``maxPasteChunk``).
    var pasteBytes: [UInt8] = []
    /// While skipping the rest of an overlong CSI or SS3 sequence: whether its parameter
    /// bytes may still come (`false` once an intermediate byte came); `nil` otherwise.
    /// Skipping follows the grammar a whole sequence is parsed with, so that where the
    /// reads fall cannot change what the bytes after the sequence decode to.
    private var discarding: Bool?

    /// The progressive-enhancement flags the terminal reported in its last answer to the
    /// kitty keyboard protocol query (`ESC [ ? u` → `ESC [ ? flags u`); `nil` until an
    /// answer came. Any answer means the terminal speaks the protocol.
    package private(set) var keyboardProtocolFlags: Int?
    /// The terminal's answers to DEC private mode queries (DECRQM, `CSI ? mode $ p`), by mode:
    /// 0 not recognised, 1 set, 2 reset, 3 permanently set, 4 permanently reset. No key.
    package private(set) var modeReports: [Int: Int] = [:]
    /// The focus reports decoded and not yet taken, oldest first: `true` for `ESC [I` (the
    /// terminal gained focus), `false` for `ESC [O` (it lost it). At most the latest 64 are kept.
    public private(set) var focusReports: [Bool] = []
    private static let maxFocusReports = 64
    /// The terminal's answers to OSC queries not yet taken (``takeCommandAnswers()``), in
    /// the order they came: the command's number and what followed its `;`. No key.
    var commandAnswers: [CommandAnswer] = []

    /// The longest escape sequence kept while waiting for its final byte.
    private static let maxSequenceLength = 64

    /// A decoder with nothing pending.
    public init() {}

    /// `true` when the decoder is waiting for bytes that complete what it holds: a lone
    /// ESC, a partial escape sequence or UTF-8 character, the rest of an overlong sequence
    /// being skipped, or an open bracketed paste. The caller waits for more input and
    /// calls ``flush()`` if none arrives in time: a short ESC delay, or while
    /// ``isPasteOpen``, a longer paste timeout (a paste start whose end never comes — a
    /// cut paste, `cat` of a binary file — must not swallow every later key).
    public var hasPendingInput: Bool { inPaste || !buffer.isEmpty || discarding != nil }

    /// `true` between a paste's start marker (`ESC [200~`) and its end marker or the
    /// ``flush()`` that closes it: every byte in between is pasted text.
    public var isPasteOpen: Bool { inPaste }

    /// Decodes `bytes` after what was pending, returning every event completed. Bytes that
    /// may start a longer sequence stay pending (see ``hasPendingInput``).
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [InputEvent] where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        return decode(flushing: false)
    }

    /// Decodes `bytes` after what was pending, like the `Sequence` form, straight from a
    /// read buffer (no generic dispatch: the terminal backend calls this once per read).
    /// A typed key — one byte, nothing pending — is decoded without going through the buffer.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> [InputEvent] {
        if bytes.count == 1, buffer.isEmpty, !inPaste, discarding == nil, let byte = bytes.first, byte != 0x1B,
            byte < 0x80
        {
            // The same events as `decode` gives for this byte alone.
            return [
                .key(byte >= 0x20 && byte < 0x7F ? .character(Character(Unicode.Scalar(byte))) : Self.controlKey(byte))
            ]
        }
        buffer.append(contentsOf: bytes)
        return decode(flushing: false)
    }

    /// Takes whatever is pending as complete: a lone ESC is Escape, ESC and a printable
    /// character is that character with Alt (so `ESC [` alone is Alt-[), a partial UTF-8
    /// character is U+FFFD, a partial or overlong escape sequence is dropped, and an open
    /// bracketed paste ends: its text so far arrives as a `InputEvent/paste(_:)` and the
    /// bytes after it decode as keys again.
    public mutating func flush() -> [InputEvent] {
        var events: [InputEvent] = []
        if inPaste { closePaste(into: &events) }
        events += decode(flushing: true)
        discarding = nil
        return events
    }

    /// Returns the focus reports decoded since the last call (``focusReports``), oldest
    /// first, and forgets them. A report is no key: it never appears among the events
    /// `feed(_:)` returns, so a reader that never takes them loses nothing else.
    public mutating func takeFocusReports() -> [Bool] {
        defer { focusReports = [] }
        return focusReports
    }

    // MARK: Decoding

    /// What decoding a sequence at some index gave.
    enum Step {
        /// The sequence ended before this index.
        case next(Int)
        /// The sequence needs more bytes.
        case incomplete
    }

    /// Decodes the buffer from the start, leaving only an incomplete tail in it.
    private mutating func decode(flushing: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var text = String.UnicodeScalarView()
        var index = 0
        decoding: while index < buffer.count {
            if inPaste {
                index = collectPaste(from: index, into: &events)
                if inPaste { break decoding }
                continue
            }
            let byte = buffer[index]
            if let parametersAllowed = discarding {
                if parametersAllowed, (0x30...0x3F).contains(byte) { index += 1; continue }
                if (0x20...0x2F).contains(byte) { discarding = false; index += 1; continue }
                discarding = nil
                if (0x40...0x7E).contains(byte) { index += 1 }
                continue
            }
            switch byte {
            case 0x20..<0x7F:
                text.append(Unicode.Scalar(byte))
                index += 1
            case 0x80...:
                switch scalar(at: index) {
                case .scalar(let scalar, let length):
                    if scalar.value >= 0xA0 { text.append(scalar) }
                    index += length
                case .invalid(let length):
                    text.append(Self.replacement)
                    index += length
                case .incomplete:
                    if !flushing { break decoding }
                    text.append(Self.replacement)
                    index = buffer.count
                }
            case 0x1B:
                appendText(&text, to: &events)
                switch escape(at: index, flushing: flushing, into: &events) {
                case .next(let next): index = next
                case .incomplete: break decoding
                }
            default:
                appendText(&text, to: &events)
                events.append(.key(Self.controlKey(byte)))
                index += 1
            }
        }
        appendText(&text, to: &events)
        // The decoded bytes (a password's among them) are overwritten before they are let go.
        for consumed in 0..<index { buffer[consumed] = 0 }
        buffer.removeFirst(index)
        return events
    }

    /// Appends one `.character` key per grapheme of `text` and empties it.
    private func appendText(_ text: inout String.UnicodeScalarView, to events: inout [InputEvent]) {
        guard !text.isEmpty else { return }
        for character in String(text) { events.append(.key(.character(character))) }
        text = String.UnicodeScalarView()
    }

    /// The key a C0 control byte or DEL stands for.
    private static func controlKey(_ byte: UInt8) -> KeyEvent {
        switch byte {
        case 13: .enter
        case 9: .tab
        case 8, 127: .backspace
        case 0: .ctrl(" ")
        case 1...26: .ctrl(Character(Unicode.Scalar(byte + 0x60)))
        case 28: .ctrl("\\")
        case 29: .ctrl("]")
        case 30: .ctrl("^")
        case 31: .ctrl("_")
        default: .escape
        }
    }

    // MARK: Escape sequences

    /// Decodes the sequence starting with the ESC at `index`.
    private mutating func escape(at index: Int, flushing: Bool, into events: inout [InputEvent]) -> Step {
        let end = buffer.count
        guard index + 1 < end else {
            guard flushing else { return .incomplete }
            events.append(.key(.escape))
            return .next(end)
        }
        let next = buffer[index + 1]
        switch next {
        case 0x5B, 0x4F:
            if index + 2 == end {
                guard flushing else { return .incomplete }
                events.append(.key(.alt(Character(Unicode.Scalar(next)))))
                return .next(end)
            }
            return next == 0x5B
                ? controlSequence(at: index, flushing: flushing, into: &events)
                : singleShift(at: index, flushing: flushing, into: &events)
        case 0x1B:
            events.append(.key(.escape))
            return .next(index + 1)
        case 0x7F:
            events.append(.key(KeyEvent(.backspace, modifiers: .alt)))
            return .next(index + 2)
        case 0x5D:
            return operatingSystemCommand(at: index, flushing: flushing, into: &events)
        case 0x20..<0x7F:
            events.append(.key(.alt(Character(Unicode.Scalar(next)))))
            return .next(index + 2)
        case 0..<0x20:
            var key = Self.controlKey(next)
            key.modifiers.insert(.alt)
            events.append(.key(key))
            return .next(index + 2)
        default:
            switch scalar(at: index + 1) {
            case .scalar(let scalar, let length) where scalar.value >= 0xA0:
                events.append(.key(.alt(Character(scalar))))
                return .next(index + 1 + length)
            case .incomplete where !flushing:
                return .incomplete
            default:
                events.append(.key(.escape))
                return .next(index + 1)
            }
        }
    }

    /// Finds the end of the parameter and intermediate bytes of a CSI or SS3 sequence
    /// whose parameters start at `start`: the index of its final byte, or a step when the
    /// sequence is incomplete, overlong or malformed.
    private mutating func finalByte(of sequence: Int, parametersAt start: Int, flushing: Bool) -> (
        final: Int?, step: Step
    ) {
        let end = buffer.count
        var index = start
        while index < end, (0x30...0x3F).contains(buffer[index]) { index += 1 }
        while index < end, (0x20...0x2F).contains(buffer[index]) { index += 1 }
        let tooLong = index - sequence > Self.maxSequenceLength
        guard index < end else {
            if tooLong {
                discarding = !(index > start && (0x20...0x2F).contains(buffer[index - 1]))
                return (nil, .next(end))
            }
            return (nil, flushing ? .next(end) : .incomplete)
        }
        guard (0x40...0x7E).contains(buffer[index]) else { return (nil, .next(index)) }
        if tooLong { return (nil, .next(index + 1)) }
        return (index, .next(index + 1))
    }

    /// Decodes the CSI sequence (`ESC [`) at `index`.
    private mutating func controlSequence(at index: Int, flushing: Bool, into events: inout [InputEvent]) -> Step {
        let start = index + 2
        if buffer[start] == 0x4D {
            guard start + 3 < buffer.count else { return flushing ? .next(buffer.count) : .incomplete }
            let code = Int(buffer[start + 1]) - 32
            let x = Int(buffer[start + 2]) - 33, y = Int(buffer[start + 3]) - 33
            if let event = Self.mouse(code: code, x: x, y: y, released: false) { events.append(.mouse(event)) }
            return .next(start + 4)
        }
        let (found, step) = finalByte(of: index, parametersAt: start, flushing: flushing)
        guard let final = found else { return step }
        var parameters = buffer[start..<final]
        var prefix: UInt8?
        if let first = parameters.first, (0x3C...0x3F).contains(first) {
            prefix = first
            parameters = parameters.dropFirst()
        }
        if prefix == 0x3F, buffer[final] == 0x79, parameters.last == 0x24 {  // CSI ? mode ; value $ y
            let report = Self.numbers(parameters.dropLast())
            if report.count == 2, let mode = report[0], let value = report[1] { modeReports[mode] = value }
            return step
        }
        guard parameters.allSatisfy({ (0x30...0x3B).contains($0) }) else { return step }
        let values = Self.numbers(parameters)
        if let event = csiEvent(prefix: prefix, values: values, final: buffer[final]) { events.append(event) }
        return step
    }

    /// The event a complete CSI sequence stands for, or `nil` for one that is ignored.
    private mutating func csiEvent(prefix: UInt8?, values: [Int?], final: UInt8) -> InputEvent? {
        let first = values.first ?? nil
        let modifiers = Self.modifiers(values.count > 1 ? values[1] : nil)
        switch (prefix, final) {
        case (nil, 0x7E):
            if first == 200 {
                inPaste = true
                return nil
            }
            // xterm's modifyOtherKeys: CSI 27 ; modifiers ; code ~ (Shift-Enter, Ctrl-I, …).
            if first == 27, values.count == 3, let code = values[2] {
                return Self.kittyKey(code: code, modifiers: modifiers).map { .key($0) }
            }
            guard let first, let key = Self.tildeKey(first) else { return nil }
            return .key(KeyEvent(key, modifiers: modifiers))
        case (nil, 0x75):
            return first.flatMap { Self.kittyKey(code: $0, modifiers: modifiers) }.map { .key($0) }
        case (0x3F, 0x75):
            keyboardProtocolFlags = first ?? 0
            return nil
        case (nil, 0x5A):
            return .key(KeyEvent(.tab, modifiers: modifiers.union(.shift)))
        case (nil, 0x50...0x53):
            guard first == nil || first == 1 else { return nil }
            return Self.letterKey(final).map { .key(KeyEvent($0, modifiers: modifiers)) }
        case (nil, 0x49), (nil, 0x4F):  // focus in, focus out (mode 1004)
            guard values.count == 1, first == nil else { return nil }
            // Bounded for a reader that never takes them: the latest reports are what count.
            if focusReports.count == Self.maxFocusReports { focusReports.removeFirst() }
            focusReports.append(final == 0x49)
            return nil
        case (nil, _):
            return Self.letterKey(final).map { .key(KeyEvent($0, modifiers: modifiers)) }
        case (0x3C, 0x4D), (0x3C, 0x6D):
            guard values.count == 3, let code = values[0], let x = values[1], let y = values[2] else { return nil }
            return Self.mouse(code: code, x: x - 1, y: y - 1, released: final == 0x6D).map { .mouse($0) }
        default:
            return nil
        }
    }

    /// Decodes the SS3 sequence (`ESC O`) at `index`.
    private mutating func singleShift(at index: Int, flushing: Bool, into events: inout [InputEvent]) -> Step {
        let start = index + 2
        let byte = buffer[start]
        guard (0x20...0x7E).contains(byte) else {
            events.append(.key(.alt("O")))
            return .next(start)
        }
        let (found, step) = finalByte(of: index, parametersAt: start, flushing: flushing)
        guard let final = found else { return step }
        let parameters = buffer[start..<final]
        guard parameters.allSatisfy({ (0x30...0x3B).contains($0) }) else { return step }
        let modifiers = Self.modifiers(Self.numbers(parameters).last ?? nil)
        let key: Key? = buffer[final] == 0x4D ? .enter : Self.letterKey(buffer[final])
        if let key { events.append(.key(KeyEvent(key, modifiers: modifiers))) }
        return step
    }

    /// The key a final letter of a CSI or SS3 sequence names.
    private static func letterKey(_ final: UInt8) -> Key? {
        switch final {
        case 0x41: .up
        case 0x42: .down
        case 0x43: .right
        case 0x44: .left
        case 0x48: .home
        case 0x46: .end
        case 0x50...0x53: .function(Int(final) - 0x50 + 1)
        default: nil
        }
    }

    /// The key `ESC [n~` names (xterm and VT220 numbering).
    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 4, 8: .end
        case 2: .insert
        case 3: .delete
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23...26: .function(number - 12)
        case 28, 29: .function(number - 13)
        case 31...34: .function(number - 14)
        default: nil
        }
    }

    /// The `;`-separated numbers of a parameter string (sub-parameters after `:` ignored);
    /// `nil` for an empty field.
    private static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int?] {
        var values: [Int?] = []
        var current: Int?
        var inSubParameter = false
        for byte in parameters {
            switch byte {
            case 0x3B:
                values.append(current)
                current = nil
                inSubParameter = false
            case 0x3A:
                inSubParameter = true
            default:
                if !inSubParameter { current = min((current ?? 0) * 10 + Int(byte - 0x30), 1_000_000) }
            }
        }
        values.append(current)
        return values
    }

    /// The modifiers of an xterm modifier parameter (1 + Shift 1, Alt 2, Ctrl 4, Meta 8);
    /// the kitty protocol's lock bits (Caps Lock 64, Num Lock 128) are ignored.
    static func modifiers(_ parameter: Int?) -> Modifiers {
        guard let parameter, parameter >= 2 else { return [] }
        let bits = parameter - 1
        var modifiers: Modifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 10 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.ctrl) }
        return modifiers
    }

    /// A mouse event from an xterm button code and 0-based cell, or `nil` for reports
    /// Tether does not use (motion without a button, extra buttons, sideways wheel).
    private static func mouse(code: Int, x: Int, y: Int, released: Bool) -> MouseEvent? {
        guard code >= 0, code & 128 == 0 else { return nil }
        var modifiers: Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.ctrl) }
        let button: MouseButton? =
            switch code & 3 {
            case 0: .left
            case 1: .middle
            case 2: .right
            default: nil
            }
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            guard !released else { return nil }
            switch code & 3 {
            case 0: kind = .wheelUp
            case 1: kind = .wheelDown
            default: return nil
            }
        } else if released {
            kind = .release
        } else if code & 32 != 0 {
            guard let button else { return nil }
            kind = .drag(button)
        } else if let button {
            kind = .press(button)
        } else {
            kind = .release
        }
        return MouseEvent(kind, at: Point(x: max(0, x), y: max(0, y)), modifiers: modifiers)
    }

    // MARK: UTF-8

    /// What decoding one UTF-8 character gave.
    private enum ScalarStep {
        case scalar(Unicode.Scalar, length: Int)
        /// Not a character: the `length` bytes (the maximal subpart, at least one) stand
        /// for one U+FFFD, as `String(decoding:as:)` replaces them.
        case invalid(length: Int)
        case incomplete
    }

    /// What invalid UTF-8 becomes, in typed text and pastes alike.
    static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// Decodes the UTF-8 character starting at `index` (strictly: no overlong forms,
    /// surrogates or values past U+10FFFF).
    private func scalar(at index: Int) -> ScalarStep {
        let lead = buffer[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0: length = 3; low = 0xA0; value = 0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xED: length = 3; high = 0x9F; value = 0x0D
        case 0xF0: length = 4; low = 0x90; value = 0
        case 0xF1...0xF3: length = 4; value = UInt32(lead & 0x07)
        case 0xF4: length = 4; high = 0x8F; value = 4
        default: return .invalid(length: 1)
        }
        for offset in 1..<length {
            guard index + offset < buffer.count else { return .incomplete }
            let byte = buffer[index + offset]
            let range = offset == 1 ? low...high : 0x80...0xBF
            guard range.contains(byte) else { return .invalid(length: offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return .invalid(length: length) }
        return .scalar(scalar, length: length)
    }
}
