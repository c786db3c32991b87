import CFuzzDriver
import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherTesting
@testable import TetherUI

/// A `TextArea` filling a headless terminal (8–40 columns (its minimum width is 8), 1–8 rows), driven through the
/// `Pilot` by a script read from the input — typing (CJK, emoji, combining marks), Enter,
/// Ctrl-J, Alt-Enter, pastes with CRLF and CR, long pastes (up to 1,500 graphemes, with or
/// without spaces, to cross the remembered row starts), ←/→, ↑/↓, PgUp/PgDn, Home/End,
/// Ctrl-Home/End, Backspace, Delete, Ctrl-W/U/K, undo, redo, the wheel, clicks, resizes — and
/// checked after every step against `AreaModel` and `ReferenceWrap` (the whole text wrapped
/// at once):
/// - the same text and caret (after an undo or redo the model takes the area's);
/// - the reference rows never wider than the width unless one grapheme, never holding a line
///   break, and concatenating back to the text; the area's own rows from the top equal them,
///   and so do the rows it keeps from the top to size itself (up to `maxRows + 1`);
/// - the screen shows the reference rows from the area's first row (a reference row start),
///   with `▲`/`▼` exactly when rows are above/below, and the cursor at the caret whenever the
///   area follows it (after anything but the wheel).
func fuzzTextArea(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput(data, size)
    return MainActor.assumeIsolated {
        var input = bytes
        var screen = Size(width: input.int(in: 8...40), height: input.int(in: 1...8))
        let area = TextArea(minRows: 1, maxRows: 8)
        let pilot = try! Pilot(root: area, size: screen)
        var model = AreaModel()
        var steps: [String] = []
        var follows = true
        while !input.isAtEnd && steps.count < 300 {
            let step = AreaStep.read(from: &input)
            steps.append(step.description)
            let wrap = ReferenceWrap(model.graphemes, width: screen.width - 1)
            follows = step.perform(on: pilot, area: area, model: &model, wrap: wrap, screen: &screen) ?? follows
            if case .undo = step { model.adopt(text: area.text, caret: area.caret) }
            if case .redo = step { model.adopt(text: area.text, caret: area.caret) }
            if let problem = check(area, pilot, model, screen: screen, follows: follows) {
                fuzzFailure("after \(steps): \(problem); area \(area), model \(model)")
            }
        }
        return 0
    }
}

/// What is wrong after a step, if anything.
@MainActor
func check(_ area: TextArea, _ pilot: Pilot, _ model: AreaModel, screen: Size, follows: Bool) -> String? {
    guard area.text == model.text, area.caret == model.caret else { return "text or caret differ" }
    let g = model.graphemes
    let wrap = ReferenceWrap(g, width: screen.width - 1)
    var rebuilt: [Character] = []
    for (k, row) in wrap.rows.enumerated() {
        let columns = g[row].reduce(0) { $0 + $1.terminalWidth }
        if columns > wrap.width && row.count > 1 { return "reference row \(k) is \(columns) columns wide" }
        if g[row].contains("\n") { return "reference row \(k) holds a line break" }
        if k > 0 { rebuilt += wrap.rows[k - 1].upperBound == row.lowerBound ? [] : ["\n"] }
        rebuilt += g[row]
    }
    if rebuilt != g { return "the reference rows do not concatenate back to the text" }
    let lines = pilot.lines
    let cursor = pilot.cursor
    var rowStarts = area.rowStarts
    let own = rowStarts.rows(from: 0, count: Int.max, in: area.wrap)
    if own != wrap.rows { return "the area's rows \(own) differ from the reference \(wrap.rows)" }
    // The rows the area sizes itself by, kept from the top between keys and laid out again
    // only from an edit on (the area fills the screen here, so nothing else shows them).
    let sized = area.contentRows()
    let fromTop = Array(wrap.rows.prefix(area.maxRows + 1))
    if sized != fromTop.count || area.topRows?.rows != fromTop {
        return "the rows kept from the top \(String(describing: area.topRows?.rows)) differ from \(fromTop)"
    }
    guard let top = wrap.rows.firstIndex(where: { $0.lowerBound == area.scrollTop }) else {
        return "the first row shown starts at \(area.scrollTop), no row start"
    }
    for y in 0..<screen.height {
        let shown = top + y < wrap.rows.count && !g.isEmpty ? wrap.shown(wrap.rows[top + y]) : (text: "", columns: 0)
        var expected = shown.text
        let above = y == 0 && top > 0
        let below = y == screen.height - 1 && top + screen.height < wrap.rows.count
        if above || below {
            let pad = screen.width - 1 - shown.columns
            expected += String(repeating: " ", count: max(0, pad)) + (below ? "▼" : "▲")  // one row: ▼ is drawn last
        }
        while expected.last == " " { expected.removeLast() }
        if lines[y] != expected {
            return "screen row \(y) is \(lines[y].debugDescription), not \(expected.debugDescription)"
        }
    }
    guard follows else { return nil }
    let caretRow = wrap.row(containing: model.caret)
    guard caretRow >= top && caretRow < top + screen.height else { return "the caret's row \(caretRow) is not shown" }
    let x = min(wrap.column(of: model.caret, in: wrap.rows[caretRow]), screen.width - 1)
    if cursor != Point(x: x, y: caretRow - top) { return "the cursor is at \(String(describing: cursor))" }
    return nil
}

// Last, so that the globals are initialised first (main.swift runs top to bottom).
exit(tether_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzTextArea))
