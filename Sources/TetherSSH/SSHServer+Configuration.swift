public import TetherTerminal
public import TetherUI

extension SSHServer {
    /// Who may sign in. Authentication is required unless ``anonymous-type.property`` is
    /// asked for.
    public struct Authentication: Sendable {
        /// The public keys that let a client in (an `authorized_keys` file's).
        public var authorizedKeys: AuthorizedKeys?
        /// Checks a user name and password; `nil`: passwords are not offered. Compare in
        /// constant time (``SSHServer/constantTimeEqual(_:_:)``).
        public var password: (@Sendable (_ user: String, _ password: String) -> Bool)?
        /// Lets anyone in with any key or password. Only for forms meant for everyone.
        public var allowsAnyone: Bool

        /// Sign-in by the keys in `authorizedKeys`, and by `password` when given.
        public init(
            authorizedKeys: AuthorizedKeys?,
            password: (@Sendable (_ user: String, _ password: String) -> Bool)? = nil
        ) {
            self.authorizedKeys = authorizedKeys
            self.password = password
            allowsAnyone = false
        }

        /// Anyone may sign in, with nothing (SSH's "none" method, which every client tries
        /// first: nobody is asked for a password), or with any key or password.
        public static var anonymous: Authentication {
            var anyone = Authentication(authorizedKeys: nil)
            anyone.allowsAnyone = true
            return anyone
        }
    }

    /// What one client, and all clients together, may take.
    public struct Limits: Sendable {
        /// The session host's limits: sessions in all, output a client may leave unread,
        /// and how long a client may send nothing (input only; output does not count).
        public var host: SessionHost.Limits
        /// Connections from one address at once.
        public var connectionsPerAddress: Int
        /// Failed sign-ins from one address in a minute; past it that address is refused
        /// at connection, before any key exchange, until the minute is over.
        public var failedSignInsPerAddress: Int
        /// Failed sign-ins from everyone in a minute; past it every new connection waits
        /// for the minute to pass.
        public var failedSignInsInTotal: Int
        /// Bytes a client may send ahead of what its session has read; more ends that
        /// session (a paste of 100 MB ends the session that pasted it, not the server).
        /// Typing, and pastes the session takes as they come, never get near it.
        public var inputBacklog: Int
        /// The largest terminal a client may ask for, in columns and rows.
        public var largestTerminal: Size
        /// Environment variables a client may set: at most this many, each value at most
        /// ``longestEnvironmentValue`` bytes.
        public var environmentVariables: Int
        /// See ``environmentVariables``.
        public var longestEnvironmentValue: Int

        /// Limits; by default the host's own (1,000 sessions), an hour without input, 8
        /// connections an address, 10 failed sign-ins an address and 100 in all a minute,
        /// 4 MiB of input unread, 1,000×1,000 cells, 32 variables of 4 KiB.
        public init(
            host: SessionHost.Limits = SessionHost.Limits(idleInput: .seconds(3600)),
            connectionsPerAddress: Int = 8, failedSignInsPerAddress: Int = 10, failedSignInsInTotal: Int = 100,
            inputBacklog: Int = 4 << 20, largestTerminal: Size = Size(width: 1000, height: 1000),
            environmentVariables: Int = 32, longestEnvironmentValue: Int = 4096
        ) {
            self.host = host
            self.connectionsPerAddress = connectionsPerAddress
            self.failedSignInsPerAddress = failedSignInsPerAddress
            self.failedSignInsInTotal = failedSignInsInTotal
            self.inputBacklog = inputBacklog
            self.largestTerminal = largestTerminal
            self.environmentVariables = environmentVariables
            self.longestEnvironmentValue = longestEnvironmentValue
        }
    }

    /// Where the server listens, who it lets in, and what each session may take.
    public struct Configuration: Sendable {
        /// The address to listen on: `127.0.0.1` (this machine only) by default; `0.0.0.0`
        /// or `::` for every interface.
        public var host: String
        /// The port; 0 picks a free one (``SSHServer/port`` tells which).
        public var port: Int
        /// The server's key (``HostKeyFile/loadOrCreate(at:)``).
        public var hostKey: HostKeyFile
        /// Who may sign in.
        public var authentication: Authentication
        /// Limits per client and in all.
        public var limits: Limits
        /// Full screen or inline, for every session.
        public var presentation: VTBackend.Presentation
        /// Each session's terminal options (mouse, bracketed paste, …). Colours follow the
        /// client's own `TERM`, `COLORTERM` and `NO_COLOR`, never the server's.
        public var options: VTBackend.Options
        /// Whether a client's command (`ssh host -- ARGS`) reaches the application as
        /// ``SSHSession/arguments`` (for answers by name, `FormAnswers(arguments:)`); off, a
        /// command with words is refused (exit status 2) and the client answers line by line
        /// instead (`ssh -T host`). Turn it on only when the application reads every word as
        /// an answer, never as a file on the server.
        public var acceptsCommandWords: Bool

        /// A server on `host`:`port` with `hostKey`, letting in whom `authentication` says.
        public init(
            host: String = "127.0.0.1", port: Int, hostKey: HostKeyFile, authentication: Authentication,
            limits: Limits = Limits(), presentation: VTBackend.Presentation = .fullScreen,
            options: VTBackend.Options = VTBackend.Options(), acceptsCommandWords: Bool = false
        ) {
            self.acceptsCommandWords = acceptsCommandWords
            self.host = host
            self.port = port
            self.hostKey = hostKey
            self.authentication = authentication
            self.limits = limits
            self.presentation = presentation
            self.options = options
        }
    }

    /// Whether `a` and `b` are equal, taking as long whatever their contents (for a
    /// password check that leaks nothing through its timing but the length).
    public nonisolated static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        var difference = UInt8(truncatingIfNeeded: left.count ^ right.count)
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : 0
            let y = index < right.count ? right[index] : 0
            difference |= x ^ y
        }
        return difference == 0 && left.count == right.count
    }
}
