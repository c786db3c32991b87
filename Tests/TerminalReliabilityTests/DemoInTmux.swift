#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// Runs the built `login-demo` in a private tmux server (``TmuxSession`` from the shared
/// `TerminalHarness`) and checks what it leaves behind.
///
/// The demo is started through `sh -c 'echo $$ > pid; exec "$@"'`, so the scratch file
/// `pid` holds the demo's own process id (the shell execs into it) and a test can send
/// it signals with `kill`.
enum DemoInTmux {
    /// The demo binary SwiftPM built next to the test bundle.
    static var binary: String { buildProductsDirectory() + "/login-demo" }

    /// How long to wait for the first frame: a debug or sanitizer build on a busy
    /// two-core machine can take seconds to start.
    static let startTimeout: Duration = .seconds(30)

    /// The demo with `arguments` (and `environment` assignments through `env`) as a
    /// shell command line that first writes the demo's pid to the scratch file `pid`.
    static func command(_ arguments: [String], environment: [String] = []) -> String {
        let words = ["env"] + environment + ["sh", "-c", "echo $$ > pid; exec \"$@\"", "sh", binary] + arguments
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// A pane running the demo with its standard output and error in the scratch files
    /// `out` and `err`, the exit status in `status`, and `stty -g` before and after in
    /// `before` and `after`; the pane then sleeps so its state can be inspected.
    static func start(_ arguments: [String] = ["--delay", "0.1"], environment: [String] = []) throws -> TmuxSession {
        try TmuxSession(
            command: "stty -g > before; \(command(arguments, environment: environment)) > out 2> err; "
                + "echo $? > status; stty -g > after; exec sleep 600")
    }

    /// What the crash tests set `SWIFT_BACKTRACE` to: no interaction (the default on a
    /// terminal waits 30 s for a key), no colour, only the crashed thread, no registers or
    /// images, at most 16 frames. A backtrace then takes about 0.1 s.
    static let quickBacktrace = "interactive=no,color=no,threads=crashed,registers=none,images=none,limit=16,top=4"

    /// Whether the demo shows the Swift runtime's backtrace when it crashes: not in a
    /// sanitized build, where the backtracer's in-process memory reader trips
    /// AddressSanitizer (a stack-buffer-underflow report in `memserver_read`, exit 1); there
    /// the crash tests run with `SWIFT_BACKTRACE=enable=no` and check everything else.
    static let showsBacktraces: Bool = {
        let sanitizers = ["__asan_init", "__tsan_init"]
        return !sanitizers.contains { dlsym(UnsafeMutableRawPointer(bitPattern: 0), $0) != nil }
    }()

    /// `ASAN_OPTIONS` and `TSAN_OPTIONS` as the test has them, with the sanitizer's own
    /// handlers for the fatal signals turned off: a crashing demo then dies of its signal
    /// through the Swift runtime's backtracer as in a plain build, instead of the sanitizer
    /// reporting the fault and exiting 1. LeakSanitizer stays off in the demo, as
    /// `ProcessRunner.testEnvironment()` has it: an `exit()` from app code mid-run would
    /// otherwise end in its report and status 23 instead of the program's own status.
    static var sanitizerCrashHandlersOff: [String] {
        let handlers = "handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_abort=0:handle_sigill=0"
        return ["ASAN_OPTIONS", "TSAN_OPTIONS"].map { name in
            let current = getenv(name).map { String(cString: $0) } ?? ""
            let leaks = name == "ASAN_OPTIONS" ? ":detect_leaks=0" : ""
            return "\(name)=\(current.isEmpty ? "" : current + ":")\(handlers)\(leaks)"
        }
    }

    /// A 100×50 pane running the demo with `TETHER_DEMO_CRASH_AFTER_START=way` (none when
    /// `nil`) and `SWIFT_BACKTRACE=backtrace`, its standard output and error left on the
    /// terminal (where the backtrace goes); `status`, `before` and `after` as in
    /// ``start(_:environment:)``. A sanitizer's own handlers for the fatal signals are turned
    /// off, so that the Swift runtime's backtracer handles them as in a plain build.
    /// `inline`: the shell first prints ``shellLines``, then the demo runs with `--inline`.
    static func startCrashing(
        _ way: String?, inline: Bool = false, backtrace: String = showsBacktraces ? quickBacktrace : "enable=no",
        environment: [String] = []
    ) throws -> TmuxSession {
        var assignments = ["SWIFT_BACKTRACE=\(backtrace)"] + environment + sanitizerCrashHandlersOff
        if let way { assignments.append("TETHER_DEMO_CRASH_AFTER_START=\(way)") }
        let demo = command((inline ? ["--inline"] : []) + ["--delay", "0.1"], environment: assignments)
        let lines = inline ? "printf '\(shellLines.joined(separator: "\\n"))\\n'; " : ""
        return try TmuxSession(
            command: "stty -g > before; \(lines)\(demo); echo $? > status; stty -g > after; exec sleep 600",
            width: 100, height: 50)
    }

    /// What the shell prints before an inline crashing demo (``startCrashing(_:inline:backtrace:environment:)``).
    static let shellLines = ["shell line 1", "shell line 2"]

    /// A pane whose shell has job control (`set -m`, as an interactive shell has): the
    /// demo runs as a foreground job in its own process group, so `SIGTSTP` really stops
    /// it. When it stops, the shell writes the job's status to `stopped-status` and
    /// `stty -g` to `stopped`, then waits for a line on the terminal (press Enter) and
    /// runs `fg`, which gives the demo the terminal back and sends it `SIGCONT`.
    /// Afterwards as ``start(_:environment:)``: `status`, `after`, `out`, `err`.
    static func startAsJob(_ arguments: [String] = ["--delay", "0.1"]) throws -> TmuxSession {
        try TmuxSession(
            command: "stty -g > before; set -m; \(command(arguments)) > out 2> err; "
                + "echo $? > stopped-status; stty -g > stopped; read line; fg; "
                + "echo $? > status; stty -g > after; exec sleep 600")
    }

    /// A pane whose shell has job control (`set -m`), as ``startAsJob(_:)``, that records
    /// the demo's status in `status` and `stty -g` in `after` whether the demo exited or
    /// stopped (a stopped job gives 148): for keys that must end the demo, not stop it.
    static func startAsJobOnce(_ arguments: [String] = ["--delay", "0.1"]) throws -> TmuxSession {
        try TmuxSession(
            command: "stty -g > before; set -m; \(command(arguments)) > out 2> err; "
                + "echo $? > status; stty -g > after; exec sleep 600")
    }

    /// A pane whose shell survives the terminal's hang-up (`trap`, reset to the default in
    /// the demo), so that it still writes the demo's exit status to `status` after the pane
    /// is killed; standard output and error in `out` and `err`.
    static func startSurvivingHangUp(_ arguments: [String]) throws -> TmuxSession {
        try TmuxSession(
            command: "trap 'true' HUP; \(command(arguments)) > out 2> err; echo $? > status; exec sleep 600")
    }

    /// The state letter of process `pid` (`R`, `S`, `T` when stopped…), from `/proc`.
    static func processState(_ pid: pid_t) -> Character? {
        guard let stat = readText(atPath: "/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        return stat[close...].dropFirst(2).first
    }

    /// Writes `text` to the terminal device `tty` (it shows in the pane, as a program's output).
    static func write(_ text: String, toTerminal tty: String) {
        let fd = open(tty, O_WRONLY | O_NOCTTY)
        guard fd >= 0 else { return }
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { writeToDescriptor(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// The demo's process id, once the shell wrote it.
    static func pid(of tmux: TmuxSession) async throws -> pid_t {
        let text = try await tmux.waitForFile("pid", timeout: startTimeout)
        return try #require(pid_t(text.dropLast()), "pid file: \(text.debugDescription)")
    }

    /// Waits for the form, types `username` into the focused Username field, and waits
    /// until the field and the View model panel show it; the screen then.
    @discardableResult
    static func typeUsername(_ username: String, in tmux: TmuxSession) async throws -> [String] {
        try await tmux.waitForText("Username", timeout: startTimeout)
        tmux.type(username)
        return try await tmux.waitUntil("the username \(username) typed and in the model panel") { lines in
            fieldLine("Username", in: lines).contains("Username  \(username)")
                && lines.joined(separator: "\n").ranges(of: username).count >= 2  // the field and the panel
        }
    }

    /// The pane's line holding the form field `label`.
    static func fieldLine(_ label: String, in lines: [String]) -> String {
        lines.first { $0.contains("\(label)  ") } ?? ""
    }

    /// The value beside `name` in the View model panel (up to the panel's border).
    static func panelValue(_ name: String, in lines: [String]) -> String? {
        guard let line = lines.first(where: { $0.contains(name) }), let start = line.ranges(of: name).first else {
            return nil
        }
        let rest = line[start.upperBound...].prefix { $0 != "│" && $0 != "|" }
        return rest.split(separator: " ").first.map(String.init)
    }

    /// Waits for the scratch file `status` and then `after`; the exit status.
    static func exitStatus(_ tmux: TmuxSession) async throws -> String {
        let status = try await tmux.waitForFile("status", timeout: startTimeout)
        _ = try await tmux.waitForFile("after")
        return String(status.dropLast())
    }

    /// Expects the terminal as the shell had it: `stty -g` in `before` equal to `stopped`
    /// or `after` (`state`), main screen, cursor visible, mouse reporting off.
    static func expectRestored(
        _ tmux: TmuxSession, state: String = "after",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = tmux.file("before"), now = tmux.file(state)
        #expect(before?.isEmpty == false, "no stty settings saved before the run", sourceLocation: sourceLocation)
        #expect(
            before == now, "stty -g before: \(before ?? "none") \(state): \(now ?? "none")",
            sourceLocation: sourceLocation)
        let flags = tmux.display("#{alternate_on} #{cursor_flag} #{mouse_any_flag} #{mouse_sgr_flag}")
        #expect(
            flags == "0 1 0 0", "alternate screen, cursor, mouse, SGR mouse: \(flags)", sourceLocation: sourceLocation)
    }
}

/// `write(2)`, named apart from `DemoInTmux.write(_:toTerminal:)`.
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
