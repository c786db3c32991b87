public import TetherUI
import CNCurses
import Glibc
import Synchronization

/// A ``TerminalBackend`` for a real terminal: set up and restored by ncursesw, drawn with the
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
/// they do), and turns on bracketed paste and, unless disabled, mouse reporting. Input
/// bytes are decoded by ``InputDecoder``. Signals are turned into events:
///
/// - `SIGWINCH` → ``TerminalEvent/resized(_:)``.
/// - `SIGTERM`, `SIGHUP`, `SIGINT`, `SIGQUIT` → ``TerminalEvent/terminate(signal:)``;
///   the application calls ``stop()`` and exits. A hang-up of the terminal (end of
///   input) is reported as `SIGHUP`.
/// - `SIGTSTP` → ``suspend()``; after the process continues,
///   ``TerminalEvent/redrawNeeded`` (or `resized` when the size changed meanwhile).
/// - `SIGCONT` (continued after an outside `SIGSTOP`) → ``TerminalEvent/redrawNeeded``.
///
/// ``stop()`` restores the terminal. If the program calls `exit()` while the backend
/// runs, an `atexit` hook restores it too (a crash cannot be caught this way).
///
/// Only one `CursesBackend` can run at a time in a process. `start` calls
/// `setlocale(LC_ALL, "")`, and switches `LC_CTYPE` to `C.UTF-8` when the locale is
/// `C`/`POSIX`, so that wide characters can be drawn.
@MainActor
public final class CursesBackend: SuspendableBackend, PollingBackend {
    /// How the backend sets the terminal up.
    public struct Options: Hashable, Sendable {
        /// Report mouse presses, drags and the wheel (xterm SGR mouse mode). While on,
        /// the terminal's own text selection usually needs Shift held.
        public var mouse: Bool
        /// Report pasted text as ``InputEvent/paste(_:)`` (bracketed paste mode).
        public var bracketedPaste: Bool
        /// Use colours when the terminal has them; `false` forces monochrome (as does a
        /// non-empty `NO_COLOR` environment variable).
        public var colors: Bool
        /// How long a lone Escape byte waits for the rest of an escape sequence before
        /// it counts as the Escape key, in milliseconds.
        public var escapeDelayMilliseconds: Int

        /// Options; by default mouse, bracketed paste and colours on, 25 ms escape delay.
        public init(mouse: Bool = true, bracketedPaste: Bool = true, colors: Bool = true,
                    escapeDelayMilliseconds: Int = 25) {
            self.mouse = mouse
            self.bracketedPaste = bracketedPaste
            self.colors = colors
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
        }
    }

    /// The options given at creation.
    public let options: Options
    /// The terminal's size in cells (``Size/zero`` before ``start(_:)``).
    public private(set) var size: Size = .zero
    /// What the terminal can show; known after ``start(_:)``.
    public private(set) var capabilities: TerminalCapabilities
    /// `true` between ``start(_:)`` and ``stop()``.
    public var isRunning: Bool { session != nil }

    private var session: Session?
    private var suspended = false
    private static var active = false

    /// A backend with mouse reporting on or off, other options at their defaults.
    public convenience init(mouse: Bool = true) {
        self.init(options: Options(mouse: mouse))
    }

    /// A backend with `options`. Nothing happens to the terminal until ``start(_:)``.
    public init(options: Options) {
        self.options = options
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
        try begin(handler)
    }

    private func begin(_ handler: @escaping (TerminalEvent) -> Void) throws {
        guard session == nil, !Self.active else { throw TerminalError(.alreadyRunning) }

        let outFD = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard outFD >= 0 else { throw TerminalError(.noControllingTerminal) }
        guard isatty(outFD) == 1 else {
            close(outFD)
            throw TerminalError(.noControllingTerminal)
        }
        var owned = OwnedResources(outFD: outFD)
        defer { owned.release() }

        guard let termPointer = getenv("TERM"), termPointer.pointee != 0 else {
            throw TerminalError(.terminalTypeNotSet)
        }
        let term = String(cString: termPointer)
        guard term != "dumb" else { throw TerminalError(.unsupportedTerminalType(term)) }

        Self.configureLocale()
        switch tether_check_terminal(term, outFD) {
        case Int32(TETHER_TERM_OK): break
        case Int32(TETHER_TERM_NO_DATABASE): throw TerminalError(.noTerminfoDatabase(term))
        case Int32(TETHER_TERM_NOT_ADDRESSABLE): throw TerminalError(.unsupportedTerminalType(term))
        default: throw TerminalError(.unknownTerminalType(term))
        }

        // Input is read from a separate open file description so that O_NONBLOCK does
        // not leak into ncurses' output, which must block.
        let readFD = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard readFD >= 0 else { throw TerminalError(.noControllingTerminal) }
        owned.readFD = readFD
        let inFD = fcntl(outFD, F_DUPFD_CLOEXEC, 0)
        guard inFD >= 0 else { throw TerminalError(.initializationFailed(term)) }
        owned.inFD = inFD
        guard let outFile = fdopen(outFD, "w") else { throw TerminalError(.initializationFailed(term)) }
        owned.outFile = outFile
        guard let inFile = fdopen(inFD, "r") else { throw TerminalError(.initializationFailed(term)) }
        owned.inFile = inFile
        guard let relay = SignalRelay(signals: [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT]) else {
            throw TerminalError(.initializationFailed(term))
        }
        owned.relay = relay

        // Our handlers go in before newterm: ncurses then leaves these signals alone.
        relay.install()
        // The size comes from the terminal (TIOCGWINSZ) even when LINES/COLUMNS are
        // exported. (use_env(false) would be wrong: it makes ncurses take the size from
        // terminfo, 80×24, ignoring the window.)
        use_tioctl(true)
        guard let screen = newterm(term, outFile, inFile) else {
            throw TerminalError(.initializationFailed(term))
        }
        owned.disown()
        _ = set_term(screen)

        let window = tether_stdscr()
        _ = raw()
        _ = noecho()
        _ = nonl()
        _ = keypad(window, false)
        _ = typeahead(-1)  // never abandon an update because input is waiting
        _ = intrflush(window, false)
        _ = leaveok(window, false)

        let colors = Self.colorCount(enabled: options.colors)
        _ = def_prog_mode()
        guard let strings = TerminalStrings.current() else {
            // Unreachable after tether_check_terminal (it requires cup); undo newterm.
            _ = endwin()
            delscreen(screen)
            relay.uninstall()
            relay.closePipe()
            fclose(outFile)
            fclose(inFile)
            close(readFD)
            throw TerminalError(.unsupportedTerminalType(term))
        }
        let writer = ScreenWriter(strings: strings, mapper: StyleMapper(colors: colors))

        let session = Session(outFD: outFD, readFD: readFD, outFile: outFile, inFile: inFile,
                              screen: screen, relay: relay, handler: handler, writer: writer)
        self.session = session
        Self.active = true
        capabilities = TerminalCapabilities(colors: colors, mouse: options.mouse)
        size = Size(width: Int(tether_getmaxx(window)), height: Int(tether_getmaxy(window)))
        writeModes(on: true)
        ExitRestore.register(outFD: outFD, leave: TerminalStrings.plain(strings.resetAttributes)
                                                  + TerminalStrings.plain(strings.showCursor))
    }

    /// Restores the terminal: mouse and paste modes off, cursor shown, main screen and
    /// the terminal modes from before ``start(_:)``, signal dispositions put back.
    /// Idempotent; safe to call before `start`.
    public func stop() {
        guard let session else { return }
        self.session = nil
        Self.active = false
        ExitRestore.unregister()
        if !session.inputClosed { close(session.readFD) }
        session.relay.closePipe()
        if !isendwin() {
            writeModes(on: false, fd: session.outFD)
            writeAll(session.outFD, session.writer.leave(height: size.height))
            _ = endwin()
        }
        session.relay.uninstall()
        delscreen(session.screen)
        fclose(session.outFile)
        fclose(session.inFile)
    }

    /// Gives the terminal back to the shell and stops the process (job control), as the
    /// default action of `SIGTSTP` would; when the process continues, takes the terminal
    /// again and emits ``TerminalEvent/redrawNeeded`` (or `resized`).
    ///
    /// In raw mode Ctrl-Z arrives as a key (`Ctrl-Z`); an application that wants the
    /// usual behaviour calls this. `kill -TSTP` does the same by itself.
    public func suspend() {
        guard let session, !suspended else { return }
        suspended = true
        writeModes(on: false, fd: session.outFD)
        writeAll(session.outFD, session.writer.leave(height: size.height))
        _ = endwin()

        session.relay.raiseWithDefaultAction(SIGTSTP)

        // Continued (or the stop was discarded in an orphaned process group).
        suspended = false
        let window = tether_stdscr()
        _ = clearok(window, true)
        _ = wrefresh(window)  // leaves endwin: program modes and alternate screen again
        writeModes(on: true, fd: session.outFD)
        invalidate(session)
    }

    // MARK: - Drawing

    /// Writes the cells of `frame` that differ from the previously presented frame,
    /// then shows the cursor at `cursor` or hides it — one `write` per frame, composed by
    /// ``ScreenWriter`` from the terminal's terminfo strings.
    public func present(_ frame: Frame, cursor: Point?) {
        present(frame, cursor: cursor, changedRows: nil)
    }

    /// Like ``present(_:cursor:)``, comparing only `changedRows` with the frame presented
    /// before (the application's partial redraws); `nil` compares every row.
    public func present(_ frame: Frame, cursor: Point?, changedRows: Range<Int>?) {
        guard let session, !suspended else { return }
        let bytes = session.writer.update(to: frame, from: session.previous, caret: cursor, rows: changedRows)
        writeAll(session.outFD, bytes)
        session.previous = frame
    }

    // MARK: - Polling

    /// The terminal (until it hangs up) and the signal pipe, while the backend runs.
    public var pollDescriptors: [Int32] {
        guard let session else { return [] }
        return session.inputClosed ? [session.relay.readFD] : [session.readFD, session.relay.readFD]
    }

    /// The time left before a pending lone Escape counts as the Escape key, or `nil`.
    public var pollTimeout: Duration? {
        guard let deadline = session?.escapeDeadline else { return nil }
        return max(.zero, deadline - .now)
    }

    /// Handles signals that arrived, reads and delivers the input that is ready, and
    /// flushes a lone Escape whose escape delay has passed. Never blocks.
    public func processPendingInput() {
        guard let session else { return }
        handleSignals()
        guard self.session === session else { return }
        if !session.inputClosed { readInput() }
        if let deadline = session.escapeDeadline, ContinuousClock.now >= deadline, self.session === session {
            session.escapeDeadline = nil
            flushEscape()
        }
    }

    // MARK: - Events

    private func readInput() {
        guard let session else { return }
        var events: [InputEvent] = []
        var hangUp = false
        var readAny = false
        let buffer = session.readBuffer
        while true {
            let count = read(session.readFD, buffer.baseAddress, buffer.count)
            if count > 0 {
                readAny = true
                events += session.decoder.feed(UnsafeBufferPointer(rebasing: buffer[0..<count]))
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            hangUp = true  // end of file or EIO: the terminal went away
            break
        }
        if !events.isEmpty { deliver(events.map { .input($0) }, to: session) }
        if readAny { scheduleEscapeFlush() }
        if hangUp, self.session === session {
            session.inputClosed = true
            close(session.readFD)
            deliver([.terminate(signal: SIGHUP)], to: session)
        }
    }

    private func scheduleEscapeFlush() {
        guard let session else { return }
        let pending = session.decoder.hasPendingInput
        session.escapeDeadline = pending ? .now + .milliseconds(max(0, options.escapeDelayMilliseconds)) : nil
    }

    private func flushEscape() {
        guard let session, session.decoder.hasPendingInput else { return }
        let events = session.decoder.flush()
        deliver(events.map { .input($0) }, to: session)
    }

    private func handleSignals() {
        guard let session else { return }
        for signal in session.relay.drain() {
            guard self.session === session else { return }
            switch signal {
            case SIGWINCH:
                invalidate(session)
            case SIGTSTP:
                suspend()
            case SIGCONT:
                // After an outside SIGSTOP the shell may have changed the terminal modes.
                _ = reset_prog_mode()
                writeModes(on: true, fd: session.outFD)
                invalidate(session)
            default:
                deliver([.terminate(signal: signal)], to: session)
            }
        }
    }

    /// Forgets what is on the screen and tells the application: `resized` when the
    /// terminal's size changed, `redrawNeeded` otherwise.
    private func invalidate(_ session: Session) {
        let window = tether_stdscr()
        var size = winsize()
        if ioctl(session.outFD, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0,
           Int32(size.ws_row) != tether_getmaxy(window) || Int32(size.ws_col) != tether_getmaxx(window) {
            _ = resizeterm(Int32(size.ws_row), Int32(size.ws_col))
        }
        let newSize = Size(width: Int(tether_getmaxx(window)), height: Int(tether_getmaxy(window)))
        session.previous = nil
        session.writer.invalidate()
        let changed = newSize != self.size
        self.size = newSize
        deliver([changed ? .resized(newSize) : .redrawNeeded], to: session)
    }

    /// Hands `events` to the application, stopping early if it stops the backend.
    private func deliver(_ events: [TerminalEvent], to session: Session) {
        for event in events {
            guard self.session === session else { return }
            session.handler(event)
        }
    }

    // MARK: - Terminal modes

    private func writeModes(on: Bool, fd: Int32? = nil) {
        guard let fd = fd ?? session?.outFD else { return }
        var sequence = ""
        if on {
            if options.bracketedPaste { sequence += "\u{1B}[?2004h" }
            if options.mouse { sequence += "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h" }
        } else {
            if options.mouse { sequence += "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l" }
            if options.bracketedPaste { sequence += "\u{1B}[?2004l" }
        }
        writeAll(fd, Array(sequence.utf8))
    }

    private static func configureLocale() {
        _ = setlocale(LC_ALL, "")
        if let current = setlocale(LC_CTYPE, nil), ["C", "POSIX"].contains(String(cString: current)) {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { _ = setlocale(LC_CTYPE, "C.utf8") }
        }
    }

    /// How many colours to draw with: 0 when disabled, under `NO_COLOR`, or on a
    /// monochrome terminal; at most 256.
    private static func colorCount(enabled: Bool) -> Int {
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        guard enabled, !noColor, has_colors() else { return 0 }
        return max(0, min(Int(tether_number_capability("colors")), 256))
    }
}

/// Writes all of `bytes` to `fd`, retrying after interruptions and short writes.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if written > 0 {
            offset += written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            return
        }
    }
}

/// Everything one running backend holds.
@MainActor
private final class Session {
    let outFD: Int32
    let readFD: Int32
    let outFile: UnsafeMutablePointer<FILE>
    let inFile: UnsafeMutablePointer<FILE>
    let screen: OpaquePointer
    let relay: SignalRelay
    let handler: (TerminalEvent) -> Void
    var writer: ScreenWriter
    var decoder = InputDecoder()
    /// Where `read` puts input bytes; reused for every read.
    let readBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
    var previous: Frame?
    /// When a pending lone Escape is flushed (read by ``CursesBackend/pollTimeout``).
    var escapeDeadline: ContinuousClock.Instant?
    /// The terminal hung up: its descriptor is closed and no longer read.
    var inputClosed = false

    init(outFD: Int32, readFD: Int32, outFile: UnsafeMutablePointer<FILE>, inFile: UnsafeMutablePointer<FILE>,
         screen: OpaquePointer, relay: SignalRelay, handler: @escaping (TerminalEvent) -> Void, writer: ScreenWriter) {
        self.outFD = outFD
        self.readFD = readFD
        self.outFile = outFile
        self.inFile = inFile
        self.screen = screen
        self.relay = relay
        self.handler = handler
        self.writer = writer
    }

    isolated deinit {
        readBuffer.deallocate()
    }
}

/// What `start` has opened so far, closed again if it throws.
private struct OwnedResources {
    var outFD: Int32
    var readFD: Int32 = -1
    var inFD: Int32 = -1
    var outFile: UnsafeMutablePointer<FILE>?
    var inFile: UnsafeMutablePointer<FILE>?
    var relay: SignalRelay?

    init(outFD: Int32) {
        self.outFD = outFD
    }

    /// `start` succeeded: the session owns everything now.
    mutating func disown() {
        outFD = -1
        readFD = -1
        inFD = -1
        outFile = nil
        inFile = nil
        relay = nil
    }

    @MainActor
    mutating func release() {
        if let relay {
            relay.uninstall()
            relay.closePipe()
        }
        if let outFile { fclose(outFile) } else if outFD >= 0 { close(outFD) }
        if let inFile { fclose(inFile) } else if inFD >= 0 { close(inFD) }
        if readFD >= 0 { close(readFD) }
        disown()
    }
}

/// Restores the terminal if the program calls `exit()` while a backend runs.
private enum ExitRestore {
    /// The running backend's terminal, -1 when none runs.
    static let fd = Atomic<Int32>(-1)
    static let hookInstalled = Atomic<Bool>(false)
    /// Plain attributes and a visible cursor for that terminal (ncurses' `endwin` does
    /// not know what the screen writer left set).
    static let leaveBytes = Mutex<[UInt8]>([])

    static func register(outFD: Int32, leave: [UInt8]) {
        leaveBytes.withLock { $0 = leave }
        fd.store(outFD, ordering: .sequentiallyConsistent)
        if hookInstalled.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
            atexit { ExitRestore.restore() }
        }
    }

    static func unregister() {
        fd.store(-1, ordering: .sequentiallyConsistent)
    }

    /// Runs from `exit()`: turns the modes off, resets attributes, shows the cursor and
    /// leaves curses mode.
    static func restore() {
        let outFD = fd.exchange(-1, ordering: .sequentiallyConsistent)
        guard outFD >= 0 else { return }
        writeAll(outFD, Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l".utf8) + leaveBytes.withLock { $0 })
        if !isendwin() { _ = endwin() }
    }
}
