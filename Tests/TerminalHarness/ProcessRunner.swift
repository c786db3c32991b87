#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What a finished child process left behind.
public struct ProcessResult: Sendable {
    /// The exit status, or 128 + the signal's number when a signal ended it (-1: could not run).
    public var status: Int32
    /// Standard output, as bytes.
    public var stdoutBytes: [UInt8]
    /// Standard error, as bytes.
    public var stderrBytes: [UInt8]

    /// Standard output as text (UTF-8, invalid bytes replaced).
    public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    /// Standard error as text.
    public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
}

/// Runs child processes with `posix_spawn`, collecting their output through unlinked
/// temporary files rather than pipes.
///
/// Files opened with `O_CLOEXEC` never leak into a child spawned concurrently by another
/// test (a pipe's write end would, between `pipe` and `fcntl`, and a long-lived tmux server
/// holding it would make a reader wait for end of file). Each child also closes every
/// descriptor above 2, so it cannot hold on to anyone else's pipes either.
public enum ProcessRunner {
    private static let counter = Atomic<Int>(0)

    /// Runs `arguments` (the first looked up in `PATH`) with standard input from `stdinPath`
    /// and waits for it to end on a thread of its own: the caller's actor (the main actor,
    /// where every hosted session and the other tests' widgets run) stays free meanwhile,
    /// and no worker of Dispatch's or Swift's pools is held (Dispatch adds workers about one a
    /// second, and its timers, `Task.sleep`'s among them, would wait for one).
    ///
    /// - Parameter environment: `NAME=value` entries; `nil` uses ``testEnvironment()``.
    @discardableResult
    public static func run(
        _ arguments: [String], environment: [String]? = nil,
        stdinPath: String = "/dev/null"
    ) async -> ProcessResult {
        await withCheckedContinuation { continuation in
            onThreadOfItsOwn {
                continuation.resume(returning: runAndWait(arguments, environment: environment, stdinPath: stdinPath))
            }
        }
    }

    /// Runs `body` on a new detached thread (on the calling one when none can be made).
    private static func onThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) {
        final class Work {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body()
                return nil
            }, work)
        if created == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Work>.fromOpaque(work).release()
            body()
        }
    }

    /// ``run(_:environment:stdinPath:)`` blocking the calling thread: only for commands that
    /// end at once (tmux's own commands), never for a program under test.
    @discardableResult
    static func runAndWait(
        _ arguments: [String], environment: [String]? = nil,
        stdinPath: String = "/dev/null"
    ) -> ProcessResult {
        precondition(!arguments.isEmpty, "no program to run")
        let outFD = temporaryFile(), errFD = temporaryFile()
        defer {
            if outFD >= 0 { close(outFD) }
            if errFD >= 0 { close(errFD) }
        }
        guard outFD >= 0, errFD >= 0 else {
            return ProcessResult(status: -1, stdoutBytes: [], stderrBytes: Array("cannot create a temporary file".utf8))
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = (environment ?? testEnvironment()).map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outFD, 1)
        posix_spawn_file_actions_adddup2(&actions, errFD, 2)
        closeDescriptorsFromThree(&actions)
        // The calling thread (a Swift concurrency or Dispatch worker) blocks most signals,
        // and a child inherits that mask and any ignored signals. A tmux server started so
        // would never see SIGCHLD, nor its panes SIGHUP, and would outlive `kill-server`.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            return ProcessResult(
                status: -1, stdoutBytes: [],
                stderrBytes: Array("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))".utf8))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ProcessResult(status: exitStatus, stdoutBytes: readAll(outFD), stderrBytes: readAll(errFD))
    }

    /// Asks the child to close every descriptor from 3 up, with glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34+; looked up at run time because
    /// the Glibc module does not import it). Without it, only `O_CLOEXEC` protects.
    private static func closeDescriptorsFromThree(_ actions: inout posix_spawn_file_actions_t) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        // RTLD_DEFAULT is the null handle on glibc.
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
    }

    /// This process's environment without tmux's variables, locale overrides or
    /// `NO_COLOR`, with a UTF-8 locale (`LANG=C.UTF-8`).
    public static func testEnvironment() -> [String] {
        let raw = readBytes(atPath: "/proc/self/environ") ?? []
        let dropped = ["TMUX=", "TMUX_PANE=", "LANG=", "LC_ALL=", "LC_CTYPE=", "NO_COLOR=", "COLUMNS=", "LINES="]
        var result = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.filter { entry in
            !dropped.contains { entry.hasPrefix($0) }
        }
        result.append("LANG=C.UTF-8")
        // Programs the tests start (login-demo, tether-curses-check) are built with the
        // test's sanitizer; LeakSanitizer checks the test process, valgrind the demo
        // (.ci/valgrind-demo), so a child's exit status stays the program's own.
        if let index = result.firstIndex(where: { $0.hasPrefix("ASAN_OPTIONS=") }) {
            result[index] += ":detect_leaks=0"
        } else {
            result.append("ASAN_OPTIONS=detect_leaks=0")
        }
        return result
    }

    /// A new, already unlinked, read-write temporary file (`O_CLOEXEC`), or -1.
    private static func temporaryFile() -> Int32 {
        for _ in 0..<100 {
            let name =
                "/tmp/tether-harness-\(getpid())-\(counter.add(1, ordering: .relaxed).newValue)-\(UInt32.random(in: 0...UInt32.max))"
            let fd = open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 {
                unlink(name)
                return fd
            }
            if errno != EEXIST { return -1 }
        }
        return -1
    }

    private static func readAll(_ fd: Int32) -> [UInt8] {
        lseek(fd, 0, SEEK_SET)
        return readToEnd(fd)
    }
}

/// The bytes of the file at `path`, or `nil` when it cannot be opened.
public func readBytes(atPath path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    return readToEnd(fd)
}

/// The text of the file at `path` (UTF-8), or `nil` when it cannot be opened.
public func readText(atPath path: String) -> String? {
    readBytes(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

/// Writes `text` (UTF-8) to the file at `path`, replacing it; `false` when it cannot be
/// written (`errno` says why).
@discardableResult
public func writeText(_ text: String, toPath path: String) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        bytes = bytes.dropFirst(count)
    }
    return true
}

private func readToEnd(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 8192)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes += buffer[0..<count]
        } else if count < 0 && errno == EINTR {
            continue
        } else {
            return bytes
        }
    }
}

/// `text` quoted for `/bin/sh`: in single quotes, with embedded single quotes escaped.
public func shellQuoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
}

/// The directory holding this test process's executable: where SwiftPM puts the
/// products it built (`.build/debug`), so a test can find a program it depends on.
public func buildProductsDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let executable =
        count > 0
        ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        : CommandLine.arguments[0]
    guard let slash = executable.lastIndex(of: "/") else { return "." }
    return String(executable[..<slash])
}

/// A new empty directory `/tmp/<prefix>-XXXXXX` (`mkdtemp`), for a test's scratch files.
public func makeTemporaryDirectory(_ prefix: String) throws -> String {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    guard let path = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!).map { String(cString: $0) } })
    else { throw HarnessError("cannot create a directory in /tmp") }
    return path
}
