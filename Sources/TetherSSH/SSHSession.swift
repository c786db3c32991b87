public import TetherTerminal
public import TetherUI

/// One person's session over SSH, handed to the server's application factory: who signed
/// in, from where, with what terminal (or none: `ssh -T host`, `ssh host -- ARGS`, where the
/// form is answered line by line), and the hosted session the application runs on.
@MainActor
public final class SSHSession {
    /// The user name the client signed in with.
    public let user: String
    /// The client's address (`203.0.113.7:51234`).
    public let address: String
    /// The client's terminal type (`TERM` of its pseudo-terminal request); empty without a
    /// terminal.
    public let term: String
    /// Whether the client has a terminal: `false` for `ssh -T host` and `ssh host -- ARGS`,
    /// whose form is asked line by line (the accessible presentation) on the client's
    /// standard input and error; ``farewell`` then goes to its standard output when
    /// ``exitStatus`` is 0 (the form's result), to its standard error otherwise.
    public var hasTerminal: Bool { !term.isEmpty }
    /// The words of the client's command (`ssh host -- --username ada`), split as `sh` splits
    /// them, nothing expanded; empty without a command, and always empty unless
    /// ``SSHServer/Configuration/acceptsCommandWords`` is on.
    public let arguments: [String]
    /// The client's environment: its `TERM`, and the `LANG`, `LC_*`, `COLORTERM` and
    /// `NO_COLOR` it sent. Never the server's.
    public let environment: [String: String]
    /// The hosted session: its `backend` is the one the application
    /// must run on.
    public let hosted: SessionHost.Session

    init(
        user: String, address: String, term: String, environment: [String: String], hosted: SessionHost.Session,
        arguments: [String] = []
    ) {
        self.user = user
        self.address = address
        self.term = term
        self.arguments = arguments
        self.environment = environment
        self.hosted = hosted
    }

    /// Said to the client after its terminal is restored, when the session ends ("Signed in
    /// as demo."); `nil`: nothing.
    public var farewell: String?
    /// The exit status the client's `ssh` ends with; `nil`: 0 when the application quit,
    /// 130 after Ctrl-C, 1 for any other end.
    public var exitStatus: Int?

    /// The backend the application must be made with: the client's terminal, or its
    /// line-by-line conversation when it has none (``hasTerminal``).
    public var backend: any PollingBackend { hosted.backend }

    /// Keeps `object` (a per-session view model, a binding) alive until the session ends.
    public func keep(_ object: AnyObject) { hosted.keep(object) }
}

/// What the main actor knows of one session channel: made on the channel's event loop when
/// the client asks for a shell, filled in once the hosted session starts.
@MainActor
final class ChannelLink {
    /// The session, once started.
    var session: SessionHost.Session?
    /// What the application was given.
    var ssh: SSHSession?
    /// The pseudo-terminal's program side, closed when the session ends.
    var slave: Int32 = -1
    /// A conversation's ends of its pipes (the answers read, the questions written), closed
    /// when the session ends.
    var conversationEnds: [Int32] = []
    /// A conversation's standard output: its result (the farewell) is written there at
    /// the end, then it is closed.
    var resultOutput: Int32 = -1
    /// Who signed in, and from where (for the log).
    var who: (user: String, address: String) = ("", "")
    /// The client went away before or while the session started.
    var clientLeft = false
    /// Tells the channel the session ended: exit status, and a message for the client.
    let finish: @Sendable (_ status: Int, _ message: String?) -> Void
    /// Hands a command's process's pipes to the channel (a command's link only).
    let pipesOpened: (@Sendable (SSHServer.ProcessPipes) -> Void)?

    nonisolated init(
        finish: @escaping @Sendable (_ status: Int, _ message: String?) -> Void,
        pipesOpened: (@Sendable (SSHServer.ProcessPipes) -> Void)? = nil
    ) {
        self.finish = finish
        self.pipesOpened = pipesOpened
    }

    /// The client's window changed (its size is already on the pseudo-terminal).
    func resized() { session?.resized() }

    /// The client closed the channel or the connection dropped.
    func left() { clientLeft = true }

    /// What to do when the terminal side's relay ends (a session's process closed its
    /// terminal): set for sessions that run in a process of their own.
    var onRelayEnded: (() -> Void)?

    /// The terminal side's relay ended.
    func relayEnded() {
        let action = onRelayEnded
        onRelayEnded = nil
        action?()
    }
}
