#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// An inline form asks the terminal where the cursor is and waits up to a quarter of a
/// second for the answer before its run exists; the terminal is already in raw mode then,
/// so a crash in that wait must still give the shell its modes back.
@Suite("login-demo --inline crashing before its first frame")
struct InlineStartCrashTests {
    @Test("a crash while the start waits for the cursor report leaves the terminal with the shell's modes")
    func crashDuringCursorQueryRestoresModes() async throws {
        let pty = try PtySession(
            [DemoInTmux.binary, "--inline"],
            environment: ["TERM=xterm-256color", "SWIFT_BACKTRACE=enable=no"] + DemoInTmux.sanitizerCrashHandlersOff)
        defer { pty.kill() }
        try await pty.waitFor(Array("\u{1B}[6n".utf8), timeout: 30)  // asked, and not answered
        let before = sttySettings(pty.modesAtStart)
        #expect(try #require(pty.modes.map(sttySettings)) != before, "the program had not taken the terminal")
        #expect(kill(pty.pid, SIGSEGV) == 0)
        let status = try await pty.waitForExit(timeout: 30)
        #expect(
            status == 128 + SIGSEGV,
            "output: \(String(decoding: pty.output, as: UTF8.self).suffix(500).debugDescription)")
        #expect(pty.modes.map(sttySettings) == before)
    }
}
