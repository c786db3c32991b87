import Logging
import NIOCore
import NIOSSH

extension SSHServer {
    /// Sets up each accepted connection, on its event loop: refused at once when its
    /// address (or everyone) is over a limit, before any key exchange; otherwise SSH with
    /// this server's host key and sign-in, a minute to sign in, and a session handler for
    /// each session channel (any other channel type is refused).
    nonisolated func connectionInitializer() -> @Sendable (any Channel) -> EventLoopFuture<Void> {
        let ledger = self.ledgerForConnections
        let logger = self.logger
        let configuration = self.configuration
        let connections = self.connectionTable
        let server = self
        return { channel in
            let address = channel.remoteAddress.map(Self.describe) ?? "unknown"
            // Limits count per machine, whatever port each connection comes from.
            let ip = channel.remoteAddress?.ipAddress ?? "unknown"
            if let refusal = ledger.admit(ip) {
                logger.notice("connection refused", metadata: ["address": "\(address)", "why": "\(refusal)"])
                return channel.close()
            }
            let key = ObjectIdentifier(channel)
            connections.withLockedValue { $0[key] = channel }
            channel.closeFuture.whenComplete { _ in
                ledger.closed(ip)
                _ = connections.withLockedValue { $0.removeValue(forKey: key) }
            }
            let auth = AuthenticationDelegate(
                authentication: configuration.authentication, address: address, ip: ip, ledger: ledger,
                logger: logger,
                close: { channel.close(promise: nil) })
            channel.eventLoop.scheduleTask(in: .seconds(60)) {
                if auth.user == nil { channel.close(promise: nil) }
            }
            let limits = configuration.limits
            return channel.eventLoop.makeCompletedFuture {
                var serverConfiguration = SSHServerConfiguration(
                    hostKeys: [configuration.hostKey.key], userAuthDelegate: auth)
                serverConfiguration.maxAuthAttempts = 10
                let ssh = NIOSSHHandler(
                    role: .server(serverConfiguration), allocator: channel.allocator,
                    inboundChildChannelInitializer: { child, type in
                        guard case .session = type else {
                            return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
                        }
                        return child.eventLoop.makeCompletedFuture {
                            let handler = SessionChannelHandler(
                                server: server, limits: limits, user: auth.user ?? "", address: address)
                            try child.pipeline.syncOperations.addHandler(handler)
                        }
                    })
                try channel.pipeline.syncOperations.addHandlers([ssh, ConnectionErrorHandler()])
            }
        }
    }

    /// `203.0.113.7:51234`, `[2001:db8::1]:51234`.
    nonisolated static func describe(_ address: SocketAddress) -> String {
        let ip = address.ipAddress ?? "unknown"
        let port = address.port.map { ":\($0)" } ?? ""
        return ip.contains(":") ? "[\(ip)]\(port)" : ip + port
    }
}

/// Ends a connection whose bytes broke the protocol (malformed packets, a failed key
/// exchange): that connection only.
final class ConnectionErrorHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = Any

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
