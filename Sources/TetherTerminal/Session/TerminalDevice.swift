#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherProcess
import TetherUI

/// One session's hold on its terminal: raw mode (`termios`) and the alternate screen set
/// and put back, writes that cannot hang on a terminal that stopped reading (hosted: that
/// never wait, through an ``OutputQueue``), and the session's signals (hosted: none). No ncurses and no process state: the descriptors, the environment
/// and the capability profile all come from the ``TerminalIO`` and ``TerminalStrings``
/// it is given.
@MainActor
final class TerminalDevice {
    let io: TerminalIO
    let strings: TerminalStrings
    /// Whether the session stays on the normal screen (the inline presentation).
    let inline: Bool
    /// A hosted session's output (``SessionHost``): writes never wait, and the session
    /// takes none of the process's signals (the server owns them). `nil`: the program's
    /// own terminal, written with waits and with the session's signals.
    let queue: OutputQueue?
    /// The terminal modes from before the session took the terminal.
    private(set) var shellModes = termios()
    /// Whether the input is a terminal whose modes the session changed.
    private var ownsModes = false
    /// The session's signals; `nil` once closed.
    private(set) var signals: SignalSubscription?
    /// Between ``open()`` and ``close(farewell:after:)``.
    private(set) var isOpen = false
    /// The descriptor input is read from; -1 after ``closeInput()``.
    private(set) var readFD: Int32
    /// Whether a write was given up because the terminal stopped reading while a signal
    /// asked the program to end: from then on writes are tried once and never waited for.
    private(set) var outputStuck = false
    /// Whether the terminal is the program's (between ``open()`` and ``leave(farewell:after:)``).
    private(set) var isTaken = false
    private var lastSize = Size(width: 80, height: 24)
    /// The descriptors' status flags before the session made them non-blocking.
    private var savedFlags: (input: Int32, output: Int32) = (-1, -1)

    init(io: TerminalIO, strings: TerminalStrings, inline: Bool, queue: OutputQueue? = nil) {
        self.io = io
        self.strings = strings
        self.inline = inline
        self.queue = queue
        readFD = io.input
    }

    /// The descriptor frames go to.
    var outFD: Int32 { io.output }

    // MARK: - Opening and closing

    /// Subscribes to the session's signals (unless hosted), puts the terminal in raw mode
    /// and, full screen, on the alternate screen.
    ///
    /// - Throws: ``TerminalError`` when the signal pipe cannot be made.
    func open() throws {
        if queue == nil {
            let wanted: [Int32] =
                io.isControllingTerminal
                ? [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT] : [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
            guard let signals = SignalSubscription(signals: wanted), signals.start() else {
                throw TerminalError(.initializationFailed(io.term ?? ""))
            }
            self.signals = signals
        }
        // Non-blocking both ways: a read never waits, and a terminal that stops reading
        // cannot hold the program in write(2) (``write(_:)`` waits in poll instead).
        savedFlags = (fcntl(io.input, F_GETFL), fcntl(io.output, F_GETFL))
        if savedFlags.input >= 0 { _ = fcntl(io.input, F_SETFL, savedFlags.input | O_NONBLOCK) }
        if savedFlags.output >= 0 { _ = fcntl(io.output, F_SETFL, savedFlags.output | O_NONBLOCK) }
        ownsModes = tcgetattr(io.output, &shellModes) == 0
        isOpen = true
        take()
    }

    /// Raw mode, then the alternate screen (full screen).
    private func take() {
        if ownsModes {
            var raw = shellModes
            raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
            raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
            raw.c_cflag = (raw.c_cflag & ~tcflag_t(CSIZE | PARENB)) | tcflag_t(CS8)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            _ = tcsetattr(io.output, TCSANOW, &raw)
        }
        isTaken = true
        if !inline { write(TerminalStrings.plain(strings.enterAlternateScreen)) }
    }

    /// Gives the terminal back if it is still taken, stops the signals. Idempotent.
    func close(farewell: [UInt8], after: [UInt8] = []) {
        leave(farewell: farewell, after: after)
        isOpen = false
        signals?.stop()
        signals = nil
        closeInput()
        if savedFlags.input >= 0 { _ = fcntl(io.input, F_SETFL, savedFlags.input) }
        if savedFlags.output >= 0 { _ = fcntl(io.output, F_SETFL, savedFlags.output) }
        savedFlags = (-1, -1)
    }

    /// Stops reading the terminal (it hung up). The descriptor stays its owner's.
    func closeInput() {
        readFD = -1
    }

    // MARK: - Leaving and taking back

    /// Writes `farewell`, leaves the alternate screen (full screen), puts the shell's modes
    /// back and writes `after`, unless the terminal was given back already. When the
    /// terminal stopped reading (``outputStuck``), the modes go back at once and what the
    /// terminal did not take is lost.
    func leave(farewell: [UInt8], after: [UInt8] = []) {
        guard isTaken else { return }
        isTaken = false
        let bytes = farewell + (inline ? [] : TerminalStrings.plain(strings.exitAlternateScreen))
        if let queue {
            // Hosted: never a wait. A client that stopped reading loses what it never took
            // (the modes off go first when it reads again); the host flushes the rest.
            if queue.isCongested { queue.discard() }
            queue.write(bytes)
            if ownsModes { _ = tcsetattr(io.output, TCSANOW, &shellModes) }
            queue.write(after)
            return
        }
        if outputStuck {
            // What the terminal never took is discarded (on a terminal device), so that the
            // bytes turning the modes off are what it reads when it reads again; they are
            // written with a deadline rather than dropped.
            if isatty(io.output) == 1 { _ = tcflush(io.output, TCOFLUSH) }
            writeWithDeadline(bytes)
        } else {
            write(bytes)
        }
        if ownsModes { _ = tcsetattr(io.output, outputStuck ? TCSANOW : TCSADRAIN, &shellModes) }
        if !outputStuck { write(after) }
    }

    /// Takes the terminal again after ``leave(farewell:after:)`` (the program continued
    /// after Ctrl-Z): the shell's modes read again, raw mode, the alternate screen.
    func enter() {
        guard !isTaken else { return }
        if ownsModes { _ = tcgetattr(io.output, &shellModes) }
        take()
    }

    /// Puts raw mode back after an outside `SIGSTOP` (the shell may have changed the modes).
    func restoreProgramModes() {
        guard isTaken, ownsModes else { return }
        isTaken = false
        take()
    }

    /// Stops the process group with `SIGTSTP`'s default action; returns once continued.
    func stopProcess() {
        signals?.raiseWithDefaultAction(SIGTSTP)
    }

    // MARK: - Size and output

    /// The terminal's size now (the last known one when it cannot be asked).
    func refreshSize() -> Size {
        if let size = io.currentSize() { lastSize = size }
        return lastSize
    }

    /// Writes `bytes` to the terminal, waiting while it does not take them — unless a
    /// signal that ends the program arrives meanwhile: then the rest is dropped, the
    /// signal is held for the input pump, and the session counts as ``outputStuck``.
    func write(_ bytes: [UInt8]) {
        if let queue { return queue.write(bytes) }
        let fd = io.output
        guard fd >= 0 else { return }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(fd, bytes[offset...])
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

    /// Writes `bytes` waiting at most `milliseconds` in all for the terminal to take them (a
    /// terminal that stopped reading, once a signal ends the program); the rest is dropped.
    private func writeWithDeadline(_ bytes: [UInt8], milliseconds: Int32 = 500) {
        let fd = io.output
        guard fd >= 0 else { return }
        var offset = 0
        var waited: Int32 = 0
        while offset < bytes.count, waited <= milliseconds {
            let written = systemWrite(fd, bytes[offset...])
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var fds = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
                _ = poll(&fds, 1, 50)
                waited += 50
            } else if !(written < 0 && errno == EINTR) {
                return
            }
        }
    }

    /// Waits until the terminal takes more output; `false` when it failed, or when a
    /// signal that ends the program came first (then ``outputStuck``).
    private func waitUntilWritable(_ fd: Int32) -> Bool {
        while true {
            var fds = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
            for descriptor in signals?.descriptors ?? [] {
                fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            }
            if poll(&fds, nfds_t(fds.count), -1) < 0, errno != EINTR, errno != EAGAIN { return false }
            if fds.dropFirst().contains(where: { $0.revents != 0 }), signals?.holdsTermination() == true {
                outputStuck = true
                return false
            }
            if fds[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return false }
            if fds[0].revents & Int16(POLLOUT) != 0 { return true }
        }
    }
}

/// `write(2)` of `bytes`, named so that a method called `write` can call it. Not on the main
/// actor, so that the closure it hands `withUnsafeBytes` makes no run-time executor check.
private func systemWrite(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
    bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}
