import Glibc
import Synchronization

/// Held from creating a child's pipes until the parent closed its copies of the write
/// ends: otherwise a child spawned by a test running in parallel (a long-lived tmux
/// server) could inherit them before FD_CLOEXEC is set, and reading to end of file
/// would wait for that server to exit. (`pipe2` is not imported into Swift.)
private let spawnLock = Mutex(())

/// What a finished child process left behind.
struct ProcessOutput: Sendable {
    /// The exit status, or 128 + signal when a signal ended it.
    var status: Int32
    /// Everything written to standard output.
    var stdout: String
    /// Everything written to standard error.
    var stderr: String
}

/// Runs child processes with posix_spawn (no Foundation).
enum Subprocess {
    /// Runs `arguments` (looked up in PATH) with `environment`, standard input from
    /// `stdinPath`, and returns its status and output.
    static func run(_ arguments: [String], environment: [String] = testEnvironment(),
                    stdinPath: String = "/dev/null") -> ProcessOutput {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned: Int32 = spawnLock.withLock { _ in
            guard pipe(&outPipe) == 0 else { return -1 }
            guard pipe(&errPipe) == 0 else {
                close(outPipe[0])
                close(outPipe[1])
                return -1
            }
            for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
            // Tests run on dispatch worker threads, which block most signals, and a
            // child inherits the spawning thread's mask: a tmux server started with it
            // never sees the SIGTERM that `kill-server` sends it. Start children with
            // an empty mask and default dispositions.
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            posix_spawnattr_setsigmask(&attributes, &noSignals)
            var allSignals = sigset_t()
            sigfillset(&allSignals)
            posix_spawnattr_setsigdefault(&attributes, &allSignals)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
            close(outPipe[1])
            close(errPipe[1])
            return result
        }
        guard spawned != -1 || outPipe[0] >= 0 && errPipe[0] >= 0 else {
            return ProcessOutput(status: -1, stdout: "", stderr: "pipe failed")
        }
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            return ProcessOutput(status: -1, stdout: "", stderr: "cannot run \(arguments[0])")
        }

        var collected: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0),
                   pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 4096)
        while fds.contains(where: { $0.fd >= 0 }) {
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index] += buffer[0..<count]
                } else if count == 0 || errno != EINTR {
                    close(fds[index].fd)
                    fds[index].fd = -1
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ProcessOutput(status: exitStatus, stdout: String(decoding: collected[0], as: UTF8.self),
                             stderr: String(decoding: collected[1], as: UTF8.self))
    }

    /// This process's environment without tmux's variables, with a UTF-8 locale.
    static func testEnvironment() -> [String] {
        let raw = readFile("/proc/self/environ") ?? ""
        var result = raw.split(separator: "\0").map(String.init).filter { entry in
            !["TMUX=", "TMUX_PANE=", "LANG=", "LC_ALL=", "LC_CTYPE=", "NO_COLOR="].contains { entry.hasPrefix($0) }
        }
        result.append("LANG=C.UTF-8")
        return result
    }
}

/// The contents of the file at `path`, or `nil` when it cannot be read.
func readFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes += buffer[0..<count]
        } else if count < 0 && errno == EINTR {
            continue
        } else {
            break
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes `text` to the file at `path`, replacing it.
func writeFile(_ path: String, _ text: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}

/// Sleeps for `milliseconds`.
func pause(milliseconds: Int) {
    usleep(UInt32(milliseconds * 1000))
}

/// Quotes `text` for a POSIX shell.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

extension String {
    /// This string with every `target` replaced by `replacement` (Foundation-free).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
