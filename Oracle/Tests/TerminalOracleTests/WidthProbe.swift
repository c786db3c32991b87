import TetherUI

/// How libvterm draws one grapheme on its own: the columns the cursor advances and the text
/// of the first cell. Where that is not what the width table says, the grapheme is *disputed*
/// (docs/decisions/0089-the-emulator-oracle-and-the-width-table.md).
@MainActor
final class WidthProbe {
    struct Reading: Equatable {
        var advance: Int
        var text: String
    }

    private let emulator = Emulator(rows: 1, columns: 16)
    private var readings: [String: Reading] = [:]

    /// libvterm's reading of `grapheme`, measured once.
    func reading(_ grapheme: String) -> Reading {
        if let known = readings[grapheme] { return known }
        emulator.feed("\u{1B}[H\u{1B}[2K" + grapheme)
        let reading = Reading(advance: emulator.cursor.x, text: emulator.cell(x: 0, y: 0).text)
        readings[grapheme] = reading
        return reading
    }

    /// Whether libvterm draws `cell` other than the width table measures it.
    func isDisputed(_ cell: Cell) -> Bool {
        if cell.isContinuation || cell.printableASCII != nil { return false }
        let reading = reading(cell.grapheme)
        return reading.advance != Int(cell.width) || reading.text != Oracle.shown(cell.grapheme)
    }

    /// Whether libvterm draws `grapheme` wider than the width table: a terminal with its
    /// tables wraps it at the last column, which no writer can prevent. The random frames
    /// leave these out; each has its own test.
    func isWiderInEmulator(_ grapheme: String) -> Bool {
        reading(grapheme).advance > Character(grapheme).terminalWidth
    }
}
