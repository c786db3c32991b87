#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The built `login-demo` writing to standard error while the terminal is its own, then
/// calling `exit()` without stopping (its hidden hook `TETHER_DEMO_EXIT_ON_CTRL_X`): the
/// backend kept what standard error received (descriptor 2 is the terminal, so it is
/// captured), and the `exit()` hook writes it out after the terminal is restored, on the
/// shell's screen — full screen not on the alternate screen that is left, inline below the
/// band, not over it.
@Suite("login-demo's standard error at exit() in tmux", .serialized)
struct StandardErrorAtExitTests {
    /// The status the hook exits with.
    static let status: Int32 = 5

    /// What the hook writes to standard error before it calls `exit()`
    /// (`LoginDemo.exitOnCtrlXMessage`).
    static let message = "login-demo: exit(5) called by app code on Ctrl-X"

    /// The demo (`--inline` below two shell lines when `inline`) with the hook on, standard
    /// output in `out`, standard error left on the terminal (so the backend captures it);
    /// then `status` and `after` written and `after` printed where the cursor ended. 40 rows:
    /// the shell's lines, the band, the message and `after` fit without scrolling.
    static func start(inline: Bool) throws -> TmuxSession {
        let demo = DemoInTmux.command(
            (inline ? ["--inline"] : []) + ["--delay", "0.1"], environment: ["TETHER_DEMO_EXIT_ON_CTRL_X=\(status)"])
        let lines = inline ? "printf '\(DemoInTmux.shellLines.joined(separator: "\\n"))\\n'; " : ""
        return try TmuxSession(
            command: "stty -g > before; \(lines)\(demo) > out; echo $? > status; stty -g > after; echo after; "
                + "exec sleep 600",
            height: 40)
    }

    @Test("full screen, what app code wrote to standard error before exit() is shown on the shell's screen once")
    func shownAfterExitFullScreen() async throws {
        let tmux = try Self.start(inline: false)
        defer { tmux.kill() }
        try await DemoInTmux.typeUsername("alice", in: tmux)
        tmux.press("C-x")
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(Self.status)")
        DemoInTmux.expectRestored(tmux)
        let lines = try await tmux.waitForText("after")
        let screen = lines.joined(separator: "\n")
        // Lost (never copied out of the capture) or written on the alternate screen before it
        // was left, it is not on the shell's screen.
        #expect(lines.filter { $0 == Self.message }.count == 1, "the shell's screen:\n\(screen)")
        let message = try #require(lines.firstIndex(of: Self.message), "the shell's screen:\n\(screen)")
        #expect(lines.firstIndex(of: "after") == message + 1, "the shell's screen:\n\(screen)")
        #expect(tmux.file("out") == "")
    }

    @Test("inline, what app code wrote to standard error before exit() is on the line below the band, not over it")
    func shownAfterExitInline() async throws {
        let tmux = try Self.start(inline: true)
        defer { tmux.kill() }
        try await DemoInTmux.typeUsername("alice", in: tmux)
        tmux.press("C-x")
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(Self.status)")
        DemoInTmux.expectRestored(tmux)
        let lines = try await tmux.waitForText("after")
        let screen = lines.joined(separator: "\n")
        #expect(Array(lines.prefix(2)) == DemoInTmux.shellLines, "the shell's screen:\n\(screen)")
        // Written before the band was given back, it would land at the caret, in the band.
        let message = try #require(lines.firstIndex(of: Self.message), "the shell's screen:\n\(screen)")
        #expect(lines.filter { $0.contains(Self.message) }.count == 1, "the shell's screen:\n\(screen)")
        try #require(message > 2, "the message above the band:\n\(screen)")
        #expect(
            lines[2..<message].contains { $0.contains("Username  alice") },
            "the last frame is not above the message:\n\(screen)")
        #expect(!lines[message - 1].isEmpty, "a gap above the message:\n\(screen)")
        #expect(lines.dropFirst(message + 1).first == "after", "the shell's screen:\n\(screen)")
        #expect(lines.dropFirst(message + 2).allSatisfy { $0.isEmpty }, "the shell's screen:\n\(screen)")
    }
}
