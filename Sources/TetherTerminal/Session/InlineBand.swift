#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherUI

/// What an inline form leaves on the normal screen when it ends (Ctrl-C, a signal and an
/// error included). The cursor then sits at the start of the line below what was left
/// (or on the band's first row, when nothing is), where the shell prompt or the
/// program's own output continues.
public enum InlineExit: Hashable, Sendable {
    /// The last frame stays, as it was drawn.
    case finalFrame
    /// The band is replaced by one line (`✔ Signed in as demo`).
    case summary(String)
    /// The band is cleared.
    case nothing
}

/// The band of rows an inline presentation owns on the normal screen: where it starts,
/// how tall it is, and the bytes that move it, make room for it and give it back.
///
/// The band starts on the cursor's row (the row below, when the cursor is not at the
/// start of its line), found with a cursor-position query (`ESC [ 6 n`); when the terminal
/// does not answer within ``queryTimeout`` the band starts on the bottom row, which is
/// always safe: room is made by scrolling. Only line feeds on the bottom row scroll, so
/// the lines above the band move into the scrollback intact.
@MainActor
final class InlineBand {
    /// How long to wait for the answer to the cursor-position query.
    static let queryTimeout: Duration = .milliseconds(250)

    /// The band's first terminal row (0-based).
    private(set) var top: Int
    /// The band's rows (0 before the first fit).
    private(set) var height = 0
    /// The terminal's size.
    private(set) var terminal: Size
    private let clearLine: [UInt8]
    private let cursorAddress: String

    init(top: Int, terminal: Size, strings: TerminalStrings) {
        self.terminal = terminal
        self.top = min(max(0, top), max(0, terminal.height - 1))
        clearLine = TerminalStrings.plain(strings.clearToEndOfLine)
        cursorAddress = strings.cursorAddress
    }

    /// The band's size, as the backend reports it.
    var size: Size { Size(width: terminal.width, height: height) }

    private func move(row: Int) -> [UInt8] { TerminalStrings.expand(cursorAddress, row, 0) }

    /// Gives the band `wanted` rows (at least 1, at most the terminal's height); returns
    /// the bytes that make room (line feeds on the bottom row) or clear rows given up.
    func fit(height wanted: Int) -> [UInt8] {
        let rows = min(max(1, wanted), max(1, terminal.height))
        var out: [UInt8] = []
        let overflow = top + rows - terminal.height
        if overflow > 0 {
            out += move(row: terminal.height - 1) + Array(repeating: UInt8(ascii: "\n"), count: overflow)
            top -= overflow
        }
        for row in (top + rows)..<max(top + rows, top + height) where row < terminal.height {
            out += move(row: row) + clearLine
        }
        height = rows
        return out
    }

    /// The terminal changed size: the band keeps its top row when it still fits and
    /// moves up when it does not; the rows from its top down are cleared (a narrower
    /// terminal may have rewrapped the old frame's lines), so the next frame is drawn
    /// into blank rows and never duplicated.
    func resize(to size: Size) -> [UInt8] {
        terminal = size
        top = max(0, min(top, size.height - max(1, height)))
        height = min(height, size.height)
        var out: [UInt8] = []
        for row in top..<size.height { out += move(row: row) + clearLine }
        return out
    }

    /// The band was found at terminal row `row` of a terminal of `size` (asked after a
    /// resize or a resume, since the terminal moves lines it reflows or scrolls): the band
    /// starts there, and the rows from there down, which hold nothing but the old frame
    /// (perhaps rewrapped), are cleared. Rows above it are the user's and are never touched.
    func relocate(to row: Int, terminal size: Size) -> [UInt8] {
        terminal = size
        top = min(max(0, row), max(0, size.height - 1))
        // No rows yet: the next layout fits the band (scrolling to make room) before
        // anything is drawn, so no partial frame is scrolled up into the scrollback.
        height = 0
        var out: [UInt8] = []
        for row in top..<size.height { out += move(row: row) + clearLine }
        return out
    }

    /// The terminal moved the band's rows, unchanged, to start at terminal row `row` (it
    /// scrolled them, or rewrapped them and back): the band keeps its height and its frame.
    func move(to row: Int) {
        top = min(max(0, row), max(0, terminal.height - max(1, height)))
    }

    /// The bytes that end the presentation as `exit` says, leaving the cursor at the start
    /// of the line below what stays (or on the band's first row when nothing stays).
    func farewell(_ exit: InlineExit) -> [UInt8] {
        switch exit {
        case .finalFrame:
            return move(row: top + max(1, height) - 1) + Array("\r\n".utf8)
        case .summary(let line):
            return clearRows() + move(row: top) + Array(line.utf8) + Array("\r\n".utf8)
        case .nothing:
            return clearRows() + move(row: top)
        }
    }

    private func clearRows() -> [UInt8] {
        var out: [UInt8] = []
        for row in top..<min(terminal.height, top + max(1, height)) { out += move(row: row) + clearLine }
        return out
    }

    /// `event` in band coordinates: a mouse event's row is the terminal's, so it moves up
    /// by the band's top; one outside the band is dropped (`nil`). Other events as they are.
    func local(_ event: InputEvent) -> InputEvent? {
        guard case .mouse(var mouse) = event else { return event }
        mouse.position.y -= top
        guard mouse.position.y >= 0, mouse.position.y < height else { return nil }
        return .mouse(mouse)
    }

    // MARK: - Finding the cursor

    /// The row where a band should start: the cursor's row, or the next one when the
    /// cursor is not in the first column; the bottom row when the terminal does not
    /// answer the query within ``queryTimeout``. Also what the user typed before the
    /// answer came (type-ahead), which is input for the form, not to be thrown away.
    static func startRow(output: Int32, input: Int32, terminalHeight: Int) -> (row: Int, typeAhead: [UInt8]) {
        let (position, typeAhead) = queryCursor(output: output, input: input)
        guard let (row, column) = position else { return (terminalHeight - 1, typeAhead) }
        return (column > 0 ? row + 1 : row, typeAhead)
    }

    /// Asks the terminal where the cursor is (`ESC [ 6 n` → `ESC [ row ; column R`, 1-based);
    /// 0-based row and column, or `nil` without an answer in time; and every byte read
    /// besides the answer (keys typed before it), in order.
    static func queryCursor(output: Int32, input: Int32) -> (position: (row: Int, column: Int)?, typeAhead: [UInt8]) {
        _ = writeAll(output, Array("\u{1B}[6n".utf8))
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + queryTimeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(
                max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, milliseconds) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 { received += buffer[0..<count] }
            // The terminal hung up: no answer will come (and poll would not wait again).
            if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { break }
            if let (position, range) = cursorReport(in: received) {
                received.removeSubrange(range)
                return (position, received)
            }
        }
        return (nil, received)
    }

    /// The last `ESC [ row ; column R` in `bytes`, 0-based.
    static func parseCursorReport(_ bytes: [UInt8]) -> (row: Int, column: Int)? {
        cursorReport(in: bytes)?.position
    }

    /// The last `ESC [ row ; column R` in `bytes`: its 0-based position and where it lies.
    static func cursorReport(in bytes: [UInt8]) -> (position: (row: Int, column: Int), range: Range<Int>)? {
        guard let end = bytes.lastIndex(of: UInt8(ascii: "R")),
            let start = bytes[..<end].lastIndex(of: 0x1B), start + 1 < end, bytes[start + 1] == UInt8(ascii: "[")
        else { return nil }
        let fields = String(decoding: bytes[(start + 2)..<end], as: UTF8.self).split(separator: ";")
        guard fields.count == 2, let row = Int(fields[0]), let column = Int(fields[1]), row > 0, column > 0 else {
            return nil
        }
        return ((row - 1, column - 1), start..<(end + 1))
    }
}
