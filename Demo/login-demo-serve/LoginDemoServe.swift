#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Dispatch
import LoginDemoCore
import Tether
import TetherSSH

/// `login-demo-serve` (also `login-demo --serve`, which runs it): the login form served over
/// SSH, one form and view model per person, all in this process (TetherSSH; docs/serving.md).
/// A program of its own so that the form's own program links neither swift-nio nor
/// Foundation (decision 0115).
@main
struct LoginDemoServe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login-demo-serve",
        abstract: "The login form served over SSH: one form per person, sign in as demo / tether-demo.",
        discussion: """
            Each person connects with ssh -p PORT HOST and signs in with a key from --authorized-keys \
            (or with anything, given --anonymous). Ctrl-C (SIGINT), SIGTERM or SIGHUP stops the server: \
            every person is told and gets their terminal back. One line per session goes to standard \
            error, never a password.
            """)

    @Option(
        help: ArgumentHelp(
            "Listen on PORT or HOST:PORT (127.0.0.1 unless a host is given); 0 picks a free port.",
            valueName: "[HOST:]PORT"))
    var serve: String

    @Option(help: ArgumentHelp("The server's key, made on first start, readable by you only.", valueName: "FILE"))
    var hostKey = "login-demo-host-key"

    @Option(help: ArgumentHelp("The public keys that may sign in, as in ~/.ssh/authorized_keys.", valueName: "FILE"))
    var authorizedKeys: String?

    @Flag(help: "Let anyone in, without a key or password.")
    var anonymous = false

    @Option(help: "Connections one address may have open at once (all local clients share 127.0.0.1).")
    var connectionsPerAddress = SSHServer.Limits().connectionsPerAddress

    @Option(help: "Simulated network delay of a sign-in, in seconds.")
    var delay: Double = 0.8

    @Flag(help: "Ignore the mouse (clicks, drags and the wheel).")
    var noMouse = false

    @Flag(
        help: """
            Run each person's form in a process of its own (the login-demo program beside this one): \
            a crash ends that session only.
            """)
    var processPerSession = false

    mutating func validate() throws {
        guard delay.isFinite, delay >= 0, delay <= 3600 else {
            throw ValidationError("--delay must be between 0 and 3600 seconds")
        }
    }

    func run() throws {
        LoginDemoServe.serve(
            Serving(address: serve, hostKey: hostKey, authorizedKeys: authorizedKeys, anonymous: anonymous),
            limits: SSHServer.Limits(connectionsPerAddress: max(1, connectionsPerAddress)), delay: delay,
            mouse: !noMouse, program: processPerSession ? Self.program(delay: delay, mouse: !noMouse) : nil)
    }
}

extension LoginDemoServe {
    /// What `--serve` and its options chose.
    struct Serving {
        var address: String
        var hostKey: String
        var authorizedKeys: String?
        var anonymous: Bool
    }

    /// `HOST:PORT` or `PORT` (on 127.0.0.1); `nil` when it is neither.
    static func listenAddress(_ text: String) -> (host: String, port: Int)? {
        var host = "127.0.0.1"
        var portText = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon].filter { $0 != "[" && $0 != "]" })
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, let port = Int(portText), (0...65_535).contains(port) else { return nil }
        return (host, port)
    }

    /// `login-demo` in the folder this program is in, with the same delay and mouse.
    static func program(delay: Double, mouse: Bool) -> SSHServer.SessionProgram {
        .init(path: ownFolder + "/login-demo", arguments: ["--delay", "\(delay)"] + (mouse ? [] : ["--no-mouse"]))
    }

    /// The folder of this program's executable (`/proc/self/exe`: `login-demo --serve` starts
    /// it with the bare name `login-demo-serve`, so its first argument names no folder).
    static var ownFolder: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let own =
            length > 0
            ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments[0]
        return own.lastIndex(of: "/").map { String(own[..<$0]) } ?? "."
    }

    /// Serves until SIGINT, SIGTERM or SIGHUP; never returns.
    static func serve(
        _ serving: Serving, limits: SSHServer.Limits, delay seconds: Double, mouse: Bool,
        program: SSHServer.SessionProgram?
    ) -> Never {
        guard let (host, port) = listenAddress(serving.address) else {
            ProgramOutput.fail(
                "login-demo-serve: --serve takes PORT or HOST:PORT (such as 2222 or 0.0.0.0:2222), not \(serving.address)",
                status: 2)
        }
        let authentication: SSHServer.Authentication
        let hostKey: HostKeyFile
        do {
            hostKey = try HostKeyFile.loadOrCreate(at: serving.hostKey)
            authentication = try serverAuthentication(serving)
        } catch {
            ProgramOutput.fail("login-demo-serve: \(error)", status: 2)
        }
        let delay = Duration.milliseconds(Int64(seconds * 1000))
        Task { @MainActor in
            let configuration = SSHServer.Configuration(
                host: host, port: port, hostKey: hostKey, authentication: authentication, limits: limits,
                options: .init(mouse: mouse))
            let server =
                if let program {
                    SSHServer(configuration: configuration, program: program)
                } else {
                    SSHServer(configuration: configuration) { session in
                        sessionApplication(session, delay: delay, mouse: mouse)
                    }
                }
            do {
                try await server.start()
            } catch {
                ProgramOutput.fail("login-demo-serve: cannot listen on \(host):\(port): \(error)", status: 2)
            }
            if hostKey.created { printError("login-demo-serve: made a new host key in \(hostKey.path)") }
            printError(
                "login-demo-serve: serving the login form on \(host):\(server.port); try: ssh -p \(server.port) \(host == "0.0.0.0" || host == "::" ? "localhost" : host)"
            )
            printError(
                "login-demo-serve: Ctrl-C here stops the server (every session is told and its terminal restored)")
            try? await server.run()
            LoginDemoServe.exit()  // status 0
        }
        dispatchMain()
    }

    /// The keys in `--authorized-keys`, or anyone with `--anonymous`.
    static func serverAuthentication(_ serving: Serving) throws -> SSHServer.Authentication {
        if serving.anonymous { return .anonymous }
        guard let path = serving.authorizedKeys else {
            throw ServeError(
                "give --authorized-keys FILE (public keys, one a line, as in ~/.ssh/authorized_keys), or --anonymous to let anyone in"
            )
        }
        let keys = try AuthorizedKeys(contentsOf: path)
        for problem in keys.problems { printError("login-demo-serve: \(path) \(problem) (skipped)") }
        guard !keys.keys.isEmpty else {
            throw ServeError("\(path) holds no key the server can use: nobody could sign in")
        }
        return .init(authorizedKeys: keys)
    }

    /// One person's form: its own view model and screen on the session's backend; the
    /// client is told the outcome once its terminal is back.
    @MainActor
    static func sessionApplication(_ session: SSHSession, delay: Duration, mouse: Bool) -> Application {
        let screen = LoginScreen(viewModel: LoginViewModel(scheduler: MainScheduler.instance, delay: delay))
        let app = Application(root: screen.root, backend: session.backend, mouse: mouse)
        screen.attach(to: app)
        session.keep(screen)
        session.exitStatus = 1
        session.farewell = "Not signed in."
        let bag = DisposeBag()
        // In a terminal the client is told after its screen is back; without one (ssh -T) the
        // outcome is the one line login-demo prints on standard output.
        let terminal = session.hasTerminal
        screen.viewModel.signedIn.subscribe(onNext: { [weak session] signed in
            session?.farewell =
                terminal ? "✔ Signed in as \(signed.username)" : LoginScreen.Outcome.signedIn(signed).summary
            session?.exitStatus = 0
        }).disposed(by: bag)
        session.keep(bag)
        return app
    }

    struct ServeError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension LoginDemoServe {
    static func printError(_ message: String) { ProgramOutput.printError(message) }
}
