#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The built `login-demo` left every way there is while its last frame hid the cursor (the
/// focus on the Remember me toggle, which has no caret): the cursor is shown again on the
/// shell's screen, full screen and inline. A quit and a signal show it through the stop's
/// farewell (`ScreenWriter.leave`), a crash and `exit()` through the restore registry's bytes
/// (`VTBackend.restoreBytes`); the other tests end with the caret in the Username field,
/// where the cursor is shown already, so they cannot tell.
@Suite("login-demo leaving with the cursor hidden in tmux", .serialized)
struct CursorShownOnExitTests {
    /// A way out of the demo.
    enum Way: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case quit = "Ctrl-C"
        case terminate = "SIGTERM"
        case hangUp = "SIGHUP"
        case crash = "SIGSEGV"
        case exit = "exit() without stop()"

        var testDescription: String { rawValue }

        /// The demo's exit status.
        var status: Int32 {
            switch self {
            case .quit: 1
            case .terminate: 128 + SIGTERM
            case .hangUp: 128 + SIGHUP
            case .crash: 128 + SIGSEGV
            case .exit: CursorShownOnExitTests.exitStatus
            }
        }

        /// Ends the demo (process `pid`, in `tmux`) this way.
        func perform(on pid: pid_t, in tmux: TmuxSession) {
            switch self {
            case .quit: tmux.press("C-c")
            case .terminate: _ = kill(pid, SIGTERM)
            case .hangUp: _ = kill(pid, SIGHUP)
            case .crash: _ = kill(pid, SIGSEGV)
            case .exit: tmux.press("C-x")  // TETHER_DEMO_EXIT_ON_CTRL_X: app code calls exit()
            }
        }
    }

    /// What the `TETHER_DEMO_EXIT_ON_CTRL_X` hook exits with.
    static let exitStatus: Int32 = 5

    /// A 100×50 pane running the demo (`--inline` below ``DemoInTmux/shellLines`` when
    /// `inline`) with the `exit()` hook on Ctrl-X, no Swift backtrace and a sanitizer's own
    /// crash handlers off (a `SIGSEGV` then kills it as in a plain build); `out`, `err`,
    /// `status`, `before`, `after` and `pid` as in ``DemoInTmux/start(_:environment:)``.
    static func start(inline: Bool) throws -> TmuxSession {
        let environment =
            ["TETHER_DEMO_EXIT_ON_CTRL_X=\(exitStatus)", "SWIFT_BACKTRACE=enable=no"]
            + DemoInTmux.sanitizerCrashHandlersOff
        let demo = DemoInTmux.command((inline ? ["--inline"] : []) + ["--delay", "0.1"], environment: environment)
        let lines = inline ? "printf '\(DemoInTmux.shellLines.joined(separator: "\\n"))\\n'; " : ""
        return try TmuxSession(
            command: "stty -g > before; \(lines)\(demo) > out 2> err; echo $? > status; stty -g > after; "
                + "exec sleep 600",
            width: 100, height: 50)
    }

    @Test(
        "every way out shows the cursor the last frame hid, full screen and inline",
        arguments: Way.allCases, [false, true])
    func cursorShown(_ way: Way, inline: Bool) async throws {
        let tmux = try Self.start(inline: inline)
        defer { tmux.kill() }
        let pid = try await DemoInTmux.pid(of: tmux)
        try await DemoInTmux.typeUsername("alice", in: tmux)
        try await tmux.waitForDisplay("#{cursor_flag}", toBe: "1")  // the caret in the Username field
        tmux.press("Tab")  // Password: a caret
        tmux.press("Tab")  // Remember me: a toggle, no caret
        try await tmux.waitForDisplay("#{cursor_flag}", toBe: "0")
        #expect(tmux.paneFlags().alternateScreen == !inline)

        way.perform(on: pid, in: tmux)
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(way.status)")
        DemoInTmux.expectRestored(tmux)
        if way != .crash && way != .exit {
            #expect(tmux.file("out") == "not signed in: alice\n")
        }
    }
}
