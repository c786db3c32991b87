import Dispatch
import LoginDemoCore
import Tether
import TetherSSH

/// `login-demo --serve [HOST:]PORT`: the login form served over SSH, one form and view
/// model per person, all in this process (TetherSSH; docs/serving.md).
extension LoginDemo {
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

    /// Serves until SIGINT, SIGTERM or SIGHUP; never returns.
    static func serve(_ serving: Serving, options: Options) -> Never {
        guard let (host, port) = listenAddress(serving.address) else {
            printError(
                "login-demo: --serve takes PORT or HOST:PORT (such as 2222 or 0.0.0.0:2222), not \(serving.address)")
            exitProcess(2)
        }
        let authentication: SSHServer.Authentication
        let hostKey: HostKeyFile
        do {
            hostKey = try HostKeyFile.loadOrCreate(at: serving.hostKey)
            authentication = try serverAuthentication(serving)
        } catch {
            printError("login-demo: \(error)")
            exitProcess(2)
        }
        let delay = Duration.milliseconds(Int64(options.delay * 1000))
        Task { @MainActor in
            let server = SSHServer(
                configuration: .init(
                    host: host, port: port, hostKey: hostKey, authentication: authentication,
                    options: .init(mouse: options.mouse))
            ) { session in
                sessionApplication(session, delay: delay, theme: options.theme, mouse: options.mouse)
            }
            do {
                try await server.start()
            } catch {
                printError("login-demo: cannot listen on \(host):\(port): \(error)")
                exitProcess(2)
            }
            if hostKey.created { printError("login-demo: made a new host key in \(hostKey.path)") }
            printError(
                "login-demo: serving the login form on \(host):\(server.port); try: ssh -p \(server.port) \(host == "0.0.0.0" || host == "::" ? "localhost" : host)"
            )
            printError("login-demo: Ctrl-C here stops the server (every session is told and its terminal restored)")
            try? await server.run()
            exitProcess(0)
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
        for problem in keys.problems { printError("login-demo: \(path) \(problem) (skipped)") }
        guard !keys.keys.isEmpty else {
            throw ServeError("\(path) holds no key the server can use: nobody could sign in")
        }
        return .init(authorizedKeys: keys)
    }

    /// One person's form: its own view model and screen on the session's backend; the
    /// client is told the outcome once its terminal is back.
    @MainActor
    static func sessionApplication(_ session: SSHSession, delay: Duration, theme: ThemeName, mouse: Bool)
        -> Application
    {
        let screen = LoginScreen(viewModel: LoginViewModel(scheduler: MainScheduler.instance, delay: delay))
        let app = Application(root: screen.root, backend: session.backend, theme: theme.theme, mouse: mouse)
        screen.attach(to: app)
        session.keep(screen)
        session.exitStatus = 1
        session.farewell = "Not signed in."
        let bag = DisposeBag()
        screen.viewModel.signedIn.subscribe(onNext: { [weak session] signed in
            session?.farewell = "✔ Signed in as \(signed.username)"
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
