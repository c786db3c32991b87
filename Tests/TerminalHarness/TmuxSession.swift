import Glibc
import Synchronization

/// Why a harness step failed; the message carries the last screen seen.
public struct HarnessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Flags of the pane, read with `display -p`.
public struct PaneFlags: Equatable, Sendable, CustomStringConvertible {
    /// Whether the alternate screen is in use (`#{alternate_on}`).
    public var alternateScreen: Bool
    /// Whether the cursor is visible (`#{cursor_flag}`).
    public var cursorVisible: Bool

    public var description: String { "alternate screen \(alternateScreen ? "on" : "off"), cursor \(cursorVisible ? "visible" : "hidden")" }
}

/// A private tmux server (socket `tether-<pid>-<counter>`) whose one window, `main`, runs a
/// shell command in a pane of a given size, plus a scratch directory for the files the
/// command writes.
///
/// The server is killed and the directory removed by ``kill()``, or at the latest when the
/// session is deinitialised.
///
/// ```swift
/// let tmux = try TmuxSession.running(["/path/to/program", "--flag"], width: 80, height: 24)
/// try await tmux.waitForText("Username")
/// tmux.type("demo")
/// tmux.press("Enter")
/// ```
public final class TmuxSession: Sendable {
    /// The socket name given to `tmux -L`.
    public let socket: String
    /// The scratch directory: the pane's working directory.
    public let directory: String

    private struct State {
        var killed = false
        var screens: [String] = []
        var socketPath = ""
    }

    private let state = Mutex(State())
    private static let counter = Atomic<Int>(0)

    /// Starts a server whose pane runs `command` (a `/bin/sh` command line, run from the
    /// scratch directory) in a `width`×`height` window.
    ///
    /// - Parameter environment: Extra `NAME=value` entries for the pane, on top of
    ///   ``ProcessRunner/testEnvironment()``.
    public init(command: String, width: Int = 80, height: Int = 24, environment: [String] = []) throws {
        socket = "tether-\(getpid())-\(TmuxSession.counter.add(1, ordering: .relaxed).newValue)"
        var template = Array("/tmp/tether-tmux-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw HarnessError("cannot create a scratch directory: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        let config = """
            set -g status off
            set -g remain-on-exit on
            set -g default-shell /bin/sh
            set -g default-terminal tmux-256color
            set -g escape-time 0
            set -g history-limit 0

            """
        let fd = open(directory + "/tmux.conf", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd >= 0 {
            _ = Array(config.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        let script = "cd \(shellQuoted(directory)) && \(command)"
        let started = ProcessRunner.run(tmuxArguments(["new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", script]),
                                        environment: ProcessRunner.testEnvironment() + environment)
        guard started.status == 0 else {
            kill()
            throw HarnessError("tmux new-session failed (\(started.status)): \(started.stderr)")
        }
        let socketPath = display("#{socket_path}")
        state.withLock { $0.socketPath = socketPath }
    }

    /// A session running `arguments` wrapped so that the test can read what it left:
    /// standard output in the scratch file `out`, standard error in `err`, the exit status
    /// in `status`, and the terminal modes (`stty -g`) before and after in `before` and
    /// `after`. The pane then sleeps, so its state can still be inspected.
    public static func running(_ arguments: [String], width: Int = 80, height: Int = 24,
                               environment: [String] = []) throws -> TmuxSession {
        let program = arguments.map(shellQuoted).joined(separator: " ")
        return try TmuxSession(command: "stty -g > before; \(program) > out 2> err; echo $? > status; stty -g > after; exec sleep 600",
                               width: width, height: height, environment: environment)
    }

    deinit { kill() }

    private func tmuxArguments(_ arguments: [String]) -> [String] {
        ["tmux", "-u", "-L", socket, "-f", directory + "/tmux.conf"] + arguments
    }

    /// Runs a tmux command on this server.
    @discardableResult
    public func tmux(_ arguments: [String]) -> ProcessResult {
        ProcessRunner.run(tmuxArguments(arguments))
    }

    // MARK: Input

    /// Types `text` literally (`send-keys -l`): no key names are interpreted.
    public func type(_ text: String) {
        tmux(["send-keys", "-t", "main", "-l", "--", text])
    }

    /// Presses named keys in turn: `Enter`, `Tab`, `BTab`, `Escape`, `C-r`, `Up`…
    public func press(_ keys: String...) {
        tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Resizes the window (and with it the pane) to `width`×`height`.
    public func resize(width: Int, height: Int) {
        tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    // MARK: Reading

    /// The pane's visible text, one string per row (trailing spaces trimmed by tmux).
    /// Every capture is remembered in ``capturedScreens``.
    public func capture() -> [String] {
        let text = tmux(["capture-pane", "-p", "-t", "main"]).stdout
        state.withLock { $0.screens.append(text) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The pane's visible text as one string.
    public var screen: String { capture().joined(separator: "\n") }

    /// Every screen captured so far, in order.
    public var capturedScreens: [String] { state.withLock { $0.screens } }

    /// The value of a tmux format for the pane, such as `#{cursor_x}`.
    public func display(_ format: String) -> String {
        var value = tmux(["display-message", "-p", "-t", "main", format]).stdout
        while value.last == "\n" { value.removeLast() }
        return value
    }

    /// Whether the pane is on the alternate screen and shows the cursor.
    public func paneFlags() -> PaneFlags {
        let fields = display("#{alternate_on} #{cursor_flag}").split(separator: " ")
        return PaneFlags(alternateScreen: fields.first == "1", cursorVisible: fields.last == "1")
    }

    /// The path of `name` in the scratch directory.
    public func path(_ name: String) -> String { directory + "/" + name }

    /// The scratch file `name` as text, or `nil` when it does not exist.
    public func file(_ name: String) -> String? { readText(atPath: path(name)) }

    /// The scratch file `name` as bytes, or `nil` when it does not exist.
    public func fileBytes(_ name: String) -> [UInt8]? { readBytes(atPath: path(name)) }

    // MARK: Waiting

    /// Polls the screen every 25 ms until `predicate` holds, and returns that screen.
    ///
    /// - Throws: ``HarnessError`` after `timeout`, with `what` and the last screen.
    @discardableResult
    public func waitUntil(_ what: String, timeout: Duration = .seconds(10),
                          _ predicate: @Sendable ([String]) -> Bool) async throws -> [String] {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let lines = capture()
            if predicate(lines) { return lines }
            if clock.now >= deadline {
                throw HarnessError("timed out after \(timeout) waiting for \(what); last screen:\n"
                                   + lines.map { "|\($0)" }.joined(separator: "\n"))
            }
            try await Task.sleep(for: .milliseconds(25))
        }
    }

    /// Polls until the screen contains `text`; returns that screen.
    @discardableResult
    public func waitForText(_ text: String, timeout: Duration = .seconds(10)) async throws -> [String] {
        try await waitUntil("\(text.debugDescription) on screen", timeout: timeout) { lines in
            lines.contains { $0.contains(text) }
        }
    }

    /// Polls until the screen no longer contains `text`; returns that screen.
    @discardableResult
    public func waitForTextGone(_ text: String, timeout: Duration = .seconds(10)) async throws -> [String] {
        try await waitUntil("\(text.debugDescription) gone from the screen", timeout: timeout) { lines in
            !lines.contains { $0.contains(text) }
        }
    }

    /// Polls until the scratch file `name` holds a complete line, and returns its text.
    public func waitForFile(_ name: String, timeout: Duration = .seconds(10)) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if let text = file(name), text.hasSuffix("\n") { return text }
            if clock.now >= deadline {
                throw HarnessError("timed out after \(timeout) waiting for the file \(name); last screen:\n"
                                   + capture().map { "|\($0)" }.joined(separator: "\n"))
            }
            try await Task.sleep(for: .milliseconds(25))
        }
    }

    // MARK: Ending

    /// Kills the server (and the pane's processes) and removes the scratch directory.
    /// Safe to call more than once.
    public func kill() {
        let first = state.withLock { state -> Bool in
            defer { state.killed = true }
            return !state.killed
        }
        guard first else { return }
        ProcessRunner.run(tmuxArguments(["kill-server"]))
        // The server leaves its socket behind.
        let socketPath = state.withLock { $0.socketPath }
        if socketPath.hasSuffix("/" + socket) { unlink(socketPath) }
        ProcessRunner.run(["rm", "-rf", "--", directory])
    }
}
