#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CTetherPty
import TetherTerminal

extension SSHServer {
    /// A program each session runs in a process of its own, for apps that need crash
    /// isolation: a trap in one session's process ends that session only, and the server
    /// puts the client's terminal back itself.
    ///
    /// The program runs in a session of its own with the pseudo-terminal as its controlling
    /// terminal (standard input, output and error), every signal at its default. Its
    /// environment is ``environment`` (the server's choice; nothing of the server's own
    /// environment is passed unless put here), then the client's `TERM`, `LANG`, `LC_*`,
    /// `COLORTERM`, `NO_COLOR` and `TERM_PROGRAM`, then `TETHER_SSH_USER` (the user name the
    /// client signed in with) and `TETHER_SSH_CLIENT` (its address). A window change
    /// resizes the pseudo-terminal (the program gets `SIGWINCH`); the client leaving closes
    /// it (the program gets `SIGHUP`); ``SSHServer/shutdown(deadline:)`` sends `SIGTERM`,
    /// then `SIGKILL` at the deadline. The client's `ssh` ends with the program's exit
    /// status (128 + the signal's number when a signal ended it).
    public struct SessionProgram: Sendable {
        /// The executable's path (not looked up in `PATH`).
        public var path: String
        /// Its arguments, after its name.
        public var arguments: [String]
        /// Variables every session's process gets.
        public var environment: [String: String]
        /// Whether a client's command (`ssh host -- ARGS`) gives the program arguments after
        /// ``arguments``; off, a command with words is refused (exit status 2), and a client
        /// answers on standard input instead (`ssh -T host`). Turn it on only for a program
        /// whose every option is an answer: an option that names a file (an answers file, a
        /// record, a password file) would let any client name a file on the server.
        public var acceptsCommandWords: Bool

        /// `path` with `arguments` and `environment`; commands' words only when
        /// `acceptsCommandWords`.
        public init(
            path: String, arguments: [String] = [], environment: [String: String] = [:],
            acceptsCommandWords: Bool = false
        ) {
            self.path = path
            self.arguments = arguments
            self.environment = environment
            self.acceptsCommandWords = acceptsCommandWords
        }
    }

    /// What a client's terminal is sent when its session's process was ended by a signal
    /// (it could not restore the terminal itself): the main screen, mouse reporting,
    /// bracketed paste, focus events and the kitty keyboard level off, plain attributes,
    /// the cursor shown.
    static let terminalReset =
        "\u{1B}[?1049l\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?1004l\u{1B}[<u\u{1B}[0m\u{1B}[?25h"

    /// One session's process.
    struct Child {
        let link: ChannelLink
        let started: ContinuousClock.Instant
        /// Whether it runs on the client's terminal (not on pipes, for a command).
        var terminal = true
    }

    /// Starts `program` on the channel's pseudo-terminal, or tells the channel why not.
    func openProcess(_ request: OpenRequest, link: ChannelLink, program: SessionProgram) {
        guard children.count < configuration.limits.host.sessions, accepting else {
            let error: SessionHost.Refusal =
                accepting ? .sessionLimit(configuration.limits.host.sessions) : .shuttingDown
            return release(link, status: 1, message: Self.message(for: error))
        }
        var environment = program.environment.merging(request.environment) { $1 }
        environment["TETHER_SSH_USER"] = request.user
        environment["TETHER_SSH_CLIENT"] = request.address
        guard let pid = Self.spawn(program, environment: environment, slave: request.slave) else {
            return refuseSession(
                link, user: request.user, address: request.address, error: "errno \(errno)", level: .error)
        }
        // The process holds the terminal now; the relay ends when it closes it (it exited).
        close(link.slave)
        link.slave = -1
        link.who = (request.user, request.address)
        link.onRelayEnded = { [weak self] in self?.reap(pid) }
        children[pid] = Child(link: link, started: .now)
        logger.info(
            "session started",
            metadata: [
                "pid": "\(pid)", "address": "\(request.address)", "user": "\(request.user)",
                "term": "\(request.term)",
            ])
    }

    /// `posix_spawn` of `program` on the terminal `slave` belongs to; `nil` with errno set.
    static func spawn(_ program: SessionProgram, environment: [String: String], slave: Int32) -> pid_t? {
        let argv = ([program.path] + program.arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var pid: Int32 = 0
        guard tether_spawn_on_pty(program.path, argv, envp, slave, &pid) == 0 else { return nil }
        return pid_t(pid)
    }

    /// The session's process closed its terminal (or the client left and the server closed
    /// it): collects its exit status, waiting up to a second before `SIGKILL`, and ends
    /// the channel with it.
    func reap(_ pid: pid_t) {
        Task { @MainActor in
            var status: Int32 = 0
            for attempt in 0..<300 {
                let done = waitpid(pid, &status, WNOHANG)
                if done == pid || done < 0 { break }
                if attempt == 100 { kill(-pid, SIGKILL) }
                try? await Task.sleep(for: .milliseconds(10))
            }
            processEnded(pid, status: status)
        }
    }

    private func processEnded(_ pid: pid_t, status: Int32) {
        guard let child = children.removeValue(forKey: pid) else { return }
        let signal = status & 0x7F
        let exit: Int, message: String?
        if signal == 0 {
            exit = Int((status >> 8) & 0xFF)
            message = nil
        } else {
            exit = 128 + Int(signal)
            message =
                (child.terminal ? Self.terminalReset + "\r\n" : "")
                + (accepting
                    ? "The form stopped unexpectedly (signal \(signal)); the server goes on: connect again to start over."
                    : "The server is shutting down.")
        }
        child.link.finish(exit, message)
        logger.info(
            "session ended",
            metadata: [
                "pid": "\(pid)", "address": "\(child.link.who.address)", "user": "\(child.link.who.user)",
                "status": "\(exit)", "seconds": "\((ContinuousClock.now - child.started).components.seconds)",
            ])
    }

    /// Sends every session's process group `SIGTERM` (each restores its client's terminal
    /// and exits), waits for them until `deadline`, then sends the rest `SIGKILL`.
    func endProcesses(deadline: Duration) async {
        accepting = false
        // Each process leads a process group of its own: the signals reach what it started too.
        for pid in children.keys { kill(-pid, SIGTERM) }
        let end = ContinuousClock.now + deadline
        while !children.isEmpty, ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(10)) }
        for pid in children.keys { kill(-pid, SIGKILL) }
        for _ in 0..<200 where !children.isEmpty { try? await Task.sleep(for: .milliseconds(10)) }
    }
}
