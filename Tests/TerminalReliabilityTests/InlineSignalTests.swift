#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The built `login-demo --inline` ended by signals and by `exit()` from app code: the band
/// is given back as on a quit (the final frame stays, the cursor on the line below it) and
/// the terminal is as the shell had it.
@Suite("login-demo inline under signals and exit() in tmux", .serialized)
struct InlineSignalTests {
    /// Two shell lines, then the demo inline (pid in `pid`), then `after` printed where the
    /// cursor ended; `status`, `before`, `after`, `out`, `err` as in ``DemoInTmux``.
    static func start(environment: [String] = []) throws -> TmuxSession {
        let demo = DemoInTmux.command(["--inline", "--delay", "0.1"], environment: environment)
        return try TmuxSession(
            command: "stty -g > before; printf 'shell line 1\\nshell line 2\\n'; \(demo) > out 2> err; "
                + "echo $? > status; stty -g > after; echo after; exec sleep 600")
    }

    /// Expects the last frame kept below the shell's lines and `after` on the line right
    /// below it, with nothing further down.
    static func expectBandLeftAbove(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let lines = try await tmux.waitForText("after")
        let after = try #require(lines.firstIndex(of: "after"), sourceLocation: sourceLocation)
        #expect(Array(lines.prefix(2)) == ["shell line 1", "shell line 2"], sourceLocation: sourceLocation)
        #expect(lines[..<after].contains { $0.contains("Username") }, "\(lines)", sourceLocation: sourceLocation)
        #expect(after > 2 && !lines[after - 1].isEmpty, "a gap above `after`: \(lines)", sourceLocation: sourceLocation)
        #expect(lines[(after + 1)...].allSatisfy { $0.isEmpty }, "\(lines)", sourceLocation: sourceLocation)
    }

    @Test(
        "SIGTERM and SIGHUP while inline keep the final frame, put the cursor below it and restore the terminal",
        arguments: [SIGTERM, SIGHUP])
    func terminatingSignal(_ signal: Int32) async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        let pid = try await DemoInTmux.pid(of: tmux)
        try await DemoInTmux.typeUsername("alice", in: tmux)
        #expect(kill(pid, signal) == 0)
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(128 + signal)")
        DemoInTmux.expectRestored(tmux)
        try await Self.expectBandLeftAbove(tmux)
        #expect(tmux.file("out") == "not signed in: alice\n")
        #expect(tmux.file("err") == "")
    }

    @Test("exit() called by app code while inline leaves the band as a quit does, not the cursor on the bottom row")
    func exitFromAppCode() async throws {
        let tmux = try Self.start(environment: ["TETHER_DEMO_EXIT_AFTER_START=7"])
        defer { tmux.kill() }
        #expect(try await DemoInTmux.exitStatus(tmux) == "7")
        DemoInTmux.expectRestored(tmux)
        try await Self.expectBandLeftAbove(tmux)
    }
}
