import TetherProcess
import TetherUI

/// Everything one start of the backend holds, until ``VTBackend/stop()``.
@MainActor
final class Run {
    let terminal: TerminalDevice
    let pump: InputPump
    var modes: TerminalModes
    var writer: ScreenWriter
    /// The session's place in the crash and exit restore registry.
    let slot: RestoreSlot
    /// The band of an inline presentation; `nil` full screen.
    var band: InlineBand?
    let handler: (TerminalEvent) -> Void
    /// The frame on the screen; `nil` when unknown (after a resize or a resume).
    var previous: Frame?
    /// Inline, while the terminal's size is changing: when the band is found and drawn
    /// again, unless another resize comes first (`VTBackend.Options.resizeSettleMilliseconds`); `nil` otherwise.
    var settleDeadline: ContinuousClock.Instant?
    /// Whether the terminal is asked for its background (at start and after a resume).
    var asksBackground = false

    /// Whether frames are held back: inline while the size settles, or while a hosted
    /// session's output is congested (the newest frame goes out once it drains).
    var holdsFrames: Bool { settleDeadline != nil || cursorQuery != nil || terminal.queue?.isCongested == true }
    /// A hosted inline session's cursor query waiting for its answer (``VTBackend/askCursor(_:for:)``).
    var cursorQuery: VTBackend.CursorQuery?

    init(
        terminal: TerminalDevice, pump: InputPump, modes: TerminalModes, writer: ScreenWriter, slot: RestoreSlot,
        handler: @escaping (TerminalEvent) -> Void
    ) {
        self.terminal = terminal
        self.pump = pump
        self.modes = modes
        self.writer = writer
        self.slot = slot
        self.handler = handler
    }
}
