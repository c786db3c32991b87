#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The built `login-demo --inline` in an interactive shell in tmux, through job control and
/// resizes: the band comes back below what the shell printed (on the next line when the
/// shell left the cursor mid-line), a quit after a resume leaves the frame and the outcome
/// below it with every mode off, and a resize never erases the lines the user had above the
/// band.
@Suite("login-demo inline through Ctrl-Z, fg and resizes in tmux", .serialized)
struct InlineJobControlTests {
    /// An interactive shell with 30 numbered lines above the prompt, then the demo inline.
    static func start() async throws -> TmuxSession {
        let tmux = try TmuxSession(command: "PS1='$ ' exec bash --norc --noprofile -i", historyLimit: 500)
        tmux.type("stty -g > before; seq 1 30\n")
        _ = try await tmux.waitForText("30")
        tmux.type("\(shellQuoted(DemoInTmux.binary)) --inline --delay 0.1; stty -g > after\n")
        _ = try await tmux.waitForText("Username")
        return tmux
    }

    @Test(
        "after Ctrl-Z and fg the band is drawn below the shell's lines, and a quit leaves it, the outcome and the modes off"
    )
    func suspendResumeQuit() async throws {
        let tmux = try await Self.start()
        defer { tmux.kill() }
        tmux.type("ab")
        _ = try await tmux.waitForText("username    ab")
        tmux.press("C-z")
        _ = try await tmux.waitForText("Stopped")
        tmux.type("fg\n")
        try await tmux.waitFor("the band below `fg`") {
            let lines = tmux.capture()
            guard let fg = lines.lastIndex(where: { $0.hasPrefix("$ fg") }) else { return false }
            return lines[(fg + 1)...].contains { $0.contains("Username  ab") }
        }
        let lines = tmux.capture()
        let fg = try #require(lines.lastIndex { $0.hasPrefix("$ fg") })
        #expect(lines[..<fg].contains { $0.contains("Stopped") }, "the shell's lines were drawn over:\n\(lines)")
        #expect(
            lines[(fg + 1)...].filter { $0.contains("Tether · Sign in") }.count == 1,
            "a stale part of the frame above the band:\n\(lines)")
        tmux.type("c")
        _ = try await tmux.waitForText("username    abc")
        try await tmux.leaveDiscarding()
        let end = try await tmux.waitForText("not signed in: abc")
        _ = try await tmux.waitForFile("after")
        DemoInTmux.expectRestored(tmux)
        let outcome = try #require(end.lastIndex { $0.contains("not signed in: abc") })
        #expect(end[outcome] == "not signed in: abc", "the outcome was written into the band:\n\(end)")
        #expect(end[outcome - 1].contains("Esc cancel"), "the outcome is not right below the frame:\n\(end)")
    }

    /// What the shell prints, with no line break, between the demo's stop and `fg`.
    static let midLineText = "shell text, no line break"

    /// Two shell lines, then the demo inline as a job of a shell with job control (`set -m`,
    /// as ``DemoInTmux/startAsJob(_:)``) in a 100×50 pane (both bands and the lines between
    /// them fit). When the demo stops, the shell writes its status to `stopped-status`, waits
    /// for a line (press Enter), prints ``midLineText`` without a line break and runs `fg`
    /// with its own output (the job's name and a line break) sent to `/dev/null`, so the
    /// cursor is mid-line when the demo continues. Then `status` and `after` as in
    /// ``DemoInTmux/start(_:environment:)``.
    static func startWithTheCursorMidLineAtResume() throws -> TmuxSession {
        let demo = DemoInTmux.command(["--inline", "--delay", "0.1"])
        let lines = "printf '\(DemoInTmux.shellLines.joined(separator: "\\n"))\\n'"
        return try TmuxSession(
            command: "stty -g > before; set -m; \(lines); \(demo) > out 2> err; echo $? > stopped-status; "
                + "read line; printf '\(midLineText)'; fg > /dev/null; echo $? > status; stty -g > after; "
                + "exec sleep 600",
            width: 100, height: 50)
    }

    @Test(
        "after Ctrl-Z, the shell's text without a line break and fg, the band starts on the next line and the text stays"
    )
    func resumeWithTheCursorMidLine() async throws {
        let tmux = try Self.startWithTheCursorMidLineAtResume()
        defer { tmux.kill() }
        try await DemoInTmux.typeUsername("alice", in: tmux)
        tmux.press("C-z")
        let stopped = try await tmux.waitForFile("stopped-status", timeout: DemoInTmux.startTimeout)
        #expect(stopped == "\(128 + SIGTSTP)\n")
        tmux.press("Enter")  // `read line` returns: the shell prints the text, then fg
        // The frame from before the stop stays above; the band is drawn again below it.
        let lines = try await tmux.waitUntil("the form drawn again after fg") { lines in
            lines.filter { $0.contains("Username  alice") }.count == 2
        }
        let screen = lines.joined(separator: "\n")
        let text = try #require(
            lines.lastIndex(of: Self.midLineText), "the shell's text was drawn over:\n\(screen)")
        let title = try #require(
            lines.lastIndex { $0.contains("Tether · Sign in") }, "no band after fg:\n\(screen)")
        #expect(title == text + 1, "the band does not start on the line below the shell's text:\n\(screen)")

        try await tmux.leaveDiscarding()
        #expect(try await DemoInTmux.exitStatus(tmux) == "1")
        DemoInTmux.expectRestored(tmux)
        #expect(tmux.file("out") == "not signed in: alice\n")
        #expect(tmux.capture().contains(Self.midLineText), "the shell's text is gone after the quit")
    }

    @Test("shrinking and growing the window keeps every line the user had above the band")
    func resizeKeepsScrollback() async throws {
        let tmux = try await Self.start()
        defer { tmux.kill() }
        tmux.resize(width: 80, height: 12)
        try await Task.sleep(for: .milliseconds(400))
        tmux.resize(width: 80, height: 24)
        try await Task.sleep(for: .milliseconds(400))
        tmux.press("Escape")
        _ = try await tmux.waitForFile("after")
        let history = tmux.history(lines: 200).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let numbers = history.compactMap { line in Int(line.filter { $0 != " " }) }
        #expect(numbers == Array(1...30), "lines lost:\n\(history.joined(separator: "\n"))")
        #expect(history.contains { $0.contains("--inline --delay 0.1") }, "the command line was erased")
        #expect(history.filter { $0.contains("Tether · Sign in") }.count == 1, "\(history.joined(separator: "\n"))")
    }
}
