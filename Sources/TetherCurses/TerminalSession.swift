import CNCurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherUI

/// One takeover of the controlling terminal by ncurses, and the single owner of
/// everything it opens: the terminal's descriptors and `FILE`s, the ncurses screen and
/// the signal relay.
///
/// ``open(colors:relaying:)`` checks the terminal and sets curses up step by step; if a
/// step fails, what the earlier ones opened is released by ``close(farewell:)`` — the
/// same code that releases it when the backend stops.
///
/// The session talks to `/dev/tty`, never to standard output, so that the program's
/// output can be redirected. It opens the terminal twice: once for ncurses (blocking
/// output, and ncurses' own input `FILE`, a duplicate never read), once non-blocking for
/// reading input, so that `O_NONBLOCK` does not leak into ncurses' output.
@MainActor
final class TerminalSession {
    /// What ``open(colors:relaying:)`` found out about the terminal.
    struct Description {
        /// The terminal type (`TERM`).
        var term: String
        /// The capabilities the screen writer draws with.
        var strings: TerminalStrings
        /// How many colours to draw with (0: monochrome, disabled or `NO_COLOR`).
        var colors: Int
    }

    /// The terminal for output (ncurses writes to it too); -1 when not open.
    private(set) var outFD: Int32 = -1
    /// The terminal for the session's own writes (frames, modes), non-blocking, so that a
    /// terminal that stops reading cannot hold the program in `write(2)` (``write(_:)``).
    private var frameFD: Int32 = -1
    /// Whether a write was given up because the terminal stopped reading while a signal
    /// asked the program to end: from then on writes are tried once and never waited for.
    private(set) var outputStuck = false
    /// The terminal for input, non-blocking; -1 when not open or after ``closeInput()``.
    private(set) var readFD: Int32 = -1
    /// The terminal modes from before curses took the terminal (what a crash puts back).
    private(set) var shellModes = termios()
    /// The relay turning signals into bytes on a pipe; `nil` when not installed.
    private(set) var relay: SignalRelay?
    /// ncurses' input descriptor (a duplicate of ``outFD``), owned by `inFile` once opened.
    private var inFD: Int32 = -1
    private var outFile: UnsafeMutablePointer<FILE>?
    private var inFile: UnsafeMutablePointer<FILE>?
    private var screen: OpaquePointer?
    /// Whether the session stays on the normal screen (the inline presentation): no
    /// alternate screen, and nothing that clears the screen.
    let inline: Bool

    /// A session that holds nothing yet; `inline` keeps it off the alternate screen.
    init(inline: Bool = false) { self.inline = inline }

    // MARK: - Opening

    /// Opens `/dev/tty`, checks `TERM`, installs the signal relay for `signals`, and starts
    /// curses in raw mode on the alternate screen (reading `TERM`'s terminfo description
    /// once). On failure everything opened so far is released again.
    ///
    /// - Throws: ``TerminalError`` when there is no controlling terminal, or `TERM` is
    ///   unset, unknown or cannot address the cursor.
    func open(colors: Bool, relaying signals: [Int32]) throws -> Description {
        do {
            let term = try openTerminal()
            try startCurses(term: term, relaying: signals)
            // startCurses required `cup`, so this cannot fail.
            guard let strings = TerminalStrings.current() else { throw TerminalError(.unsupportedTerminalType(term)) }
            return Description(term: term, strings: strings, colors: Self.colorCount(enabled: colors))
        } catch {
            close(farewell: [])
            throw error
        }
    }

    /// Opens the controlling terminal for output, checks that `TERM` is set and not `dumb`,
    /// and sets the locale; returns `TERM`.
    private func openTerminal() throws -> String {
        outFD = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard outFD >= 0, isatty(outFD) == 1 else { throw TerminalError(.noControllingTerminal) }
        frameFD = Glibc.open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard let termPointer = getenv("TERM"), termPointer.pointee != 0 else {
            throw TerminalError(.terminalTypeNotSet)
        }
        let term = String(cString: termPointer)
        guard term != "dumb" else { throw TerminalError(.unsupportedTerminalType(term)) }
        Self.configureLocale()
        return term
    }

    /// Why `newterm` could not take `term` (it returns `NULL` without saying): looks the
    /// terminal up again, on this failure path only, so that a working terminal's
    /// description is read once.
    private func whyNewtermFailed(_ term: String) -> TerminalError {
        switch tether_check_terminal(term, outFD) {
        case Int32(TETHER_TERM_NO_DATABASE): TerminalError(.noTerminfoDatabase(term))
        case Int32(TETHER_TERM_NOT_ADDRESSABLE): TerminalError(.unsupportedTerminalType(term))
        case Int32(TETHER_TERM_OK): TerminalError(.initializationFailed(term))
        default: TerminalError(.unknownTerminalType(term))
        }
    }

    /// Opens the input descriptor and the `FILE`s, installs the relay, and runs `newterm`
    /// with Tether's settings.
    private func startCurses(term: String, relaying signals: [Int32]) throws {
        readFD = Glibc.open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard readFD >= 0 else { throw TerminalError(.noControllingTerminal) }
        let failed = TerminalError(.initializationFailed(term))
        inFD = fcntl(outFD, F_DUPFD_CLOEXEC, 0)
        guard inFD >= 0 else { throw failed }
        outFile = fdopen(outFD, "w")
        guard outFile != nil else { throw failed }
        inFile = fdopen(inFD, "r")
        guard inFile != nil else { throw failed }
        relay = SignalRelay(signals: signals)
        guard let relay else { throw failed }

        guard tcgetattr(outFD, &shellModes) == 0 else { throw failed }
        // Our handlers go in before newterm: ncurses then leaves these signals alone.
        relay.install()
        // The size comes from the terminal (TIOCGWINSZ) even when LINES/COLUMNS are
        // exported. (use_env(false) would be wrong: it makes ncurses take the size from
        // terminfo, 80×24, ignoring the window.)
        use_tioctl(true)
        // newterm reads the terminfo description (once: it is not looked up beforehand)
        // and fails without exiting for an unknown, generic or hardcopy terminal.
        screen = newterm(term, outFile, inFile)
        guard let screen else { throw whyNewtermFailed(term) }
        _ = set_term(screen)
        guard tether_current_terminal_is_addressable() != 0 else {
            throw TerminalError(.unsupportedTerminalType(term))
        }

        let window = tether_stdscr()
        _ = raw()
        _ = noecho()
        _ = nonl()
        _ = keypad(window, false)
        _ = typeahead(-1)  // never abandon an update because input is waiting
        _ = intrflush(window, false)
        _ = leaveok(window, false)
        _ = def_prog_mode()
        if inline { stayOnNormalScreen() }
    }

    /// Undoes the `smcup` that `newterm` queued in ncurses' own buffer (sent now, then
    /// `rmcup`, which on xterm-likes also puts the cursor back where it was), and empties
    /// both in the screen's terminal description, so that neither `endwin` nor a resume
    /// switches screens again.
    private func stayOnNormalScreen() {
        let leave = TerminalStrings.plain(tether_string_capability("rmcup").map { String(cString: $0) })
        tether_flush_output()
        _ = tether_blank_string_capability("smcup")
        _ = tether_blank_string_capability("rmcup")
        write(leave)
    }

    // MARK: - Closing

    /// Gives the terminal back and releases everything the session holds, in reverse
    /// order of opening: writes `farewell` and leaves curses mode (unless already left),
    /// puts the signal dispositions back, then frees the screen and closes the
    /// descriptors. Idempotent.
    func close(farewell: [UInt8], after: [UInt8] = []) {
        if screen != nil { leaveCurses(farewell: farewell, after: after) }
        relay?.uninstall()
        relay?.closePipe()
        relay = nil
        if let screen { delscreen(screen) }
        screen = nil
        if let outFile { fclose(outFile) } else if outFD >= 0 { Glibc.close(outFD) }
        if let inFile { fclose(inFile) } else if inFD >= 0 { Glibc.close(inFD) }
        outFile = nil
        inFile = nil
        outFD = -1
        inFD = -1
        if frameFD >= 0 { Glibc.close(frameFD) }
        frameFD = -1
        closeInput()
    }

    /// Stops reading the terminal (it hung up): closes the input descriptor.
    func closeInput() {
        if readFD >= 0 { Glibc.close(readFD) }
        readFD = -1
    }

    // MARK: - Curses mode

    /// The terminal's size as curses knows it.
    var size: Size {
        let window = tether_stdscr()
        return Size(width: Int(tether_getmaxx(window)), height: Int(tether_getmaxy(window)))
    }

    /// Asks the terminal for its size and tells curses when it changed; returns the size.
    func refreshSize() -> Size {
        let window = tether_stdscr()
        var size = winsize()
        if ioctl(outFD, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0,
            Int32(size.ws_row) != tether_getmaxy(window) || Int32(size.ws_col) != tether_getmaxx(window)
        {
            _ = resizeterm(Int32(size.ws_row), Int32(size.ws_col))
        }
        return self.size
    }

    /// Writes `bytes` to the terminal, waiting while it does not take them — unless a
    /// signal that ends the program (SIGTERM, SIGHUP, SIGINT, SIGQUIT) arrives meanwhile:
    /// then the rest is dropped, the signal is held for the input pump, and the session
    /// counts as ``outputStuck``.
    func write(_ bytes: [UInt8]) {
        guard outFD >= 0 else { return }
        let fd = frameFD >= 0 ? frameFD : outFD
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK), !outputStuck, waitUntilWritable(fd) {
                continue
            } else {
                return
            }
        }
    }

    /// Waits until the terminal takes more output; `false` when it failed, or when a
    /// signal that ends the program came first (then ``outputStuck``).
    private func waitUntilWritable(_ fd: Int32) -> Bool {
        while true {
            var fds = [
                pollfd(fd: fd, events: Int16(POLLOUT), revents: 0),
                pollfd(fd: relay?.readFD ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 2, -1) < 0, errno != EINTR, errno != EAGAIN { return false }
            if fds[1].revents != 0, relay?.holdsTermination() == true {
                outputStuck = true
                return false
            }
            if fds[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return false }
            if fds[0].revents & Int16(POLLOUT) != 0 { return true }
        }
    }

    /// Writes `farewell` and leaves curses mode (shell modes, main screen), unless it
    /// was left already. When the terminal stopped reading (``outputStuck``), `endwin` is
    /// skipped — its mode change waits until the terminal has read all output — and the
    /// shell's modes are put back at once instead; what the terminal did not take is lost.
    func leaveCurses(farewell: [UInt8], after: [UInt8] = []) {
        guard !isendwin() else { return }
        write(farewell)
        if outputStuck {
            _ = fcntl(outFD, F_SETFL, fcntl(outFD, F_GETFL) | O_NONBLOCK)  // ncurses' buffer: never wait
            _ = tcsetattr(outFD, TCSANOW, &shellModes)
            return
        }
        _ = endwin()
        // endwin moves the cursor to the bottom row; an inline band says where it ends.
        write(after)
    }

    /// Takes the terminal again after ``leaveCurses(farewell:)``: program modes and the
    /// alternate screen, contents forgotten.
    func enterCurses() {
        guard !inline else {
            _ = reset_prog_mode()
            return
        }
        let window = tether_stdscr()
        _ = clearok(window, true)
        _ = wrefresh(window)
    }

    /// Puts the terminal modes back to what curses set (after an outside `SIGSTOP`, the
    /// shell may have changed them).
    func restoreProgramModes() {
        _ = reset_prog_mode()
    }

    /// Stops the process group with `SIGTSTP`'s default action; returns once continued.
    func stopProcess() {
        relay?.raiseWithDefaultAction(SIGTSTP)
    }

    // MARK: - Environment

    /// `setlocale(LC_CTYPE, "")`, and `C.UTF-8` when that is `C` or `POSIX`, so that wide
    /// characters can be drawn. Only the character type: it is all that ncurses and the
    /// terminal's input need, and the other categories would each map a locale file at
    /// start-up (an application that wants them calls `setlocale` itself).
    private static func configureLocale() {
        _ = setlocale(LC_CTYPE, "")
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
