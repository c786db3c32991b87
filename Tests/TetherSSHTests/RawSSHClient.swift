import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH
import TerminalHarness

/// An SSH client on swift-nio-ssh that sends whatever a test asks, in any order: the
/// hostile client OpenSSH never is (absurd terminal sizes, floods of requests, requests a
/// session does not expect). Signs in with a password (for servers that let anyone in) and
/// opens session channels whose bytes, replies and exit status it records.
final class RawSSHClient: Sendable {
    let connection: any Channel

    private init(connection: any Channel) {
        self.connection = connection
    }

    /// Connects to `127.0.0.1:port` as `user` and signs in.
    static func connect(port: Int, user: String = "raw") async throws -> RawSSHClient {
        let connection = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let role = SSHConnectionRole.client(
                        .init(userAuthDelegate: PasswordOffer(user: user), serverAuthDelegate: AnyHostKey()))
                    try channel.pipeline.syncOperations.addHandler(
                        NIOSSHHandler(role: role, allocator: channel.allocator, inboundChildChannelInitializer: nil))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawSSHClient(connection: connection)
    }

    /// Opens a channel of `type` (a session by default) that records what it receives.
    func open(_ type: SSHChannelType = .session) async throws -> RawChannel {
        let recorder = RawChannel.Recorder()
        let connection = self.connection
        let child = try await connection.eventLoop.flatSubmit {
            let promise = connection.eventLoop.makePromise(of: (any Channel).self)
            do {
                let ssh = try connection.pipeline.syncOperations.handler(type: NIOSSHHandler.self)
                ssh.createChannel(promise, channelType: type) { child, _ in
                    child.eventLoop.makeCompletedFuture {
                        _ = child.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
                        try child.pipeline.syncOperations.addHandler(recorder)
                    }
                }
            } catch {
                promise.fail(error)
            }
            return promise.futureResult
        }.get()
        return RawChannel(channel: child, recorder: recorder)
    }

    func close() async {
        try? await connection.close()
    }
}

/// One channel of a ``RawSSHClient``.
struct RawChannel: Sendable {
    let channel: any Channel
    let recorder: Recorder

    /// Sends a channel request (`SSHChannelRequestEvent`'s types).
    func send(_ request: any Sendable) {
        channel.triggerUserOutboundEvent(request, promise: nil)
    }

    /// Sends `text` as channel data.
    func type(_ text: String) {
        let buffer = channel.allocator.buffer(string: text)
        channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer)), promise: nil)
    }

    /// A terminal request of `width`×`height`.
    static func terminal(width: Int, height: Int, term: String = "xterm-256color")
        -> SSHChannelRequestEvent.PseudoTerminalRequest
    {
        .init(
            wantReply: true, term: term, terminalCharacterWidth: width, terminalRowHeight: height,
            terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: .init([:]))
    }

    /// Waits (at most 20 s, times `testPatience`) until what was received satisfies `condition`.
    func waitUntil(_ what: String, _ condition: @escaping @Sendable (Recorder.Received) -> Bool) async throws {
        let deadline = ContinuousClock.now + patient(.seconds(20))
        while !recorder.received.withLockedValue({ condition($0) }) {
            guard ContinuousClock.now < deadline else {
                let text = recorder.received.withLockedValue { String(decoding: $0.bytes.suffix(400), as: UTF8.self) }
                throw HarnessError("timed out waiting for \(what); received last: \(text.debugDescription)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits until the output holds `text`.
    func waitForText(_ text: String) async throws {
        try await waitUntil("\(text.debugDescription) in the output") {
            String(decoding: $0.bytes, as: UTF8.self).contains(text)
        }
    }

    /// What the channel received: bytes (standard output and error), request replies in
    /// order (`true` for success), the exit status, and whether it closed.
    final class Recorder: ChannelInboundHandler, Sendable {
        typealias InboundIn = SSHChannelData

        struct Received {
            var bytes: [UInt8] = []
            var replies: [Bool] = []
            var exitStatus: Int?
            var closed = false
        }

        let received = NIOLockedValueBox(Received())

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .byteBuffer(let buffer) = unwrapInboundIn(data).data else { return }
            received.withLockedValue { $0.bytes += buffer.readableBytesView }
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            switch event {
            case is ChannelSuccessEvent: received.withLockedValue { $0.replies.append(true) }
            case is ChannelFailureEvent: received.withLockedValue { $0.replies.append(false) }
            case let status as SSHChannelRequestEvent.ExitStatus:
                received.withLockedValue { $0.exitStatus = status.exitStatus }
            default: context.fireUserInboundEventTriggered(event)
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            received.withLockedValue { $0.closed = true }
        }
    }
}

/// Offers a password (any, for a server that lets anyone in), once.
private final class PasswordOffer: NIOSSHClientUserAuthenticationDelegate {
    let user: String
    private var offered = false

    init(user: String) { self.user = user }

    func nextAuthenticationType(
        availableMethods: NIOSSHAvailableUserAuthenticationMethods,
        nextChallengePromise: EventLoopPromise<NIOSSHUserAuthenticationOffer?>
    ) {
        guard !offered, availableMethods.contains(.password) else { return nextChallengePromise.succeed(nil) }
        offered = true
        nextChallengePromise.succeed(.init(username: user, serviceName: "", offer: .password(.init(password: "x"))))
    }
}

/// Trusts any host key (the test's own server on loopback).
private final class AnyHostKey: NIOSSHClientServerAuthenticationDelegate {
    func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) {
        validationCompletePromise.succeed(())
    }
}
