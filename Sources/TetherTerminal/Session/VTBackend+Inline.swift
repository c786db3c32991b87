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
        if run.terminal.queue != nil, case .resized(cursor: _?) = change {
            return askCursor(run, for: change)  // hosted: the answer comes later, nothing waits
        }
        guard let row = bandRow(in: run, after: change) else {
            if size != band.terminal { run.terminal.write(band.resize(to: size)) }
            return
        }
        run.terminal.write(band.relocate(to: row, terminal: size))
    }

    /// The terminal row where the band starts now, asked of the terminal (keys typed
    /// meanwhile are kept); `nil` when it does not answer or the cursor was unknown.
    private func bandRow(in run: Run, after change: BandChange) -> Int? {
        if case .resized(cursor: nil) = change { return nil }
        guard run.terminal.readFD >= 0 else { return nil }
        let report = InlineBand.queryCursor(output: io.output, input: run.terminal.readFD)
        run.pump.receive(typeAhead: report.typeAhead)
        guard let position = report.position else { return nil }
        return switch change {
        case .resumed: position.column > 0 ? position.row + 1 : position.row
        case .resized(let cursor): position.row - (cursor?.y ?? 0)
        }
    }

    /// How long an inline band waits after the terminal's last size change before it is
    /// found and drawn again (``Options/resizeSettleMilliseconds``, 300 ms by default).
    ///
    /// A terminal that gets narrower rewraps the band's rows and pushes those that no longer
    /// fit into its scrollback before the program hears of it; every frame drawn during a
    /// storm of resizes (a window dragged by its corner) would be rewrapped and pushed up in
    /// turn. Waiting for the size to hold still leaves at most the one frame from before the
    /// storm in the scrollback, and asks the terminal where the cursor is once, not at every
    /// step. Full screen redraws at once: the alternate screen has no scrollback.
    var resizeSettle: Duration { .milliseconds(max(0, options.resizeSettleMilliseconds)) }

    /// The terminal's size changed: full screen, lays out and redraws at once; inline, waits
    /// until the size has held still for ``resizeSettle`` (drawing nothing meanwhile).
    func resized(_ run: Run) {
        guard run.band != nil else { return invalidate(run) }
        run.settleDeadline = .now + resizeSettle
    }

    /// The time left before a settling band is drawn again, or `nil`.
    func settleTimeout(_ run: Run) -> Duration? {
        var due = run.settleDeadline
        if let query = run.cursorQuery?.deadline, query < due ?? query + .seconds(1) { due = query }
        return due.map { max(.zero, $0 - .now) }
    }

    /// Whether a band waiting for the size to hold still has waited long enough.
    func settled(_ run: Run) -> Bool {
        run.settleDeadline.map { $0 <= .now } ?? false
    }

    /// Leaving (a stop or a suspension) while the size was settling: the band is found
    /// where the terminal moved it, so what is left and the shell's next line start in the
    /// right place. Back at the size it was drawn for, the terminal has unwrapped the last
    /// frame again and it stays; at another size its rewrapped rows are cleared.
    func settleBeforeLeaving(_ run: Run) {
        guard run.settleDeadline != nil, let band = run.band else { return }
        run.settleDeadline = nil
        guard run.terminal.queue == nil else { return }  // hosted: no waiting for the cursor
        let cursor = run.writer.cursor
        guard run.terminal.refreshSize() == band.terminal else {
            return relocate(band, in: run, after: .resized(cursor: cursor))
        }
        if let row = bandRow(in: run, after: .resized(cursor: cursor)) { band.move(to: row) }
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
