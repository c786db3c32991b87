#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherProcess
public import TetherUI

/// A `TerminalBackend` for any terminal that speaks VT/xterm escape sequences, over the
/// descriptors, environment and capability profile of one session (``TerminalIO``,
/// ``TerminalStrings``): a pseudo-terminal in a test, an SSH channel, or the controlling
/// terminal (TetherCurses' `CursesBackend` is this backend on `/dev/tty` with the terminal's
/// terminfo description). Frames are drawn by ``ScreenWriter`` (shortest cursor moves, one
/// `write` per frame); input is decoded by ``InputDecoder``.
///
/// Several can run in one process at once, each on its own terminal: nothing a session
/// holds is process state. The two things that must be process-wide are shared: signal
/// dispositions (one hub fans each signal out to the sessions that want it) and the
/// crash and `exit()` restore paths (one registry; both walk every live session).
///
/// ``start(_:)`` puts the terminal in raw mode (so Ctrl-C, Ctrl-Z and Ctrl-Q arrive as key
/// events and the application decides what they do), switches to the alternate screen
/// (full screen), turns on bracketed paste and, unless disabled, mouse reporting and focus
/// reports (``Options/focusEvents``), and asks whether the terminal speaks the kitty
/// keyboard protocol (``Options/kittyKeyboard``).
/// Signals become events:
///
/// - `SIGTERM`, `SIGHUP`, `SIGINT`, `SIGQUIT` → `TerminalEvent/terminate(signal:)`, for
///   every session; the application calls ``stop()`` and exits. A hang-up of the terminal
///   (end of input) is reported as `SIGHUP` to its own session only.
/// - On the controlling terminal only (``TerminalIO/isControllingTerminal``): `SIGWINCH` →
///   `TerminalEvent/resized(_:)` (inline, once the size has held still: 300 ms by default); `SIGTSTP` → ``suspend()``, and after the process
///   continues `TerminalEvent/redrawNeeded` (or `resized`); `SIGCONT` after an outside
///   `SIGSTOP` → `TerminalEvent/redrawNeeded`. Another terminal's owner reports a new
///   size with ``terminalResized()``.
///
/// ``stop()`` restores the terminal. If the program calls `exit()` while sessions run, an
/// `atexit` hook restores each; if it dies of a fatal signal (`SIGSEGV`, `SIGBUS`,
/// `SIGILL`, `SIGTRAP`, `SIGABRT`, `SIGFPE`), a signal handler restores each (inline: the
/// final frame stays, the cursor on the line below it) and hands the signal on to the
/// previous handler (the Swift runtime's backtracer) and the default action.
@MainActor
public final class VTBackend: SuspendableBackend, PollingBackend {
    /// Where the frames go.
    public enum Presentation: Hashable, Sendable {
        /// The alternate screen, all of it; the shell's screen comes back untouched on exit.
        case fullScreen
        /// A band of rows of the normal screen, from the cursor's line down, as tall as the
        /// widget tree needs (at most the terminal); see ``inlineExit`` for what stays.
        case inline
    }

    /// The options given at creation.
    public let options: Options
    /// Full screen or inline, as given at creation.
    public let presentation: Presentation
    /// What an inline presentation leaves on the screen when it stops, read at
    /// ``stop()`` (set it before quitting, say to a one-line summary). Ignored full screen.
    public var inlineExit: InlineExit = .finalFrame {
        didSet { updateBandFarewells() }
    }
    /// The terminal's size in cells (`Size/zero` before ``start(_:)``); inline, the band's.
    public private(set) var size: Size = .zero
    /// What the terminal can show; known after ``start(_:)``.
    public private(set) var capabilities: TerminalCapabilities
    /// Polled; the whole screen, or a band when ``presentation`` is inline; Ctrl-Z suspends
    /// (not a hosted session: stopping the process would stop the server).
    public var features: BackendFeatures {
        BackendFeatures(
            events: .polled(self), screen: presentation == .inline ? .band(self) : .whole,
            suspension: outputQueue == nil ? self : nil, clipboard: self)
    }
    /// `true` between ``start(_:)`` and ``stop()``.
    public var isRunning: Bool { run != nil }

    /// The session's descriptors and environment, as given at creation.
    public let io: TerminalIO
    /// The terminal's capability profile, as given at creation.
    public let strings: TerminalStrings

    /// Frames of more bytes than this are written as synchronized updates, where the terminal
    /// has them (a typed key's 12–14 bytes are not).
    static let synchronizedThreshold = 256

    /// What the current start holds; `nil` when not running.
    private(set) var run: Run?
    /// Paints frames instead of the run's ``ScreenWriter`` when set (TetherCurses' ncurses
    /// renderer); the writer still writes the way out.
    package var painter: (any FramePainter)?
    private var suspended = false
    /// A hosted session's output (``SessionHost``), set before ``start(_:)``; `nil` otherwise.
    var outputQueue: OutputQueue?
    /// Replaces stopping the process in ``suspend()`` (tests: look at the terminal the shell
    /// would get, then go on as if continued, without stopping the test process).
    var stopProcessForTesting: (() -> Void)?

    /// A backend for the terminal `io` describes, drawing with `strings` (read from
    /// terminfo for `io`'s `TERM`, or a built-in profile such as
    /// ``TerminalStrings/xterm256Color``). Nothing happens to the terminal until
    /// ``start(_:)``.
    public init(
        io: TerminalIO, strings: TerminalStrings, options: Options = Options(), presentation: Presentation = .fullScreen
    ) {
        self.io = io
        self.strings = strings
        self.options = options
        self.presentation = presentation
        capabilities = TerminalCapabilities(colors: 0, mouse: options.mouse)
    }

    isolated deinit { stop() }

    // MARK: - Start and stop

    /// Takes over the terminal, guessing its background from `COLORFGBG` and asking the
    /// controlling terminal for it without waiting (``BackgroundQuery``): ``capabilities``
    /// reports the guess until the answer comes, then the answer, and the application is
    /// told to redraw (`TerminalEvent/redrawNeeded`). Events reach `handler` only from
    /// ``processPendingInput()``, which a run driver calls when ``pollDescriptors`` are
    /// readable or ``pollTimeout`` has passed (`Application.run()`, `runOnMainThread()`).
    ///
    /// - Throws: ``TerminalError`` when the backend already runs, or the process already
    ///   runs as many sessions as it can restore after a crash (65,536; a server limits its
    ///   sessions itself, ``SessionHost/Limits``).
    public func start(_ handler: @escaping (TerminalEvent) -> Void) throws {
        guard run == nil else { throw TerminalError(.alreadyRunning) }
        guard let slot = RestoreSlot() else { throw TerminalError(.tooManySessions(RestoreSlot.claimedCount)) }
        let terminal = TerminalDevice(io: io, strings: strings, inline: presentation == .inline, queue: outputQueue)
        try terminal.open()
        // Armed at once with what undoes open(): inline, the start waits up to a quarter of a
        // second for the terminal's cursor report before the run exists, and a crash
        // meanwhile must leave the shell's modes. armRestore(_:) below arms it again in full.
        slot.arm(
            fd: io.output, before: restoreBytes(modesOff: []), modes: terminal.shellModes, crashAfter: [], exitAfter: []
        )
        let colors = options.colors && !io.noColor ? max(0, min(strings.colors, 256)) : 0
        let modes = TerminalModes(
            mouse: options.mouse, bracketedPaste: options.bracketedPaste, modifyOtherKeys: options.kittyKeyboard,
            focusEvents: options.focusEvents)
        let trueColor = colors > 0 && (strings.trueColor || io.colorTermTrueColor)
        var writer = ScreenWriter(strings: strings, mapper: StyleMapper(colors: colors, trueColor: trueColor))
        let terminalSize = terminal.refreshSize()
        var band: InlineBand?
        // Keys typed before the answer to the inline band's cursor query: the form's first input.
        var typeAhead: [UInt8] = []
        if presentation == .inline, outputQueue != nil {
            // Hosted: the band is placed when the cursor report comes (askCursor below).
            band = InlineBand(top: terminalSize.height - 1, terminal: terminalSize, strings: strings)
        } else if presentation == .inline {
            let start = InlineBand.startRow(output: io.output, input: io.input, terminalHeight: terminalSize.height)
            band = InlineBand(top: start.row, terminal: terminalSize, strings: strings)
            typeAhead += start.typeAhead
        }
        if let band { writer.region = .band(top: band.top) }
        let escapeDelay = Duration.milliseconds(options.escapeDelayMilliseconds)
        let pump = InputPump(session: terminal, escapeDelay: escapeDelay, typeAhead: typeAhead)
        let run = Run(terminal: terminal, pump: pump, modes: modes, writer: writer, slot: slot, handler: handler)
        run.band = band
        run.asksBackground = BackgroundQuery.shouldAsk(io: io)
        self.run = run
        outputQueue?.onDrained = { [weak self, weak run] in if let run, self?.run === run { run.handler(.redrawNeeded) }
        }
        capabilities = TerminalCapabilities(
            colors: colors, mouse: options.mouse, background: BackgroundQuery.guess(io: io))
        size = band?.size ?? terminalSize
        if strings.synchronizedOutput { run.modes.synchronizedOutput = true }
        // Armed before the modes are set: a crash right after setting them must undo them
        // (undoing a mode not yet set is harmless).
        armRestore(run)
        terminal.write(
            modes.on + (options.kittyKeyboard ? TerminalModes.keyboardQuery : [])
                + (strings.synchronizedOutput ? [] : TerminalModes.synchronizedOutputQuery)
                + (run.asksBackground ? BackgroundQuery.question : []))
        if run.band != nil, outputQueue != nil { askCursor(run, for: nil) }
    }

    /// The terminal answered the kitty keyboard protocol query: pushes the "disambiguate
    /// escape codes" level and re-arms the exit hook and crash handler to pop it.
    private func enableKeyboardProtocol(_ run: Run) {
        guard options.kittyKeyboard, !run.modes.keyboardProtocol else { return }
        run.modes.keyboardProtocol = true
        // Re-armed before the push: a crash just after it must pop the level (a pop with
        // nothing pushed changes nothing).
        armRestore(run)
        run.terminal.write(TerminalModes.keyboardPush)
    }

    /// Restores the terminal: mouse and paste modes off, cursor shown, main screen and
    /// the terminal modes from before ``start(_:)``, signal dispositions put back.
    /// Idempotent; safe to call before `start`.
    public func stop() {
        guard let run else { return }
        settleBeforeLeaving(run)
        self.run = nil
        painter = nil
        run.slot.release()
        run.terminal.close(farewell: farewell(run), after: run.band?.farewell(inlineExit) ?? [])
    }

    /// Gives the terminal back to the shell and stops the process (job control), as the
    /// default action of `SIGTSTP` would; when the process continues, takes the terminal
    /// again and emits `TerminalEvent/redrawNeeded` (or `resized`).
    ///
    /// In raw mode Ctrl-Z arrives as a key (`Ctrl-Z`); an application that wants the
    /// usual behaviour calls this. `kill -TSTP` does the same by itself.
    public func suspend() {
        guard let run, !suspended else { return }
        settleBeforeLeaving(run)
        suspended = true
        run.slot.pause()
        run.terminal.leave(farewell: farewell(run), after: run.band?.farewell(.finalFrame) ?? [])
        if let stopProcessForTesting { stopProcessForTesting() } else { run.terminal.stopProcess() }

        // Continued (or the stop was discarded in an orphaned process group). The SIGCONT
        // that continued it is this resume, not an outside stop's.
        suspended = false
        run.terminal.signals?.discard(SIGCONT)
        run.slot.resume()
        run.terminal.enter()
        run.terminal.write(run.modes.on + (run.asksBackground ? BackgroundQuery.question : []))
        // The shell wrote below the band while the program was stopped: it comes back
        // below what the shell wrote, where the cursor is now.
        if let band = run.band { relocate(band, in: run, after: .resumed) }
        invalidate(run)
    }

    /// What to write before giving the terminal back: the modes off, plain attributes,
    /// the cursor shown at the start of the bottom row.
    private func farewell(_ run: Run) -> [UInt8] {
        run.modes.off + run.writer.leave(height: size.height)
    }

    // MARK: - Drawing

    /// Writes the cells of `frame` that differ from the previously presented frame,
    /// then shows the cursor at `cursor` or hides it — one `write` per frame, composed by
    /// ``ScreenWriter`` from the terminal's terminfo strings.
    public func present(_ frame: Frame, cursor: Point?) {
        present(frame, cursor: cursor, changedRows: nil)
    }

    /// Like ``present(_:cursor:)``, comparing only `changedRows` with the frame presented
    /// before (the application's partial redraws); `nil` compares every row. Inline, nothing is
    /// drawn while the size changes: `TerminalEvent/resized(_:)` comes once it holds still.
    public func present(_ frame: Frame, cursor: Point?, changedRows: Range<Int>?) {
        guard let run, !suspended, !run.holdsFrames else { return }
        let bytes: [UInt8]
        if let painter {
            bytes = painter.paint(frame, caret: cursor, region: run.writer.region, terminal: terminalSize)
            run.writer.cursor = painter.cursor
        } else {
            bytes = run.writer.update(to: frame, from: run.previous, caret: cursor, rows: changedRows)
        }
        // A large update (a new screen, a scroll, a popup) as one synchronized update, so the
        // terminal never shows half of it; a typed key's few bytes go in one write anyway.
        if run.modes.synchronizedOutput, bytes.count > Self.synchronizedThreshold {
            run.terminal.write(TerminalModes.synchronizedBegin + bytes + TerminalModes.synchronizedEnd)
        } else {
            run.terminal.write(bytes)
        }
        run.previous = frame
    }

    /// The terminal's size changed: lays out and redraws at the new size. For a terminal
    /// that is not the controlling one (an SSH client's window-change request, a test's
    /// pseudo-terminal), whose owner knows; the controlling terminal's `SIGWINCH` does this
    /// by itself.
    public func terminalResized() {
        guard let run, !suspended else { return }
        resized(run)
    }

    /// Forgets what the terminal shows: the next frame clears the screen (inline: the band's
    /// rows) and draws every cell (Ctrl-L, after another program wrote over it).
    public func forgetScreen() {
        guard let run else { return }
        run.previous = nil
        run.writer.invalidate()
        painter?.invalidate()
    }

    // MARK: - Polling

    /// The terminal (until it hangs up) and the signal pipe, while the backend runs.
    public var pollDescriptors: [Int32] {
        run?.pump.descriptors ?? []
    }

    /// The time left before a pending lone Escape counts as the Escape key, or before an
    /// inline band redraws after the terminal's size stopped changing; `nil` when neither.
    public var pollTimeout: Duration? {
        guard let run else { return nil }
        guard let settle = settleTimeout(run) else { return run.pump.timeout }
        return run.pump.timeout.map { min($0, settle) } ?? settle
    }

    /// Handles signals that arrived, reads and delivers the input that is ready, and
    /// flushes a lone Escape whose escape delay has passed. Never blocks.
    public func processPendingInput() {
        guard let run else { return }
        run.pump.pump { arrival in
            switch arrival {
            case .input(let event):
                if let local = run.band.map({ $0.local(event) }) ?? event { run.handler(.input(local)) }
            case .resize:
                resized(run)
            case .suspend:
                suspend()
            case .resume:
                run.terminal.restoreProgramModes()
                run.terminal.write(run.modes.reassert + (run.asksBackground ? BackgroundQuery.question : []))
                // Stopped from outside, the shell printed below the band meanwhile.
                if let band = run.band { relocate(band, in: run, after: .resumed) }
                invalidate(run)
            case .focus(let focused):
                run.handler(.focusChanged(focused))
            case .keyboardProtocol:
                enableKeyboardProtocol(run)
            case .synchronizedOutput:
                run.modes.synchronizedOutput = true
                armRestore(run)
            case .background(let background):
                guard background != capabilities.background else { break }
                capabilities.background = background
                run.handler(.backgroundChanged)
            case .terminate(let signal):
                // Nothing after a request to end is handled: a SIGTSTP or a key that came
                // with it must not stop or change a program that is leaving.
                run.handler(.terminate(signal: signal))
                return false
            }
            return self.run === run
        }
        if self.run === run, run.cursorQuery != nil { answerCursorQuery(run) }
        if self.run === run, settled(run) { invalidate(run) }
    }

    /// Forgets what is on the screen and tells the application: `resized` when the
    /// terminal's size changed, `redrawNeeded` otherwise.
    func invalidate(_ run: Run) {
        run.settleDeadline = nil
        let newSize = run.terminal.refreshSize()
        let cursor = run.writer.cursor
        run.previous = nil
        run.writer.invalidate()
        painter?.invalidate()
        if let band = run.band {
            // Inline: always lay out again, which fits the band (``fitBand(height:)``). A
            // new size moved the band's lines (the terminal scrolled or reflowed them).
            if newSize != band.terminal { relocate(band, in: run, after: .resized(cursor: cursor)) }
            updateBandFarewells()
            run.writer.region = .band(top: band.top)
            size = band.size
            run.handler(.resized(size))
            return
        }
        let changed = newSize != size
        size = newSize
        run.handler(changed ? .resized(newSize) : .redrawNeeded)
    }
}

extension VTBackend: BandBackend {
    /// The whole terminal's size (``size`` is the band's when inline).
    public var terminalSize: Size { run?.band?.terminal ?? size }

    /// Inline: gives the band `height` rows, scrolling the terminal to make room below the
    /// cursor or clearing rows given up, and redraws it whole. Full screen: nothing.
    public func fitBand(height: Int) {
        guard let run, let band = run.band, !suspended, !run.holdsFrames else { return }
        let before = (band.top, band.height)
        run.terminal.write(band.fit(height: height))
        guard (band.top, band.height) != before else { return }
        updateBandFarewells()
        run.writer.region = .band(top: band.top)
        run.writer.invalidate()
        painter?.invalidate()
        run.previous = nil
        size = band.size
    }
}
