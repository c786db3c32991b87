#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CTetherPty
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH
import TetherUI

/// One SSH session channel on its connection's event loop: answers every request (a
/// request left unanswered with `want-reply` hangs OpenSSH), opens a pseudo-terminal for
/// the shell, relays bytes between the channel and the terminal's side, and closes the
/// channel with an exit status once the hosted session has ended.
final class SessionChannelHandler: ChannelDuplexHandler {
    typealias InboundIn = SSHChannelData
    typealias InboundOut = Never
    typealias OutboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    let server: SSHServer
    let limits: SSHServer.Limits
    let user: String
    let address: String
    private(set) var term: String?
    private var size = Size(width: 80, height: 24)
    private(set) var environment: [String: String] = [:]
    var started = false
    var link: ChannelLink?
    /// The terminal side's relay; for a command, the relay of the process's input and output.
    var master: (any Channel)?
    /// For a command: the relay of the process's standard error.
    var errorSide: (any Channel)?
    /// Relays started and not yet ended (the terminal side; a command's output and error):
    /// the channel closes after the last.
    var openRelays = 0
    /// Bytes the relays passed on to the client, in all.
    var relayedBytes = 0
    /// Whether the session runs a command's process on pipes (no terminal).
    var onPipes = false
    private(set) var context: ChannelHandlerContext?
    var exitStatus: Int?
    /// Said to the client once the terminal's last bytes are relayed (its screen restored).
    private var farewell: String?
    /// What the client sent before the relay was there.
    private var pendingInput: [ByteBuffer] = []
    /// Whether the client ended its input (`ssh` read the end of its standard input).
    private var inputEnded = false
    /// Whether the exit status was sent and the channel is closing.
    private var closing = false
    /// Bytes from the client handed to the terminal side and not yet taken by it.
    private var inputBacklog = 0

    /// Client variables a session takes; any other is refused (never the server's own).
    static let acceptedVariables: Set<String> = ["LANG", "COLORTERM", "NO_COLOR", "TERM_PROGRAM"]

    init(server: SSHServer, limits: SSHServer.Limits, user: String, address: String) {
        self.server = server
        self.limits = limits
        self.user = user
        self.address = address
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        // The link's `finish` holds this handler: let go of both once the channel is gone.
        self.context = nil
        link = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            let accepted = !started && acceptTerminal(request)
            reply(accepted, request.wantReply, context)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            reply(!started && acceptVariable(request.name, request.value), request.wantReply, context)
        case let request as SSHChannelRequestEvent.ShellRequest:
            reply(!started, request.wantReply, context)
            if !started, term == nil {
                startCommand(context, command: "")
            } else if !started {
                startShell(context)
            }
        case let request as SSHChannelRequestEvent.ExecRequest:
            reply(!started, request.wantReply, context)
            if !started { startCommand(context, command: request.command) }
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            resize(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            reply(false, request.wantReply, context)
        case is ChannelEvent:
            // A command's process reads the end of its input; a terminal's relay just ends.
            if case .inputClosed = event as? ChannelEvent {
                inputEnded = true
                master?.close(mode: onPipes ? .output : .all, promise: nil)
            }
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func reply(_ accepted: Bool, _ wantReply: Bool, _ context: ChannelHandlerContext) {
        guard wantReply else { return }
        let event: Any = accepted ? ChannelSuccessEvent() : ChannelFailureEvent()
        context.triggerUserOutboundEvent(event, promise: nil)
    }

    private func acceptTerminal(_ request: SSHChannelRequestEvent.PseudoTerminalRequest) -> Bool {
        guard request.term.utf8.count <= 64, request.term.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            return false
        }
        term = request.term
        size = bounded(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
        return true
    }

    private func acceptVariable(_ name: String, _ value: String) -> Bool {
        let known = Self.acceptedVariables.contains(name) || name.hasPrefix("LC_")
        guard known, name.utf8.count <= 64, value.utf8.count <= limits.longestEnvironmentValue,
            environment[name] != nil || environment.count < limits.environmentVariables
        else { return false }
        environment[name] = value
        return true
    }

    private func bounded(columns: Int, rows: Int) -> Size {
        let largest = limits.largestTerminal
        return Size(
            width: columns > 0 ? min(columns, largest.width) : 80, height: rows > 0 ? min(rows, largest.height) : 24)
    }

    private func resize(columns: Int, rows: Int) {
        size = bounded(columns: columns, rows: rows)
        guard let link, let master, master.isActive else { return }
        let fd = ptyMaster
        guard fd >= 0 else { return }
        _ = tether_set_pty_size(fd, UInt16(size.width), UInt16(size.height))
        // One hop to the main actor at a time, however many changes come meanwhile: the
        // session reads the pseudo-terminal's size when it runs, which is the latest.
        guard
            !resizePending.withLockedValue({ pending in
                defer { pending = true }; return pending
            })
        else { return }
        let pending = resizePending
        Task { @MainActor in
            pending.withLockedValue { $0 = false }
            link.resized()
        }
    }

    /// Whether a resize is on its way to the main actor (a flood of window changes makes
    /// one hop, not one each).
    private let resizePending = NIOLockedValueBox(false)

    /// The terminal side's descriptor while the relay runs.
    private var ptyMaster: Int32 = -1

    // MARK: - The shell

    private func startShell(_ context: ChannelHandlerContext) {
        started = true
        guard term != nil else {
            refuse(context, "This form needs a terminal: connect with ssh -t.", 2)
            return
        }
        var masterFD: Int32 = -1, slaveFD: Int32 = -1
        guard tether_open_pty(&masterFD, &slaveFD, UInt16(size.width), UInt16(size.height)) == 0 else {
            refuse(context, "The server cannot open a terminal for this session now: try again later.", 1)
            return
        }
        ptyMaster = masterFD
        let loop = context.eventLoop
        let bound = NIOLoopBound(self, eventLoop: loop)
        let link = ChannelLink { status, message in
            loop.execute { bound.value.sessionEnded(status: status, message: message) }
        }
        self.link = link
        openRelays = 1
        let channel = context.channel
        let slave = slaveFD
        NIOPipeBootstrap(group: loop)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: false)
            .channelInitializer { pipe in
                pipe.eventLoop.makeCompletedFuture {
                    try pipe.pipeline.syncOperations.addHandler(TerminalSideHandler(session: bound, channel: channel))
                }
            }
            .takingOwnershipOfDescriptor(inputOutput: masterFD)
            .whenComplete { result in
                bound.value.relayStarted(result, slave: slave)
            }
    }

    func relayStarted(_ result: Result<any Channel, any Error>, slave: Int32) {
        guard case .success(let pipe) = result, let link, context != nil else {
            closeDescriptor(slave)
            if case .failure = result { closeDescriptor(ptyMaster) }
            ptyMaster = -1
            if let context { refuse(context, "The server cannot open a terminal for this session now.", 1) }
            return
        }
        relayReady(pipe)
        let request = SSHServer.OpenRequest(
            user: user, address: address, term: term ?? "xterm-256color",
            environment: environment.merging(["TERM": term ?? "xterm-256color"]) { $1 }, slave: slave)
        let server = self.server
        Task { @MainActor in server.open(request, link: link) }
    }

    /// The hosted session ended (or never started): say `message`, then close with
    /// `status` once every relay read its side's last bytes (the terminal's, or a command's
    /// standard output and error), or once 3 s pass with none relayed: a client that stopped
    /// taking them (a slow one that still takes some keeps its tail).
    func sessionEnded(status: Int, message: String?) {
        exitStatus = status
        farewell = message
        guard openRelays > 0 else { return closeChannel() }
        closeUnlessRelaying(since: relayedBytes)
    }

    /// In 3 s: closes the channel if nothing was relayed since `count` bytes, else waits again.
    private func closeUnlessRelaying(since count: Int) {
        guard let context, !closing else { return }
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .seconds(3)) {
            let session = bound.value
            if session.relayedBytes == count {
                session.closeChannel()
            } else {
                session.closeUnlessRelaying(since: session.relayedBytes)
            }
        }
    }

    /// The terminal side's relay (a command's standard output) closed: its bytes are all relayed.
    func relayEnded() {
        master = nil
        ptyMaster = -1
        relayClosed()
        if let link { Task { @MainActor in link.relayEnded() } }
    }

    /// A command's standard error closed: its bytes are all relayed.
    func errorRelayEnded() {
        errorSide = nil
        relayClosed()
    }

    /// One relay fewer; the channel closes once the session ended and none is left.
    private func relayClosed() {
        openRelays = max(0, openRelays - 1)
        if exitStatus != nil, openRelays == 0 { closeChannel() }
    }

    func closeChannel() {
        guard let context, context.channel.isActive, !closing else { return }
        closing = true
        master?.close(promise: nil)
        errorSide?.close(promise: nil)
        if let farewell {
            self.farewell = nil
            if onPipes {
                write(Array("\(farewell)\n".utf8), context, type: .stdErr)
            } else {
                write(Array("\(farewell)\r\n".utf8), context)
            }
        }
        let status = SSHChannelRequestEvent.ExitStatus(exitStatus: exitStatus ?? 1)
        let channel = context.channel
        context.triggerUserOutboundEvent(status).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Tells the client why its session does not start (or ends), logs it, and closes with
    /// `status`. `message` never quotes what the client sent.
    func refuse(_ context: ChannelHandlerContext, _ message: String, _ status: Int) {
        server.logger.notice(
            "session refused",
            metadata: ["address": "\(address)", "user": "\(user)", "status": "\(status)", "reason": "\(message)"])
        exitStatus = status
        // A client's terminal in raw mode needs the carriage return; a pipe does not.
        write(Array("\(message)\(term == nil ? "\n" : "\r\n")".utf8), context, type: .stdErr)
        closeChannel()
    }

    private func write(_ bytes: [UInt8], _ context: ChannelHandlerContext, type: SSHChannelData.DataType = .channel) {
        let buffer = context.channel.allocator.buffer(bytes: bytes)
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: type, data: .byteBuffer(buffer))), promise: nil)
    }

    // MARK: - Bytes from the client

    /// `64 MiB`, `512 KiB`, `100 bytes`.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .channel = message.type, case .byteBuffer(let bytes) = message.data, started, !closing else {
            return
        }
        inputBacklog += bytes.readableBytes
        guard inputBacklog <= limits.inputBacklog else {
            let link = self.link
            master?.close(promise: nil)
            pendingInput = []
            let limit = Self.describe(bytes: limits.inputBacklog)
            refuse(context, "This session sent more than \(limit) faster than it could be read, and was ended.", 1)
            Task { @MainActor in link?.left() }
            return
        }
        // Sent before the terminal side (or the command's process) is there: kept until it is.
        guard let master else { return pendingInput.append(bytes) }
        send(bytes, to: master, context)
    }

    private func send(_ bytes: ByteBuffer, to master: any Channel, _ context: ChannelHandlerContext) {
        let count = bytes.readableBytes
        let promise = context.eventLoop.makePromise(of: Void.self)
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        promise.futureResult.whenComplete { _ in bound.value.inputBacklog -= count }
        master.writeAndFlush(bytes, promise: promise)
    }

    /// The terminal side's relay (or a command's) is there: what the client sent meanwhile
    /// goes first, then the end of its input if it came.
    func relayReady(_ pipe: any Channel) {
        master = pipe
        guard let context else { return }
        for bytes in pendingInput { send(bytes, to: pipe, context) }
        pendingInput = []
        if inputEnded { pipe.close(mode: onPipes ? .output : .all, promise: nil) }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // The client reads slowly: stop reading the terminal side (and a command's standard
        // error), so the session's own output queue or the process's pipes fill and their
        // limits apply, never a backlog in the server.
        _ = master?.setOption(ChannelOptions.autoRead, value: context.channel.isWritable)
        _ = errorSide?.setOption(ChannelOptions.autoRead, value: context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        master?.close(promise: nil)
        if let link { Task { @MainActor in link.left() } }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
