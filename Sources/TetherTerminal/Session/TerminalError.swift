/// Why a terminal backend (``VTBackend``, or TetherCurses' `CursesBackend`) could not take over
/// the terminal.
///
/// The ``description`` is one line meant for the user; an application prints it to
/// standard error and exits (with status 2 by convention).
public struct TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// `/dev/tty` could not be opened: the process has no controlling terminal
        /// (started by `setsid`, a service manager, a CI runner without a pty).
        case noControllingTerminal
        /// `TERM` is unset or empty.
        case terminalTypeNotSet
        /// `TERM` names no terminfo entry.
        case unknownTerminalType(String)
        /// The terminal cannot move its cursor (`dumb`, a hardcopy or generic type).
        case unsupportedTerminalType(String)
        /// The terminfo database itself was not found.
        case noTerminfoDatabase(String)
        /// The backend is already running (started and not stopped); for `CursesBackend`,
        /// another one is already running in this process (it has one controlling terminal).
        case alreadyRunning
        /// The process already runs as many terminal sessions as it can restore after a
        /// crash (65,536); a server sets its own, lower limit (`SessionHost.Limits`).
        case tooManySessions(Int)
        /// ncurses refused to set up a screen for the terminal type (the ncurses renderer).
        case initializationFailed(String)
    }

    /// What went wrong.
    public var reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// A one-line message for the user.
    public var description: String {
        switch reason {
        case .noControllingTerminal:
            "no controlling terminal (/dev/tty): Tether needs an interactive terminal"
        case .terminalTypeNotSet:
            "TERM is not set: Tether needs to know the terminal type (for example TERM=xterm-256color)"
        case .unknownTerminalType(let name):
            "unknown terminal type '\(name)': no usable terminfo entry (set TERM to a type such as xterm-256color)"
        case .unsupportedTerminalType(let name):
            "terminal type '\(name)' cannot draw a full-screen interface"
        case .noTerminfoDatabase(let name):
            "cannot look up terminal type '\(name)': terminfo database not found"
        case .alreadyRunning:
            "the terminal is already in use by a running backend (one CursesBackend per process; a VTBackend starts once until stopped)"
        case .tooManySessions(let count):
            "this process already runs \(count) terminal sessions, as many as it can restore after a crash: end one before starting another"
        case .initializationFailed(let name):
            "ncurses could not set up a screen for terminal type '\(name)': use the default renderer"
        }
    }
}
