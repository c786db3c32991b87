import TetherUI

/// A hosted session's cursor query (``SessionHost``): asked without waiting, answered when
/// the report arrives with the session's other input, so no client can hold the host up.
/// The program's own terminal still asks and waits up to a quarter of a second
/// (``InlineBand/queryCursor(output:input:)``): nothing else waits on it then.
extension VTBackend {
    /// A question "where is the cursor?" sent to a hosted client, and what its answer is for.
    struct CursorQuery {
        /// What moved the band (`nil`: the start, which places it).
        let change: BandChange?
        /// When the band is placed without an answer.
        let deadline: ContinuousClock.Instant
    }

    /// How long a hosted session waits for the cursor report before it places the band
    /// without one: longer than the program's own terminal's quarter of a second, since a
    /// client may be a network away and nothing else waits meanwhile.
    static let hostedQueryTimeout: Duration = .seconds(2)

    /// Sends the cursor query and keeps what is read until the answer (or
    /// ``hostedQueryTimeout``) for ``answerCursorQuery(_:)``; frames wait meanwhile.
    func askCursor(_ run: Run, for change: BandChange?) {
        guard run.cursorQuery == nil else { return }
        run.terminal.write(Array("\u{1B}[6n".utf8))
        run.pump.capturing = true
        run.cursorQuery = CursorQuery(change: change, deadline: .now + Self.hostedQueryTimeout)
    }

    /// Places the band once the report arrived or the wait ended, hands back what was typed
    /// meanwhile, and tells the application to draw (`TerminalEvent/resized(_:)`).
    func answerCursorQuery(_ run: Run) {
        guard let query = run.cursorQuery, let band = run.band else { return }
        let report = InlineBand.cursorReport(in: run.pump.captured)
        guard report != nil || query.deadline <= .now else { return }
        run.cursorQuery = nil
        run.pump.capturing = false
        var typeAhead = run.pump.captured
        run.pump.captured = []
        if let report { typeAhead.removeSubrange(report.range) }
        run.pump.receive(typeAhead: typeAhead)
        let size = run.terminal.refreshSize()
        let position = report?.position
        switch query.change {
        case .resized(let cursor?):
            if let position {
                run.terminal.write(band.relocate(to: position.row - cursor.y, terminal: size))
            } else if size != band.terminal {
                run.terminal.write(band.resize(to: size))
            }
        default:
            // The start (a resume does not happen to a hosted session): on the cursor's line,
            // or the next when it holds text; the bottom row without an answer.
            band.move(to: position.map { $0.column > 0 ? $0.row + 1 : $0.row } ?? size.height - 1)
        }
        invalidate(run)
    }
}
