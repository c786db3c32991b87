import TetherUI

extension VTBackend {
    /// Inline: finds where the band is after the terminal moved its lines, by asking the
    /// terminal where its cursor is (a cursor position report), and starts it there.
    ///
    /// - After a resume: the cursor is below what the shell printed
    ///   while the program was stopped (`[1]+ Stopped`, `$ fg`), and the band starts on its
    ///   line (the next one when the line holds text), so nothing the shell printed is drawn
    ///   over, and the frame from before the stop stays above in the scrollback.
    /// - After a resize: the cursor was at `cursor` of the band when the terminal
    ///   changed size, and the terminal moved it with the lines (a shorter window scrolls
    ///   them up, a taller one brings history back down): the band's top is that many rows
    ///   above where the cursor is now. Rows above it are the user's and are left alone.
    ///
    /// Keys typed while the report was awaited are kept. When the terminal does not answer
    /// (or the cursor was unknown), the band keeps its row, moved up as far as it must.
    func relocate(_ band: InlineBand, in run: Run, after change: BandChange) {
        let size = run.terminal.refreshSize()
        var position: (row: Int, column: Int)?
        let known: Bool
        if case .resized(cursor: nil) = change { known = false } else { known = run.terminal.readFD >= 0 }
        if known {
            let report = InlineBand.queryCursor(output: io.output, input: run.terminal.readFD)
            run.pump.receive(typeAhead: report.typeAhead)
            position = report.position
        }
        guard let position else {
            if size != band.terminal { run.terminal.write(band.resize(to: size)) }
            return
        }
        let row =
            switch change {
            case .resumed: position.column > 0 ? position.row + 1 : position.row
            case .resized(let cursor): position.row - (cursor?.y ?? 0)
            }
        run.terminal.write(band.relocate(to: row, terminal: size))
    }

    /// What moved an inline band's lines.
    enum BandChange {
        /// The program was stopped and continued.
        case resumed
        /// The terminal changed size while the cursor was at `cursor` of the band (`nil`:
        /// unknown).
        case resized(cursor: Point?)
    }
}
