import CFuzzDriver
import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherUI

import TetherCurses
@testable import TetherTerminal

/// `ScreenWriter` for xterm-256color on a sequence of frames read from the input (sizes,
/// graphemes narrow and wide, styles, partial redraws of some rows, carets), each frame's
/// bytes replayed on the curses tests' `TerminalReplay` (linked here): no crash; every escape
/// sequence one the replay knows (well formed); a partial redraw moves to and writes only
/// its damaged rows (and the caret's row), never clears the screen; and afterwards the
/// replayed screen shows exactly the frame, whenever its graphemes are single scalars (the
/// replay puts each scalar of a multi-scalar grapheme in a cell of its own).
func fuzzScreenWriter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    MainActor.assumeIsolated { writeFrames(FuzzInput(bytes: bytes)) }
    return 0
}

/// Writes and checks the frames `input` describes.
@MainActor
func writeFrames(_ input: FuzzInput) {
    var input = input
    do {
        let colors = input.pick([0, 8, 256])
        let multiScalarAllowed = input.chance(4)
        var writer = ScreenWriter(strings: Terminfo.xterm, mapper: StyleMapper(colors: colors))
        let size = Size(width: input.int(in: 1...40), height: input.int(in: 1...12))
        var replay = TerminalReplay(size: size, fill: " ")
        var previous: Frame?
        var frames = 0
        while !input.isAtEnd && frames < 40 {
            frames += 1
            let (frame, rows) = nextFrame(after: previous, size: size, multiScalar: multiScalarAllowed, input: &input)
            let caret = input.chance(3) ? nil : Point(x: input.int(in: -1...40), y: input.int(in: -1...12))
            // The replay does not model `clear`: a redraw from nothing starts on a blank replay.
            if previous == nil { replay = TerminalReplay(size: size, fill: " ") }
            replay.forgetTouchedRows()
            let bytes = writer.update(to: frame, from: previous, caret: caret, rows: rows)
            replay.replay(bytes)
            check(
                replay, frame: frame, previous: previous, rows: rows, caret: caret, step: frames, bytes: bytes,
                exact: !multiScalarAllowed)
            previous = input.chance(8) ? nil : frame
            if previous == nil { writer.invalidate() }
        }
    }
}

/// xterm-256color from terminfo, loaded once.
@MainActor enum Terminfo {
    static let xterm: TerminalStrings = {
        guard let strings = try? TerminalStrings.terminfo("xterm-256color") else {
            fuzzFailure("terminfo has no xterm-256color entry")
        }
        return strings
    }()
}

/// The next frame: a new one (every row damaged), or `previous` with some rows changed,
/// given as the damaged rows.
func nextFrame(after previous: Frame?, size: Size, multiScalar: Bool, input: inout FuzzInput) -> (Frame, Range<Int>?) {
    guard let previous, !input.chance(6) else {
        var frame = Frame(size: size)
        for y in 0..<size.height { fill(row: y, of: &frame, multiScalar: multiScalar, input: &input) }
        return (frame, nil)
    }
    var frame = previous
    let top = input.int(in: 0...size.height - 1)
    let rows = top..<min(size.height, top + input.int(in: 1...size.height))
    for y in rows where !input.chance(4) { fill(row: y, of: &frame, multiScalar: multiScalar, input: &input) }
    return (frame, rows)
}

/// Graphemes for cells: ASCII, single-scalar letters, wide CJK, and multi-scalar ones.
let narrow = ["a", "Z", " ", "~", "é", "ß", "Ω", "\u{2500}"]
let wide = ["中", "字", "あ", "\u{1F600}"]
let multiScalarGraphemes = ["e\u{301}", "👍🏽", "🇫🇷"]

/// Fills row `y` with runs of cells read from the input, wide graphemes followed by their
/// continuation cell.
func fill(row y: Int, of frame: inout Frame, multiScalar: Bool, input: inout FuzzInput) {
    let width = frame.size.width
    var x = 0
    while x < width {
        let style = Style(
            foreground: input.chance(2) ? .default : .palette(input.byte()),
            background: input.chance(3) ? .default : .ansi(UInt8(input.int(in: 0...15))),
            attributes: Style.Attributes(rawValue: input.byte() & 0x0F))
        let run = input.int(in: 1...8)
        for _ in 0..<run where x < width {
            let kind = input.int(in: 0...9)
            if kind == 9 && x + 1 < width {
                frame[x, y] = Cell(grapheme: input.pick(wide), width: 2, style: style)
                frame[x + 1, y] = .continuation(style)
                x += 2
            } else {
                let grapheme = kind == 8 && multiScalar ? input.pick(multiScalarGraphemes) : input.pick(narrow)
                frame[x, y] = Cell(grapheme: grapheme, width: grapheme == "👍🏽" ? 2 : 1, style: style)
                if grapheme == "👍🏽" {
                    guard x + 1 < width else {
                        frame[x, y] = Cell(grapheme: "a", style: style)
                        x += 1
                        continue
                    }
                    frame[x + 1, y] = .continuation(style)
                    x += 1
                }
                x += 1
            }
        }
    }
}

/// The checks on one frame's bytes, replayed. Rows and contents are checked only when `exact`:
/// in sequences where every grapheme is one scalar. The replay writes each scalar of a multi-scalar grapheme into a
/// cell of its own (a skin tone after a wide emoji in the last column wraps to the next row).
func check(
    _ replay: TerminalReplay, frame: Frame, previous: Frame?, rows: Range<Int>?, caret: Point?, step: Int,
    bytes: [UInt8],
    exact: Bool
) {
    if !replay.unknown.isEmpty { fuzzFailure("frame \(step): sequences not understood: \(replay.unknown)") }
    if rows != nil, previous != nil, !replay.screenErases.isEmpty {
        fuzzFailure("frame \(step): a partial redraw cleared the screen")
    }
    guard exact else { return }
    if let rows, previous != nil {
        var allowed = Set(rows)
        if let caret { allowed.insert(caret.y) }
        if !replay.touchedRows.isSubset(of: allowed) {
            fuzzFailure(
                "frame \(step): touched rows \(replay.touchedRows.sorted()) outside damaged rows \(rows), caret \(String(describing: caret)), "
                    + "size \(frame.size), bytes \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }
    for y in 0..<frame.size.height where replay.line(y) != frame.line(y) {
        fuzzFailure(
            "frame \(step): row \(y) shows \(replay.line(y).debugDescription), frame \(frame.line(y).debugDescription)")
    }
}

// Last, so that the globals above are initialised first (main.swift runs top to bottom).
exit(tether_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzScreenWriter))
