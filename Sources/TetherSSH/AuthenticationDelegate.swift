import Logging
import NIOCore
import NIOSSH

/// Decides one connection's sign-in: a key from the authorized keys, a password the app's
/// callback accepts, or anyone when the app asked for anonymous access. Each failure counts
/// against the address; past its limit the connection is closed.
final class AuthenticationDelegate: NIOSSHServerUserAuthenticationDelegate, @unchecked Sendable {
    let authentication: SSHServer.Authentication
    let address: String
    /// The address without its port: what the limits count.
    let ip: String
    let ledger: ConnectionLedger
    let logger: Logger
    /// Closes the connection (past the failure limit).
    let close: @Sendable () -> Void
    /// The user name that signed in (set on the connection's event loop only).
    private(set) var user: String?

    init(
        authentication: SSHServer.Authentication, address: String, ip: String, ledger: ConnectionLedger,
        logger: Logger,
        close: @escaping @Sendable () -> Void
    ) {
        self.authentication = authentication
        self.address = address
        self.ip = ip
        self.ledger = ledger
        self.logger = logger
        self.close = close
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods {
        if authentication.allowsAnyone { return [.publicKey, .password] }
        var methods: NIOSSHAvailableUserAuthenticationMethods = []
        if authentication.authorizedKeys != nil { methods.insert(.publicKey) }
        if authentication.password != nil { methods.insert(.password) }
        return methods
    }

    func requestReceived(
        request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
    ) {
        let accepted: Bool
        let method: String
        switch request.request {
        case .publicKey(let offer):
            method = "publickey"
            accepted = authentication.allowsAnyone || authentication.authorizedKeys?.contains(offer.publicKey) == true
        case .password(let offer):
            method = "password"
            accepted =
                authentication.allowsAnyone || authentication.password?(request.username, offer.password) == true
        case .none where authentication.allowsAnyone:
            // Every client asks "none" first: a server that lets anyone in says yes, so
            // nobody is asked for a password that means nothing.
            method = "none"
            accepted = true
        default:
            // "none" (every client asks it first, to learn the methods) and host-based:
            // refused without counting as a failed sign-in.
            responsePromise.succeed(.failure)
            return
        }
        if accepted {
            user = request.username
            responsePromise.succeed(.success)
            return
        }
        logger.info(
            "sign-in refused",
            metadata: ["address": .string(address), "user": .string(request.username), "method": .string(method)])
        responsePromise.succeed(.failure)
        if ledger.failed(ip) { close() }
    }
}
