#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import TetherReactive
import TetherSSH
import TetherUI

/// A server on a free loopback port with a fresh host key, a client key pair made by
/// OpenSSH's `ssh-keygen` (its public half the only authorized key), and clients: OpenSSH's
/// `ssh` in private tmux servers. Each session is a text field bound to that session's own
/// relay; Enter quits.
@MainActor
final class SSHFixture {
    let directory: String
    let server: SSHServer
    /// Each session's relay, by session id, and the sessions as the factory saw them.
    var names: [Int: BehaviorRelay<String>] = [:]
    var sessions: [SSHSession] = []
    /// Makes a session's application; by default the text field.
    var factory: ((SSHSession) throws -> Application)?

    init(
        limits: SSHServer.Limits = SSHServer.Limits(),
        authentication: ((String) throws -> SSHServer.Authentication)? = nil,
        program: SSHServer.SessionProgram? = nil, acceptsCommandWords: Bool = false
    ) async throws {
        var template = Array("/tmp/tether-ssh-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw HarnessError("cannot make a scratch directory")
        }
        directory = String(cString: made)
        let keygen = await ProcessRunner.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", directory + "/id"])
        guard keygen.status == 0 else { throw HarnessError("ssh-keygen failed: \(keygen.stderr)") }
        let keys = try AuthorizedKeys(contentsOf: directory + "/id.pub")
        let hostKey = try HostKeyFile.loadOrCreate(at: directory + "/host-key")
        let auth = try authentication?(directory) ?? SSHServer.Authentication(authorizedKeys: keys)
        // Weak: the fixture owns the server, whose factory must not own the fixture back.
        weak var box: SSHFixture?
        let configuration = SSHServer.Configuration(
            port: 0, hostKey: hostKey, authentication: auth, limits: limits, acceptsCommandWords: acceptsCommandWords)
        if let program {
            server = SSHServer(configuration: configuration, program: program)
        } else {
            server = SSHServer(configuration: configuration) { session in
                guard let fixture = box else { throw HarnessError("no fixture") }
                return try fixture.makeApplication(session)
            }
        }
        box = self
    }

    func makeApplication(_ session: SSHSession) throws -> Application {
        sessions.append(session)
        if let factory { return try factory(session) }
        let name = BehaviorRelay(value: "")
        names[session.hosted.id] = name
        let field = TextField(placeholder: "name")
        let bag = DisposeBag()
        (field.rx.text <-> name).disposed(by: bag)
        session.keep(bag)
        let app = Application(
            root: VStack([Label("user \(session.user)", role: .accent), field]), backend: session.backend)
        _ = app.onKey(.enter) { [weak app] in app?.quit() }
        session.farewell = "bye \(session.user)"
        return app
    }

    /// `ssh` to the server as `user` with the fixture's key (no agent, no known hosts,
    /// no password prompt), then `extra` options.
    func sshArguments(user: String = "ada", _ extra: [String] = []) -> [String] {
        [
            "ssh", "-p", "\(server.port)", "-i", directory + "/id", "-o", "IdentitiesOnly=yes", "-o",
            "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o",
            "BatchMode=yes", "-o", "ConnectTimeout=10",
        ] + extra + ["\(user)@127.0.0.1"]
    }

    /// A client in tmux at `width`×`height`, drawing in the pane; what it leaves is in
    /// the scratch files `err` (its standard error), `status` (its exit status), `before`
    /// and `after` (`stty -g` of the pane's terminal around it). `setUp` is shell run in the
    /// pane first (`tmux` there is the pane's own server).
    func client(
        user: String = "ada", _ extra: [String] = [], width: Int = 60, height: Int = 10, environment: [String] = [],
        setUp: String = ""
    ) throws -> TmuxSession {
        let ssh = sshArguments(user: user, extra).map(shellQuoted).joined(separator: " ")
        return try TmuxSession(
            command: "\(setUp)stty -g > before; \(ssh) 2> err; echo $? > status; stty -g > after; exec sleep 600",
            width: width, height: height, environment: environment)
    }

    /// Waits (the main actor free for the sessions) until `condition` holds, at most 20 s.
    func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + patient(.seconds(20))
        while !condition() {
            guard ContinuousClock.now < deadline else { throw HarnessError("timed out waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    func stop() async {
        await server.shutdown(deadline: .seconds(2))
        _ = await ProcessRunner.run(["rm", "-rf", directory])
    }
}
