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
    /// What a session channel asks for when its client sends a command (`ssh host -- ARGS`)
    /// or wants a shell without a terminal (`ssh -T host`).
    struct CommandRequest: Sendable {
        var user: String
        var address: String
        /// The client's accepted variables (no `TERM`: there is no terminal).
        var environment: [String: String]
        /// The command's words (``CommandWords``), after the program's own arguments.
        var arguments: [String]
    }

    /// The server's ends of a command's process: its standard input (written), output and
    /// error (read).
    struct ProcessPipes: Sendable {
        let input: Int32
        let output: Int32
        let error: Int32
    }

    /// Starts ``program`` for a command on pipes, the command's words after its own
    /// arguments, or tells the channel why not. Without a terminal the program answers its
    /// form without one: from its arguments, and lines read from standard input.
    func openCommand(_ request: CommandRequest, link: ChannelLink, program: SessionProgram) {
        guard !link.clientLeft else { return link.finish(1, nil) }
        guard children.count < configuration.limits.host.sessions, accepting else {
            let error: SessionHost.Refusal =
                accepting ? .sessionLimit(configuration.limits.host.sessions) : .shuttingDown
            return link.finish(1, Self.message(for: error))
        }
        var environment = program.environment.merging(request.environment) { $1 }
        environment["TETHER_SSH_USER"] = request.user
        environment["TETHER_SSH_CLIENT"] = request.address
        var command = program
        command.arguments += request.arguments
        guard let (pid, pipes) = Self.spawnOnPipes(command, environment: environment) else {
            return refuseSession(
                link, user: request.user, address: request.address, error: "errno \(errno)", level: .error)
        }
        link.who = (request.user, request.address)
        link.onRelayEnded = { [weak self] in self?.reap(pid) }
        children[pid] = Child(link: link, started: .now, terminal: false)
        link.pipesOpened?(pipes)
        // The words may hold answers: the log counts them, never says them.
        logger.info(
            "session started",
            metadata: [
                "pid": "\(pid)", "address": "\(request.address)", "user": "\(request.user)",
                "arguments": "\(request.arguments.count)",
            ])
    }

    /// `posix_spawn` of `program` on three new pipes; the server's ends, or `nil` with errno
    /// set and nothing left open.
    static func spawnOnPipes(_ program: SessionProgram, environment: [String: String]) -> (pid_t, ProcessPipes)? {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1], error: [Int32] = [-1, -1]
        let opened = [tether_open_pipe(&input), tether_open_pipe(&output), tether_open_pipe(&error)]
        let all = input + output + error
        guard opened.allSatisfy({ $0 == 0 }) else {
            let saved = errno
            for fd in all where fd >= 0 { close(fd) }
            errno = saved
            return nil
        }
        let argv = ([program.path] + program.arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var pid: Int32 = 0
        let spawned = tether_spawn_on_pipes(program.path, argv, envp, input[0], output[1], error[1], &pid)
        let saved = errno
        // The child's ends are the child's now (or nobody's).
        for fd in [input[0], output[1], error[1]] { close(fd) }
        guard spawned == 0 else {
            for fd in [input[1], output[0], error[0]] { close(fd) }
            errno = saved
            return nil
        }
        return (pid_t(pid), ProcessPipes(input: input[1], output: output[0], error: error[0]))
    }
}
