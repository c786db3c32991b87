public import TetherUI
import CNCurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A `TerminalBackend` for a real terminal: set up and restored by ncursesw, drawn with the
/// terminal's terminfo strings by Tether's screen writer (shortest cursor moves, one `write`
/// per frame).
///
/// The backend talks to the controlling terminal, `/dev/tty`, never to standard output,
/// so the application's standard output can be piped or redirected (as with `fzf`):
/// `mytool > result.txt` draws on the terminal and leaves only what the program prints
/// in the file.
///
/// ``start(_:)`` switches to the alternate screen, puts the terminal in raw mode (so
/// Ctrl-C, Ctrl-Z and Ctrl-Q arrive as key events and the application decides what
/// they do), and turns on bracketed paste and, unless disabled, mouse reporting. It also
/// asks whether the terminal speaks the kitty keyboard protocol, and turns on its
/// unambiguous Escape when the terminal answers (``Options/kittyKeyboard``). Input
/// bytes are decoded by `InputDecoder`. Signals are turned into events:
///
/// - `SIGWINCH` → `TerminalEvent.resized(_:)`.
/// - `SIGTERM`, `SIGHUP`, `SIGINT`, `SIGQUIT` → `TerminalEvent.terminate(signal:)`;
///   the application calls ``stop()`` and exits. A hang-up of the terminal (end of
///   input) is reported as `SIGHUP`.
/// - `SIGTSTP` → ``suspend()``; after the process continues,
///   `TerminalEvent.redrawNeeded` (or `resized` when the size changed meanwhile).
/// - `SIGCONT` (continued after an outside `SIGSTOP`) → `TerminalEvent.redrawNeeded`.
///
/// ``stop()`` restores the terminal. If the program calls `exit()` while the backend
/// runs, an `atexit` hook restores it too; if it dies of a fatal signal (`SIGSEGV`,
/// `SIGBUS`, `SIGILL`, `SIGTRAP`, `SIGABRT`, `SIGFPE`: a Swift trap, a bad pointer, a
/// stack overflow, `abort()`), a signal handler restores it (inline: the final frame stays,
/// the cursor on the line below it) and hands the signal on to the previous handler (the
/// Swift runtime's backtracer) and the default action.
///
/// Only one `CursesBackend` can run at a time in a process. `start` calls
/// `setlocale(LC_CTYPE, "")` (the character type only), and switches `LC_CTYPE` to
/// `C.UTF-8` when the locale is `C`/`POSIX`, so that wide characters can be drawn.
@MainActor
public final class CursesBackend: SuspendableBackend, PollingBackend {
    /// How the backend sets the terminal up.
    public struct Options: Hashable, Sendable {
        /// Report mouse presses, drags and the wheel (xterm SGR mouse mode). While on,
        /// the terminal's own text selection usually needs Shift held.
        public var mouse: Bool
        /// Report pasted text as `InputEvent.paste(_:)` (bracketed paste mode).
        public var bracketedPaste: Bool
        /// Use colours when the terminal has them; `false` forces monochrome (as does a
        /// non-empty `NO_COLOR` environment variable).
        public var colors: Bool
        /// How long a lone Escape byte waits for the rest of an escape sequence before
        /// it counts as the Escape key, in milliseconds.
        public var escapeDelayMilliseconds: Int
        /// Ask the terminal whether it speaks the kitty keyboard protocol (`ESC [ ? u`) and,
        /// once it answers, turn on the protocol's "disambiguate escape codes" level until
        /// the backend stops or suspends: the Escape key then arrives as `ESC [27u` and is
        /// delivered at once instead of after the escape delay, and Ctrl and Alt with a key
        /// arrive unambiguously (Ctrl-I is no longer Tab). The start never waits for the
        /// answer; a terminal that does not answer keeps today's encoding.
        public var kittyKeyboard: Bool

        /// Options; by default mouse, bracketed paste, colours and the kitty keyboard
        /// protocol (where the terminal answers) on, 25 ms escape delay.
        public init(
            mouse: Bool = true, bracketedPaste: Bool = true, colors: Bool = true,
            escapeDelayMilliseconds: Int = 25, kittyKeyboard: Bool = true
        ) {
            self.mouse = mouse
            self.bracketedPaste = bracketedPaste
            self.colors = colors
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.kittyKeyboard = kittyKeyboard
        }
    }

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
    /// The terminal's size in cells (`Size.zero` before ``start(_:)``); inline, the band's.
    public private(set) var size: Size = .zero
    /// What the terminal can show; known after ``start(_:)``.
    public private(set) var capabilities: TerminalCapabilities
    /// `true` between ``start(_:)`` and ``stop()``.
    public var isRunning: Bool { run != nil }

    private var run: Run?
    private var suspended = false
    private static var active = false

    /// A backend with mouse reporting on or off, other options at their defaults.
    public convenience init(mouse: Bool = true) {
        self.init(options: Options(mouse: mouse))
    }

    /// A backend with `options`, full screen or inline. Nothing happens to the terminal
    /// until ``start(_:)``.
    public init(options: Options, presentation: Presentation = .fullScreen) {
        self.options = options
        self.presentation = presentation
        capabilities = TerminalCapabilities(colors: 0, mouse: options.mouse)
    }

    isolated deinit {
        stop()
    }

    // MARK: - Start and stop

    /// Takes over the terminal. Events reach `handler` only from
    /// ``processPendingInput()``, which a run driver calls when ``pollDescriptors`` are
    /// readable or ``pollTimeout`` has passed (`Application.run()`, `runOnMainThread()`).
    ///
    /// - Throws: ``TerminalError`` when there is no controlling terminal, `TERM` is
    ///   unset, unknown or cannot address the cursor (`dumb`), or another backend runs.
    public func start(_ handler: @escaping (TerminalEvent) -> Void) throws {
        guard run == nil, !Self.active else { throw TerminalError(.alreadyRunning) }
        let terminal = TerminalSession(inline: presentation == .inline)
        let description = try terminal.open(colors: options.colors, relaying: InputPump.signals)
        let modes = TerminalModes(mouse: options.mouse, bracketedPaste: options.bracketedPaste)
        var writer = ScreenWriter(strings: description.strings, mapper: StyleMapper(colors: description.colors))
        var band: InlineBand?
        var typeAhead: [UInt8] = []
        if presentation == .inline {
            let start = InlineBand.startRow(
                output: terminal.outFD, input: terminal.readFD, terminalHeight: terminal.size.height)
            band = InlineBand(top: start.row, terminal: terminal.size, strings: description.strings)
            typeAhead = start.typeAhead  // keys typed before the cursor report: the form's first input
        }
        if let band { writer.region = .band(top: band.top) }
        let escapeDelay = Duration.milliseconds(options.escapeDelayMilliseconds)
        let pump = InputPump(session: terminal, escapeDelay: escapeDelay, typeAhead: typeAhead)
        let run = Run(
            terminal: terminal, pump: pump, modes: modes, writer: writer, strings: description.strings,
            handler: handler)
        run.band = band
        self.run = run
        Self.active = true
        capabilities = TerminalCapabilities(colors: description.colors, mouse: options.mouse)
        size = band?.size ?? terminal.size
        terminal.write(modes.on + (options.kittyKeyboard ? TerminalModes.keyboardQuery : []))
        armRestore(run)
    }

    /// Arms the exit hook and the crash handler with the bytes that undo `run`'s modes
    /// as they are now (again when the keyboard protocol comes on).
    private func armRestore(_ run: Run) {
        let farewell =
            run.modes.off + TerminalStrings.plain(run.strings.resetAttributes)
            + TerminalStrings.plain(run.strings.showCursor)
        ExitRestore.register(
            outFD: run.terminal.outFD, farewell: farewell, after: run.band?.farewell(inlineExit) ?? [])
        // Inline there is no alternate screen to leave (`rmcup` would put back a cursor
        // saved who knows when, on xterm); a crash leaves the final frame as drawn, with the
        // cursor below it for the backtrace.
        let leaveScreen = run.band == nil ? TerminalStrings.plain(run.strings.exitAlternateScreen) : []
        CrashRestore.arm(
            outFD: run.terminal.outFD, farewell: farewell + leaveScreen, after: run.band?.farewell(.finalFrame) ?? [],
            shellModes: run.terminal.shellModes)
    }

    /// Tells the `exit()` hook and the crash handler what an inline band leaves, after the
    /// band moved or ``inlineExit`` changed: the `exit()` hook as ``inlineExit`` says, a crash
    /// always the final frame (not a summary of a run that did not finish).
    private func updateBandFarewells() {
        guard let band = run?.band else { return }
        ExitRestore.update(after: band.farewell(inlineExit))
        CrashRestore.update(after: band.farewell(.finalFrame))
    }

    /// The terminal answered the kitty keyboard protocol query: pushes the "disambiguate
    /// escape codes" level and re-arms the exit hook and crash handler to pop it.
    private func enableKeyboardProtocol(_ run: Run) {
        guard options.kittyKeyboard, !run.modes.keyboardProtocol else { return }
        run.modes.keyboardProtocol = true
        run.terminal.write(TerminalModes.keyboardPush)
        armRestore(run)
    }

    /// Restores the terminal: mouse and paste modes off, cursor shown, main screen and
    /// the terminal modes from before ``start(_:)``, signal dispositions put back.
    /// Idempotent; safe to call before `start`.
    public func stop() {
        guard let run else { return }
        self.run = nil
        Self.active = false
        ExitRestore.unregister()
        CrashRestore.disarm()
        run.terminal.close(farewell: farewell(run), after: run.band?.farewell(inlineExit) ?? [])
    }

    /// Gives the terminal back to the shell and stops the process (job control), as the
    /// default action of `SIGTSTP` would; when the process continues, takes the terminal
    /// again and emits `TerminalEvent.redrawNeeded` (or `resized`).
    ///
    /// In raw mode Ctrl-Z arrives as a key (`Ctrl-Z`); an application that wants the
    /// usual behaviour calls this. `kill -TSTP` does the same by itself.
    public func suspend() {
        guard let run, !suspended else { return }
        suspended = true
        CrashRestore.pause()
        run.terminal.leaveCurses(farewell: farewell(run), after: run.band?.farewell(.finalFrame) ?? [])
        run.terminal.stopProcess()

        // Continued (or the stop was discarded in an orphaned process group).
        suspended = false
        CrashRestore.resume(outFD: run.terminal.outFD)
        run.terminal.enterCurses()
        run.terminal.write(run.modes.on)
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
    /// `ScreenWriter` from the terminal's terminfo strings.
    public func present(_ frame: Frame, cursor: Point?) {
        present(frame, cursor: cursor, changedRows: nil)
    }

    /// Like ``present(_:cursor:)``, comparing only `changedRows` with the frame presented
    /// before (the application's partial redraws); `nil` compares every row.
    public func present(_ frame: Frame, cursor: Point?, changedRows: Range<Int>?) {
        guard let run, !suspended else { return }
        run.terminal.write(run.writer.update(to: frame, from: run.previous, caret: cursor, rows: changedRows))
        run.previous = frame
    }

    // MARK: - Polling

    /// The terminal (until it hangs up) and the signal pipe, while the backend runs.
    public var pollDescriptors: [Int32] {
        run?.pump.descriptors ?? []
    }

    /// The time left before a pending lone Escape counts as the Escape key, or `nil`.
    public var pollTimeout: Duration? {
        run?.pump.timeout
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
                invalidate(run)
            case .suspend:
                suspend()
            case .resume:
                run.terminal.restoreProgramModes()
                run.terminal.write(run.modes.reassert)
                invalidate(run)
            case .keyboardProtocol:
                enableKeyboardProtocol(run)
            case .terminate(let signal):
                // Nothing after a request to end is handled: a SIGTSTP or a key that came
                // with it must not stop or change a program that is leaving.
                run.handler(.terminate(signal: signal))
                return false
            }
            return self.run === run
        }
    }

    /// Forgets what is on the screen and tells the application: `resized` when the
    /// terminal's size changed, `redrawNeeded` otherwise.
    private func invalidate(_ run: Run) {
        let newSize = run.terminal.refreshSize()
        run.previous = nil
        run.writer.invalidate()
        if let band = run.band {
            // Inline: always lay out again, which fits the band (``fitBand(height:)``).
            if newSize != band.terminal { run.terminal.write(band.resize(to: newSize)) }
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

extension CursesBackend: BandBackend {
    /// The whole terminal's size (``size`` is the band's when inline).
    public var terminalSize: Size { run?.band?.terminal ?? size }

    /// Inline: gives the band `height` rows, scrolling the terminal to make room below the
    /// cursor or clearing rows given up, and redraws it whole. Full screen: nothing.
    public func fitBand(height: Int) {
        guard let run, let band = run.band, !suspended else { return }
        let before = (band.top, band.height)
        run.terminal.write(band.fit(height: height))
        guard (band.top, band.height) != before else { return }
        updateBandFarewells()
        run.writer.region = .band(top: band.top)
        run.writer.invalidate()
        run.previous = nil
        size = band.size
    }
}

/// Everything one start of the backend holds, until ``CursesBackend/stop()``.
@MainActor
private final class Run {
    let terminal: TerminalSession
    let pump: InputPump
    var modes: TerminalModes
    var writer: ScreenWriter
    /// The terminal's capabilities, for the bytes that restore it.
    let strings: TerminalStrings
    /// The band of an inline presentation; `nil` full screen.
    var band: InlineBand?
    let handler: (TerminalEvent) -> Void
    /// The frame on the screen; `nil` when unknown (after a resize or a resume).
    var previous: Frame?

    init(
        terminal: TerminalSession, pump: InputPump, modes: TerminalModes, writer: ScreenWriter,
        strings: TerminalStrings, handler: @escaping (TerminalEvent) -> Void
    ) {
        self.terminal = terminal
        self.pump = pump
        self.modes = modes
        self.writer = writer
        self.strings = strings
        self.handler = handler
    }
}
