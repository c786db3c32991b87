#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The built `login-demo` crashing in a real terminal (a tmux pane), through its hidden hook
/// `TETHER_DEMO_CRASH_AFTER_START` or a `kill` from outside: each time the terminal must be
/// restored before the process dies, the exit status must be 128 + the signal, and the Swift
/// runtime's backtrace must be on the normal screen.
@Suite("login-demo crashing in tmux", .serialized)
struct CrashTests {
    /// A Swift trap: `ud2` on x86-64, `brk` on arm64.
    static let trap: Int32 = {
        #if arch(x86_64)
        SIGILL
        #else
        SIGTRAP
        #endif
    }()

    /// Each way the hook crashes, and the signal it dies of.
    static let ways: [(String, Int32)] = [
        ("force-unwrap", trap), ("array-index", trap), ("fatal-error", trap), ("precondition", trap),
        ("overflow", trap), ("tether-trap", trap), ("background-thread", trap),
        ("null-pointer", SIGSEGV), ("stack-overflow", SIGSEGV), ("bus-error", SIGBUS), ("abort", SIGABRT),
        ("divide-by-zero", SIGFPE), ("raise-sigtrap", SIGTRAP),
    ]

    @Test(
        "a crash after the first frame restores the terminal, shows the backtrace on the normal screen and exits with 128 + the signal",
        arguments: ways)
    func crash(_ way: String, _ signal: Int32) async throws {
        let tmux = try DemoInTmux.startCrashing(way)
        defer { tmux.kill() }
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(128 + signal)")
        DemoInTmux.expectRestored(tmux)
        let screen = tmux.screen
        guard DemoInTmux.showsBacktraces else { return }  // sanitized: no backtracer (DemoInTmux)
        #expect(screen.contains("*** Signal \(signal): Backtracing from"), "screen:\n\(screen)")
        if way != "bus-error" {  // the backtracer itself dies of the truncated mapping (its memory reader)
            #expect(screen.contains("crashed:") && screen.contains("Backtrace took"), "screen:\n\(screen)")
        }
    }

    @Test(
        "a fatal signal sent with kill restores the terminal, shows the backtrace and exits with 128 + the signal",
        arguments: [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE])
    func killed(_ signal: Int32) async throws {
        let tmux = try DemoInTmux.startCrashing(nil)
        defer { tmux.kill() }
        let pid = try await DemoInTmux.pid(of: tmux)
        try await DemoInTmux.typeUsername("alice", in: tmux)
        #expect(kill(pid, signal) == 0)
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(128 + signal)")
        DemoInTmux.expectRestored(tmux)
        let screen = tmux.screen
        guard DemoInTmux.showsBacktraces else { return }
        #expect(
            screen.contains("*** Signal \(signal): Backtracing from") && screen.contains("Backtrace took"),
            "screen:\n\(screen)")
    }

    @Test("with the Swift backtracer off, a trap still restores the terminal and dies of the signal")
    func backtracerOff() async throws {
        let tmux = try DemoInTmux.startCrashing("force-unwrap", backtrace: "enable=no")
        defer { tmux.kill() }
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(128 + Self.trap)")
        DemoInTmux.expectRestored(tmux)
        #expect(!tmux.screen.contains("Backtracing"))
    }

    @Test(
        "a fatal error's message, written while the screen was the program's, is shown after the terminal is restored",
        arguments: ["force-unwrap", "fatal-error"])
    func fatalErrorMessageShown(_ way: String) async throws {
        let tmux = try DemoInTmux.startCrashing(way, backtrace: "enable=no")
        defer { tmux.kill() }
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(128 + Self.trap)")
        DemoInTmux.expectRestored(tmux)
        let shown = tmux.history(lines: 300)
        #expect(shown.contains("Fatal error:"), "screen and history:\n\(shown)")
    }

    @Test("an app's own handler installed before the start runs after the terminal is restored, then the process dies")
    func appHandlerChained() async throws {
        let tmux = try DemoInTmux.startCrashing("abort", environment: ["TETHER_DEMO_APP_CRASH_HANDLER=1"])
        defer { tmux.kill() }
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(128 + SIGABRT)")
        DemoInTmux.expectRestored(tmux)
        #expect(tmux.screen.contains("login-demo: the app's own crash handler ran"), "screen:\n\(tmux.screen)")
    }
}
