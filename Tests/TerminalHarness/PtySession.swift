#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A program running in a pseudo-terminal of its own, with the test as the terminal: the
/// test reads every byte the program writes (``output``) and writes what the terminal
/// would send (keys, answers to queries) with ``send(_:)``.
///
/// Unlike ``TmuxSession`` nothing sits between the program and the test, so a test can
/// answer a query the way a given terminal would (tmux answers for itself) and check the
/// exact bytes and their order. The program is a session leader with the pty as its
/// controlling terminal (`/dev/tty`), sized `width`×`height`.
public final class PtySession {
    /// The terminal side of the pty.
    private let master: Int32
    /// The program's process id.
    public let pid: pid_t
    /// Everything the program wrote that the waits have read.
    public private(set) var output: [UInt8] = []
    /// The pty's terminal modes when it was opened, before the program started: the modes
    /// the program finds, and must leave behind.
    public let modesAtStart: termios
    private var exitStatus: Int32?

    /// Starts `arguments` (the first a path) in a new `width`×`height` pty, with
    /// `environment` (`NAME=value`) replacing or adding to ``ProcessRunner/testEnvironment()``.
    public init(_ arguments: [String], environment: [String] = [], width: Int = 80, height: Int = 24) throws {
        // posix_openpt, unlockpt and ptsname, which the Glibc module does not export: the
        // multiplexer, then TIOCSPTLCK (unlock) and TIOCGPTN (the slave's number).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            if master >= 0 { close(master) }
            throw HarnessError("cannot open a pseudo-terminal")
        }
        let slave = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var startModes = termios()
        _ = tcgetattr(master, &startModes)
        modesAtStart = startModes
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid, opening the slave without O_NOCTTY makes it the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26), not exported by the Glibc module
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | setsid))
        let argv = arguments.map { strdup($0) } + [nil]
        let overridden = Set(environment.map { $0.prefix { $0 != "=" } + "=" })
        let inherited = ProcessRunner.testEnvironment().filter { !overridden.contains($0.prefix { $0 != "=" } + "=") }
        let envp = (inherited + environment).map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(master)
            throw HarnessError("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        pid = child
    }

    deinit {
        kill()
        close(master)
    }

    /// The terminal modes of the program's side of the pty as they are now (`tcgetattr` on
    /// the master, which Linux answers with the slave's modes; they outlive the program's
    /// exit while the master is open), or `nil` when they cannot be read.
    public var modes: termios? {
        var modes = termios()
        return tcgetattr(master, &modes) == 0 ? modes : nil
    }

    /// Writes `bytes` to the program's terminal input.
    public func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else if !(count < 0 && (errno == EINTR || errno == EAGAIN)) {
                return
            }
        }
    }

    /// Writes `text` (UTF-8) to the program's terminal input.
    public func send(_ text: String) { send(Array(text.utf8)) }

    /// Reads what the program writes until `condition` holds for ``output``; throws after
    /// `timeout` seconds, saying `what` was awaited.
    public func waitFor(_ what: String, timeout: Double = 10, _ condition: ([UInt8]) -> Bool) async throws {
        let deadline = monotonicSeconds() + timeout
        readAvailable()
        while !condition(output) {
            guard monotonicSeconds() < deadline else {
                let seen = String(decoding: output, as: UTF8.self).debugDescription
                throw HarnessError("timed out waiting for \(what); output: \(seen)")
            }
            try await Task.sleep(for: .milliseconds(10))
            readAvailable()
        }
    }

    /// Waits until ``output`` contains `bytes`.
    public func waitFor(_ bytes: [UInt8], timeout: Double = 10) async throws {
        try await waitFor(String(decoding: bytes, as: UTF8.self).debugDescription, timeout: timeout) {
            $0.firstRange(of: bytes) != nil
        }
    }

    /// Waits until ``output`` contains `text` (UTF-8).
    public func waitFor(text: String, timeout: Double = 10) async throws {
        try await waitFor(Array(text.utf8), timeout: timeout)
    }

    /// Reads for `seconds` and returns; what the program wrote meanwhile is in ``output``.
    public func settle(seconds: Double) async throws {
        try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        readAvailable()
    }

    /// Waits for the program to exit, reading its output to the end; its exit status, or
    /// 128 + the signal that ended it.
    /// Resizes the terminal to `width`×`height` (the kernel sends the program `SIGWINCH`).
    public func resize(width: Int, height: Int) {
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Waits until the program exits and returns its status (128 + the signal if killed).
    /// `reading: false` plays a terminal that has stopped reading: nothing the program
    /// writes meanwhile is taken from the pty.
    public func waitForExit(timeout: Double = 10, reading: Bool) async throws -> Int32 {
        let deadline = monotonicSeconds() + timeout
        while exitStatus == nil {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                break
            }
            guard monotonicSeconds() < deadline else { throw HarnessError("timed out waiting for the program to exit") }
            try await Task.sleep(for: .milliseconds(10))
        }
        if reading { readAvailable() }
        return exitStatus ?? -1
    }

    public func waitForExit(timeout: Double = 10) async throws -> Int32 {
        let deadline = monotonicSeconds() + timeout
        while exitStatus == nil {
            readAvailable()
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                break
            }
            guard monotonicSeconds() < deadline else { throw HarnessError("timed out waiting for the program to exit") }
            try await Task.sleep(for: .milliseconds(10))
        }
        readAvailable()
        return exitStatus ?? -1
    }

    /// Kills the program (`SIGKILL`) unless it has exited, and reaps it.
    public func kill() {
        guard exitStatus == nil else { return }
        _ = sendSignal(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        exitStatus = 128 + SIGKILL
    }

    /// Appends whatever the program has written so far (never blocks).
    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[0..<count]
            } else if !(count < 0 && errno == EINTR) {
                return  // EAGAIN: nothing more for now; EIO: the program closed the terminal
            }
        }
    }
}

private func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// `modes` as `stty -g` shows them (input, output, control and local flags, then the
/// control characters), to compare two sets of modes and show how they differ.
public func sttySettings(_ modes: termios) -> String {
    let flags = [modes.c_iflag, modes.c_oflag, modes.c_cflag, modes.c_lflag].map { String($0, radix: 16) }
    let characters = withUnsafeBytes(of: modes.c_cc) { $0.map { String($0, radix: 16) } }
    return (flags + characters).joined(separator: ":")
}

/// `kill(2)`, named apart from `PtySession.kill()`.
private func sendSignal(_ pid: pid_t, _ signal: Int32) -> Int32 {
    kill(pid, signal)
}
