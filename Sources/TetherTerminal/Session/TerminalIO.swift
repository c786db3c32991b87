#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import TetherUI

/// Where one terminal session reads and writes, and what it knows of its terminal: two
/// descriptors (often the same pseudo-terminal), the environment the terminal came with
/// (`TERM`, `COLORTERM`, `NO_COLOR`: the session's, not the process's), and where its size
/// comes from.
///
/// Nothing here is process state: a program can run several sessions at once, each on
/// its own terminal (three pseudo-terminals in a test; the channels of an SSH server). The
/// session does not close the descriptors; their owner does, after the backend stopped.
public struct TerminalIO: Sendable {
    /// The descriptor input is read from. The session makes it non-blocking.
    public var input: Int32
    /// The descriptor frames are written to; the session's terminal modes (`termios`) are
    /// set and restored through it.
    public var output: Int32
    /// The terminal's environment: `TERM` names its type, a non-empty `NO_COLOR` turns
    /// colours off.
    public var environment: [String: String]
    /// Whether this is the process's controlling terminal: only then do the process's
    /// job-control and resize signals (`SIGTSTP`, `SIGCONT`, `SIGWINCH`) concern it. Every
    /// session hears `SIGTERM`, `SIGHUP`, `SIGINT` and `SIGQUIT`.
    public var isControllingTerminal: Bool
    /// Whether a person's terminal is at the far end of this session's pseudo-terminal, as
    /// an SSH client's is: then it is asked what the controlling terminal is asked (its
    /// background colour, without waiting; the answer comes among the keys and is never
    /// typed). `false` for a test's pseudo-terminal or a pipe, which may not answer.
    public var isRemoteTerminal: Bool = false
    /// The terminal's size now, or `nil` to ask the output descriptor (`TIOCGWINSZ`). An
    /// SSH channel answers with the size its client last reported; call the backend's
    /// `terminalResized()` when it changes.
    public var size: (@Sendable () -> Size?)?

    /// A session's I/O over `input` and `output`, with `environment`.
    public init(
        input: Int32, output: Int32, environment: [String: String], isControllingTerminal: Bool = false,
        size: (@Sendable () -> Size?)? = nil
    ) {
        self.input = input
        self.output = output
        self.environment = environment
        self.isControllingTerminal = isControllingTerminal
        self.size = size
    }

    /// The terminal type (`TERM`), or `nil` when unset or empty.
    public var term: String? {
        environment["TERM"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the environment asks for no colour (a non-empty `NO_COLOR`).
    public var noColor: Bool {
        !(environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Whether the environment says the terminal shows true colour (`COLORTERM` is
    /// `truecolor` or `24bit`).
    public var colorTermTrueColor: Bool {
        let value = (environment["COLORTERM"] ?? "").lowercased()
        return value == "truecolor" || value == "24bit"
    }

    /// The size from ``size``, else from the output descriptor; `nil` when neither knows.
    func currentSize() -> Size? {
        if let size { return size() }
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return nil }
        return Size(width: Int(window.ws_col), height: Int(window.ws_row))
    }
}
