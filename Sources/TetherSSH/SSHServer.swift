#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH
import TetherCurses
public import TetherTerminal
public import TetherUI

/// Serves a form over SSH to many people from one process: each session channel gets a
/// pseudo-terminal of its own, an `Application` the app's factory makes for it, and the
/// client's own terminal type, size and environment (never the server's).
///
/// The connections run on one SwiftNIO event loop thread; every session runs on the main
/// actor through a `SessionHost` (``host``), which waits for all their terminals with
/// one poller, queues each one's output (a client that stops reading stalls no one) and
/// owns the server's signals (``run(signalDeadline:)``). A session's end (the form quits,
/// Ctrl-C, the client leaves, a limit) restores the client's terminal, sends an exit
/// status and closes that channel only.
@MainActor
public final class SSHServer {
    /// Where it listens, who may sign in, what each session may take.
    public let configuration: Configuration
    /// The sessions: count them, list them, end one.
    public let host: SessionHost
    /// One line per connection refused, sign-in refused, session started and ended: the
    /// address, user, terminal, duration, bytes and reason; never a password, key or
    /// anything typed.
    public nonisolated let logger: Logger
    /// The port listened on, once ``start()`` returned.
    public private(set) var port = 0

    let application: (SSHSession) throws -> Application
    /// Set: each session runs this program in a process of its own instead.
    nonisolated let program: SessionProgram?
    /// The sessions' processes, by id (``SessionProgram``).
    var children: [pid_t: Child] = [:]
    /// Whether new sessions' processes may start (until a shutdown).
    var accepting = true
    private let ledger: ConnectionLedger
    nonisolated var ledgerForConnections: ConnectionLedger { ledger }
    nonisolated var connectionTable: NIOLockedValueBox<[ObjectIdentifier: any Channel]> { connections }
    private var group: MultiThreadedEventLoopGroup?
    private var listener: (any Channel)?
    private var links: [Int: ChannelLink] = [:]
    private let connections = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])

    /// A server with `configuration`; `application` makes each session's own widget tree
    /// and view model (on the session's ``SSHSession/backend``). Nothing listens until
    /// ``start()``.
    public convenience init(
        configuration: Configuration, logger: Logger = Logger(label: "tether.ssh"),
        application: @escaping (SSHSession) throws -> Application
    ) {
        self.init(configuration: configuration, logger: logger, application: application, program: nil)
        host.onEnded = { [weak self] in self?.ended($0) }
    }

    /// A server with `configuration` whose sessions each run `program` in a process of its
    /// own (crash isolation, ``SessionProgram``) instead of an application in this process.
    /// ``host`` stays empty; ``Limits/host``'s session limit counts the processes.
    public convenience init(
        configuration: Configuration, logger: Logger = Logger(label: "tether.ssh"), program: SessionProgram
    ) {
        self.init(
            configuration: configuration, logger: logger,
            application: { _ in throw SessionHost.Refusal.shuttingDown }, program: program)
    }

    private init(
        configuration: Configuration, logger: Logger, application: @escaping (SSHSession) throws -> Application,
        program: SessionProgram?
    ) {
        self.configuration = configuration
        self.logger = logger
        self.application = application
        self.program = program
        host = SessionHost(limits: configuration.limits.host)
        let limits = configuration.limits
        ledger = ConnectionLedger(
            connectionsPerAddress: limits.connectionsPerAddress, failuresPerAddress: limits.failedSignInsPerAddress,
            failuresInTotal: limits.failedSignInsInTotal)
    }

    /// Listens on the configured address; returns once bound (``port`` says where).
    ///
    /// The server owns the process's signals: from here `SIGPIPE` is ignored, so a client
    /// that leaves (or a session's process that ends) while bytes are on their way to it
    /// fails that write with `EPIPE`, which ends that session only, never the server.
    ///
    /// - Throws: the socket's error when the address cannot be bound (in use, not local).
    public func start() async throws {
        guard listener == nil else { return }
        signal(SIGPIPE, SIG_IGN)  // swift-nio does so too on Linux; said here for every platform
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        self.group = group
        let initializer = connectionInitializer()
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer(initializer)
        do {
            let listener = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
            self.listener = listener
            port = listener.localAddress?.port ?? configuration.port
        } catch {
            try? await group.shutdownGracefully()
            self.group = nil
            throw error
        }
        logger.info(
            "listening", metadata: ["address": "\(configuration.host):\(port)", "key": "\(configuration.hostKey.path)"])
    }

    /// Serves until `SIGINT`, `SIGTERM` or `SIGHUP` (or ``shutdown(deadline:)``): then every
    /// client's terminal is restored, told "The server is shutting down.", and closed
    /// within `signalDeadline`.
    public func run(signalDeadline: Duration = .seconds(5)) async throws {
        try await start()
        host.handleSignals(deadline: signalDeadline)
        await host.waitForShutdown()
        try? await listener?.close()
        await endProcesses(deadline: signalDeadline)
        await closeConnections()
    }

    /// Stops listening, ends every session (each client's terminal restored and told the
    /// server is shutting down), and closes every connection; returns within `deadline`
    /// and a second.
    public func shutdown(deadline: Duration = .seconds(5)) async {
        try? await listener?.close()
        await host.shutdown(deadline: deadline)
        await endProcesses(deadline: deadline)
        await closeConnections()
    }

    /// The connections still open (signed in or not).
    public nonisolated var connectionCount: Int { connections.withLockedValue { $0.count } }

    /// What a session channel asks for once its client wants a shell.
    struct OpenRequest: Sendable {
        var user: String
        var address: String
        var term: String
        var environment: [String: String]
        var slave: Int32
    }

    /// Starts the hosted session of one channel, or tells the channel why not.
    func open(_ request: OpenRequest, link: ChannelLink) {
        link.slave = request.slave
        guard !link.clientLeft else { return release(link, status: 1, message: nil) }
        guard request.term != "dumb" else {
            return release(link, status: 2, message: "This form needs a terminal that can move the cursor (TERM=dumb).")
        }
        if let program { return openProcess(request, link: link, program: program) }
        let described = TerminalStrings.describedType(of: request.term, environment: request.environment)
        let strings =
            (try? TerminalStrings.terminfo(described)) ?? (try? TerminalStrings.terminfo(request.term))
            ?? .xterm256Color
        var io = TerminalIO(input: request.slave, output: request.slave, environment: request.environment)
        io.isRemoteTerminal = true
        do {
            let hosted = try host.start(
                io: io, strings: strings, options: configuration.options, presentation: configuration.presentation
            ) { hosted in
                let session = SSHSession(
                    user: request.user, address: request.address, term: request.term,
                    environment: request.environment, hosted: hosted)
                link.ssh = session
                return try application(session)
            }
            link.session = hosted
            link.who = (request.user, request.address)
            links[hosted.id] = link
            logger.info(
                "session started",
                metadata: [
                    "session": "\(hosted.id)", "address": "\(request.address)", "user": "\(request.user)",
                    "term": "\(request.term)",
                ])
        } catch {
            refuseSession(
                link, user: request.user, address: request.address, error: "\(error)", message: Self.message(for: error)
            )
        }
    }

    /// What a client is told when its session could not start for a reason of the server's.
    static let couldNotStart = "This session could not start. The server's log says why."

    /// Logs a session that could not start (who, and why: never a command's words) at
    /// `level`, and tells its channel `message` with status 1.
    func refuseSession(
        _ link: ChannelLink, user: String, address: String, error: String, message: String = couldNotStart,
        level: Logger.Level = .notice
    ) {
        logger.log(
            level: level, "session refused",
            metadata: ["address": "\(address)", "user": "\(user)", "error": "\(error)"])
        release(link, status: 1, message: message)
    }

    /// What a client is told when its session cannot start.
    static func message(for error: any Error) -> String {
        switch error {
        case SessionHost.Refusal.sessionLimit: "The server is serving as many people as it can: try again later."
        case SessionHost.Refusal.shuttingDown: "The server is shutting down: try again later."
        default: couldNotStart
        }
    }

    func release(_ link: ChannelLink, status: Int, message: String?) {
        if link.slave >= 0 { close(link.slave) }
        link.slave = -1
        let said = endConversation(link, status: status, farewell: message)
        link.finish(status, said)
    }

    /// Remembers which channel a hosted session's end is told to.
    func track(_ link: ChannelLink, id: Int) { links[id] = link }

    /// A hosted session ended: its terminal side is closed (the relay reads what is left,
    /// then ends) and its channel told the exit status.
    private func ended(_ end: SessionHost.Ended) {
        guard let link = links.removeValue(forKey: end.id) else { return }
        if let failure = end.error {
            // A conversation's input ended before the form was complete: nothing was submitted.
            release(link, status: 2, message: "\(failure)")
        } else {
            let status =
                switch end.reason {
                case .quit: 0
                case .interrupted: 130
                default: 1
                }
            release(link, status: link.ssh?.exitStatus ?? status, message: link.ssh?.farewell)
        }
        link.ssh = nil
        logger.info(
            "session ended",
            metadata: [
                "session": "\(end.id)", "address": "\(link.who.address)", "user": "\(link.who.user)",
                "reason": "\(end.reason)", "seconds": "\(end.duration.components.seconds)",
                "bytes": "\(end.bytesWritten)", "dropped": "\(end.bytesDropped)",
            ])
    }

    /// Closes every connection and the event loop (after a shutdown).
    private func closeConnections() async {
        try? await listener?.close()
        listener = nil
        // The channels send their exit statuses on the loop; a moment for them to go.
        for _ in 0..<100 where connectionCount > 0 { try? await Task.sleep(for: .milliseconds(10)) }
        for channel in connections.withLockedValue({ Array($0.values) }) { channel.close(promise: nil) }
        try? await group?.shutdownGracefully()
        group = nil
    }
}
