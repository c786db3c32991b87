#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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

    public var description: String {
        "alternate screen \(alternateScreen ? "on" : "off"), cursor \(cursorVisible ? "visible" : "hidden")"
    }
}

/// A private tmux server (its socket `tmux.socket` in a scratch directory) whose one
/// window, `main`, runs a shell command in a pane of a given size; the command runs in the
/// scratch directory and can leave files there.
///
/// The server is killed and the directory (with the socket) removed by ``kill()``, or at
/// the latest when the session is deinitialised.
///
/// ```swift
/// let tmux = try TmuxSession.running(["/path/to/program", "--flag"], width: 80, height: 24)
/// try await tmux.waitForText("Username")
/// tmux.type("demo")
/// tmux.press("Enter")
/// ```
public final class TmuxSession: Sendable {
    /// The path of the server's socket (`tmux -S`), inside the scratch directory.
    public let socket: String
    /// The scratch directory: the pane's working directory.
    public let directory: String

    private struct State {
        var killed = false
        var screens: [String] = []
    }

    private let state = Mutex(State())

    /// Starts a server whose pane runs `command` (a `/bin/sh` command line, run from the
    /// scratch directory) in a `width`×`height` window.
    ///
    /// - Parameter environment: Extra `NAME=value` entries for the pane, on top of
    ///   ``ProcessRunner/testEnvironment()``.
    ///   - historyLimit: Rows of scrollback the pane keeps (none by default: screens only).
    public init(
        command: String, width: Int = 80, height: Int = 24, environment: [String] = [], historyLimit: Int = 0
    ) throws {
        var template = Array("/tmp/tether-tmux-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw HarnessError("cannot create a scratch directory: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        socket = directory + "/tmux.socket"
        let config = """
            set -g status off
            set -g remain-on-exit on
            set -g default-shell /bin/sh
            set -g default-terminal tmux-256color
            set -g escape-time 0
            set -g history-limit \(historyLimit)

            """
        guard writeText(config, toPath: directory + "/tmux.conf") else {
            let reason = String(cString: strerror(errno))
            kill()
            throw HarnessError("cannot write \(directory)/tmux.conf: \(reason)")
        }
        let script = "cd \(shellQuoted(directory)) && \(command)"
        let started = ProcessRunner.runAndWait(
            tmuxArguments(["new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", script]),
            environment: ProcessRunner.testEnvironment() + environment)
        guard started.status == 0 else {
            kill()
            throw HarnessError("tmux new-session failed (\(started.status)): \(started.stderr)")
        }
    }

    /// A session running `arguments` wrapped so that the test can read what it left:
    /// standard output in the scratch file `out`, standard error in `err`, the exit status
    /// in `status`, and the terminal modes (`stty -g`) before and after in `before` and
    /// `after`. The pane then sleeps, so its state can still be inspected.
    ///
    /// To change the program's environment, start `arguments` with `env`
    /// (`["env", "-u", "TERM", program]`).
    public static func running(
        _ arguments: [String], width: Int = 80, height: Int = 24,
        environment: [String] = []
    ) throws -> TmuxSession {
        let program = arguments.map(shellQuoted).joined(separator: " ")
        return try TmuxSession(
            command: "stty -g > before; \(program) > out 2> err; echo $? > status; stty -g > after; exec sleep 600",
            width: width, height: height, environment: environment)
    }

    deinit { kill() }

    private func tmuxArguments(_ arguments: [String]) -> [String] {
        ["tmux", "-u", "-S", socket, "-f", directory + "/tmux.conf"] + arguments
    }

    /// Runs a tmux command on this server.
    @discardableResult
    public func tmux(_ arguments: [String]) -> ProcessResult {
        ProcessRunner.runAndWait(tmuxArguments(arguments))
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

    /// The screen and up to `lines` rows of history above it, as text.
    public func history(lines: Int) -> String {
        tmux(["capture-pane", "-p", "-J", "-S", "-\(lines)", "-t", "main"]).stdout
    }

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
    public func waitUntil(
        _ what: String, timeout: Duration = .seconds(10),
        _ predicate: @Sendable ([String]) -> Bool
    ) async throws -> [String] {
        var lines: [String] = []
        return try await poll(what, timeout: timeout) {
            lines = capture()
            return predicate(lines) ? lines : nil
        } lastSeen: {
            "last screen:\n" + framed(lines)
        }
    }

    /// Polls until the screen contains every one of `texts` (each within one row);
    /// returns that screen.
    @discardableResult
    public func waitForText(_ texts: String..., timeout: Duration = .seconds(10)) async throws -> [String] {
        let what = texts.map(\.debugDescription).joined(separator: " and ")
        return try await waitUntil("\(what) on screen", timeout: timeout) { lines in
            texts.allSatisfy { text in lines.contains { $0.contains(text) } }
        }
    }

    /// Polls until the screen no longer contains `text`; returns that screen.
    /// Esc, as a person leaving a form with changes: waits for "Discard changes?" and
    /// answers Discard (Tab from Keep editing, then Enter).
    public func leaveDiscarding() async throws {
        press("Escape")
        _ = try await waitForText("Discard changes?")
        press("Tab")
        press("Enter")
    }

    @discardableResult
    public func waitForTextGone(_ text: String, timeout: Duration = .seconds(10)) async throws -> [String] {
        try await waitUntil("\(text.debugDescription) gone from the screen", timeout: timeout) { lines in
            !lines.contains { $0.contains(text) }
        }
    }

    /// Polls until the scratch file `name` holds a complete line, and returns its text.
    public func waitForFile(_ name: String, timeout: Duration = .seconds(10)) async throws -> String {
        try await waitForValue("the file \(name)", timeout: timeout) {
            file(name).flatMap { $0.hasSuffix("\n") ? $0 : nil }
        }
    }

    /// Polls until the tmux format `format` (``display(_:)``) has the value `expected`.
    ///
    /// - Throws: ``HarnessError`` after `timeout`, with the last value and screen.
    public func waitForDisplay(_ format: String, toBe expected: String, timeout: Duration = .seconds(10)) async throws {
        var value = ""
        try await poll("\(format) to be \(expected.debugDescription)", timeout: timeout) {
            value = display(format)
            return value == expected ? () : nil
        } lastSeen: {
            "last value \(value.debugDescription); screen:\n" + framed(capture())
        }
    }

    /// Polls every 25 ms until `condition` holds (for what the screen alone does not show:
    /// a format, a file).
    ///
    /// - Throws: ``HarnessError`` after `timeout`, with `what` and the screen then.
    public func waitFor(_ what: String, timeout: Duration = .seconds(10), until condition: () -> Bool) async throws {
        try await waitForValue(what, timeout: timeout) { condition() ? () : nil }
    }

    /// Polls every 25 ms until `probe` returns a value, and returns that value.
    ///
    /// - Throws: ``HarnessError`` after `timeout`, with `what` and the screen then.
    @discardableResult
    public func waitForValue<Value>(
        _ what: String, timeout: Duration = .seconds(10),
        _ probe: () -> Value?
    ) async throws -> Value {
        try await poll(what, timeout: timeout, probe) { "last screen:\n" + framed(capture()) }
    }

    /// The one polling loop: `probe` every 25 ms until it returns a value; after `timeout`
    /// (times ``testPatience``), a ``HarnessError`` naming `what` and saying what `lastSeen`
    /// describes.
    @discardableResult
    private func poll<Value>(
        _ what: String, timeout: Duration, _ probe: () -> Value?,
        lastSeen: () -> String
    ) async throws -> Value {
        let clock = ContinuousClock()
        let deadline = clock.now + patient(timeout)
        while true {
            if let value = probe() { return value }
            if clock.now >= deadline {
                throw HarnessError("timed out after \(patient(timeout)) waiting for \(what); \(lastSeen())")
            }
            try await Task.sleep(for: .milliseconds(25))
        }
    }

    /// Screen lines with a `|` in front of each, so that leading spaces show in a message.
    private func framed(_ lines: [String]) -> String {
        lines.map { "|\($0)" }.joined(separator: "\n")
    }

    // MARK: Ending

    /// Kills the server (and the pane's processes) and removes the scratch directory with
    /// the socket.
    /// Safe to call more than once.
    public func kill() {
        let first = state.withLock { state -> Bool in
            defer { state.killed = true }
            return !state.killed
        }
        guard first else { return }
        ProcessRunner.runAndWait(tmuxArguments(["kill-server"]))
        // The server leaves its socket behind, in the directory.
        ProcessRunner.runAndWait(["rm", "-rf", "--", directory])
    }
}
