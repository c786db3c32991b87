#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CTetherPty
import Synchronization

/// What a program run by ``ProgramRunner`` left behind.
public struct ProcessResult: Sendable {
    /// The exit status, or 128 + the signal's number when a signal ended it (-1: could not run).
    public var status: Int32
    /// Standard output, as bytes.
    public var stdoutBytes: [UInt8]
    /// Standard error, as bytes.
    public var stderrBytes: [UInt8]

    /// A result from its parts.
    public init(status: Int32, stdoutBytes: [UInt8], stderrBytes: [UInt8]) {
        self.status = status
        self.stdoutBytes = stdoutBytes
        self.stderrBytes = stderrBytes
    }

    /// Standard output as text (UTF-8, invalid bytes replaced).
    public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    /// Standard error as text.
    public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
}

/// Runs a built program as a script would, answers piped in, and returns its exit status,
/// standard output and standard error: an end-to-end test of a form program's scripted
/// presentation, its exit statuses and what it prints.
///
/// ```swift
/// let result = await ProgramRunner.run(
///     ProgramRunner.builtProduct("signup-example"), ["--accessible"], input: "Ada\nada@example.com\n\n")
/// #expect(result.status == 0)
/// #expect(result.stdout == "signed up: Ada\n")
/// ```
///
/// The program runs in a session of its own, without a controlling terminal (as under
/// `setsid`, or a CI job), so it cannot open the test's terminal. Its output goes to
/// unlinked temporary files, not pipes, so a program that writes much never blocks on a
/// reader; it waits on a thread of its own, so the caller's actor (the main actor, where
/// the tests' widgets run) stays free meanwhile.
public enum ProgramRunner {
    private static let counter = Atomic<Int>(1)

    /// Runs `executable` with `arguments`, the text `input` as its standard input (answers,
    /// one per line; end of input after them), in `environment` (`NAME=value` entries;
    /// `nil`: this process's own), and waits for it to end.
    public static func run(
        _ executable: String, _ arguments: [String] = [], input: String = "", environment: [String]? = nil
    ) async -> ProcessResult {
        let inputFD = temporaryFile()
        guard inputFD >= 0, writeAll(Array(input.utf8), to: inputFD), lseek(inputFD, 0, SEEK_SET) == 0 else {
            if inputFD >= 0 { close(inputFD) }
            return ProcessResult(status: -1, stdoutBytes: [], stderrBytes: Array("cannot write the input".utf8))
        }
        return await run(
            [executable] + arguments, environment: environment ?? currentEnvironment(), stdin: .descriptor(inputFD),
            newSession: true)
    }

    /// The path of the executable product `name` that SwiftPM built beside the tests (the
    /// test target must depend on it, so it is built first).
    public static func builtProduct(_ name: String) -> String { productsDirectory + "/" + name }

    /// Where a child's standard input comes from.
    package enum Input: Sendable {
        /// The file at this path.
        case path(String)
        /// This descriptor, closed once the child has started.
        case descriptor(Int32)
    }

    /// Runs `arguments` (the first looked up in `PATH`) and waits for it to end on a thread
    /// of its own: no worker of Dispatch's or Swift's pools is held (Dispatch adds workers
    /// about one a second, and its timers, `Task.sleep`'s among them, would wait for one).
    package static func run(
        _ arguments: [String], environment: [String], stdin: Input, newSession: Bool = false
    ) async -> ProcessResult {
        await withCheckedContinuation { continuation in
            onThreadOfItsOwn {
                continuation.resume(
                    returning: runAndWait(arguments, environment: environment, stdin: stdin, newSession: newSession))
            }
        }
    }

    /// ``run(_:environment:stdin:newSession:)`` blocking the calling thread: only for
    /// commands that end at once, never for a program under test.
    package static func runAndWait(
        _ arguments: [String], environment: [String], stdin: Input, newSession: Bool = false
    ) -> ProcessResult {
        precondition(!arguments.isEmpty, "no program to run")
        let outFD = temporaryFile(), errFD = temporaryFile()
        defer {
            if outFD >= 0 { close(outFD) }
            if errFD >= 0 { close(errFD) }
            if case .descriptor(let fd) = stdin { close(fd) }
        }
        guard outFD >= 0, errFD >= 0 else {
            return ProcessResult(status: -1, stdoutBytes: [], stderrBytes: Array("cannot create a temporary file".utf8))
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch stdin {
        case .path(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outFD, 1)
        posix_spawn_file_actions_adddup2(&actions, errFD, 2)
        closeDescriptorsFromThree(&actions)
        var attributes = spawnAttributes(newSession: newSession)
        defer { posix_spawnattr_destroy(&attributes) }
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

    /// No signal blocked or ignored in the child, and a session of its own when `newSession`.
    /// The calling thread (a Swift concurrency or Dispatch worker) blocks most signals, and a
    /// child inherits that mask and any ignored signals: a tmux server started so would never
    /// see SIGCHLD, nor its panes SIGHUP.
    private static func spawnAttributes(newSession: Bool) -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if newSession { flags |= spawnNewSession }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        return attributes
    }

    /// Work waiting for the thread made for it, by number (the thread gets the number).
    private static let waiting = Mutex<[Int: @Sendable () -> Void]>([:])

    /// Runs `body` on a new detached thread (on the calling one when none can be made).
    private static func onThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) {
        let number = counter.add(1, ordering: .relaxed).newValue
        waiting.withLock { $0[number] = body }
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { raw in
                let number = Int(bitPattern: raw)
                ProgramRunner.waiting.withLock { $0.removeValue(forKey: number) }?()
                return nil
            }, UnsafeMutableRawPointer(bitPattern: number))
        if created == 0 {
            pthread_detach(thread)
        } else {
            waiting.withLock { $0.removeValue(forKey: number) }?()
        }
    }

    /// Asks the child to close every descriptor from 3 up where the C library can (glibc
    /// 2.34+). Without it, only `O_CLOEXEC` protects.
    private static func closeDescriptorsFromThree(_ actions: inout posix_spawn_file_actions_t) {
        _ = tether_spawn_close_from(&actions, 3)
    }

    /// A new, already unlinked, read-write temporary file (`O_CLOEXEC`), or -1.
    private static func temporaryFile() -> Int32 {
        for _ in 0..<100 {
            let name =
                "/tmp/tether-run-\(getpid())-\(counter.add(1, ordering: .relaxed).newValue)-\(UInt32.random(in: 0...UInt32.max))"
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
