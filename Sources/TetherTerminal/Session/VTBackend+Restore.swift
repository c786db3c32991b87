import TetherProcess
import TetherUI

/// What the crash handler and the `exit()` hook write to this session's terminal
/// (``RestoreSlot``), kept up to date as the modes and the band change.
extension VTBackend {
    /// Arms the exit hook and the crash handler with the bytes that undo `run`'s modes
    /// as they are now (again when the keyboard protocol comes on).
    func armRestore(_ run: Run) {
        run.slot.arm(
            fd: io.output, before: restoreBytes(modesOff: run.modes.off), modes: run.terminal.shellModes,
            crashAfter: run.band?.farewell(.finalFrame) ?? [], exitAfter: run.band?.farewell(inlineExit) ?? [])
    }

    /// What every way out writes before the shell's modes go back: `modesOff`, attributes
    /// reset, the cursor shown, and the alternate screen left. Inline there is no alternate
    /// screen to leave (`rmcup` would put back a cursor saved who knows when, on xterm); a
    /// crash leaves the final frame as drawn, with the cursor below it for the backtrace.
    func restoreBytes(modesOff: [UInt8]) -> [UInt8] {
        let leaveScreen = presentation == .inline ? [] : TerminalStrings.plain(strings.exitAlternateScreen)
        return modesOff + TerminalStrings.plain(strings.resetAttributes) + TerminalStrings.plain(strings.showCursor)
            + leaveScreen
    }

    /// Tells the `exit()` hook and the crash handler what an inline band leaves, after the
    /// band moved or ``inlineExit`` changed: the `exit()` hook as ``inlineExit`` says, a crash
    /// always the final frame (not a summary of a run that did not finish).
    func updateBandFarewells() {
        guard let run, let band = run.band else { return }
        run.slot.update(crashAfter: band.farewell(.finalFrame), exitAfter: band.farewell(inlineExit))
    }
}
