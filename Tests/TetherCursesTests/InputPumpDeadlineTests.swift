import Glibc
import TerminalHarness
import Testing

/// Every decoder state that holds bytes ends at a deadline in a real pty (the test playing
/// the terminal, ``PtySession``): a paste start without its end, and the rest of an overlong
/// escape sequence, never swallow the keys typed after them.
@Suite("CursesBackend's input deadlines in a pty")
struct InputPumpDeadlineTests {
    static func startCheck() async throws -> PtySession {
        let pty = try PtySession([CursesCheckTests.checkProgram], environment: ["TERM=xterm-256color"])
        try await pty.waitFor(text: "keys: 0")
        return pty
    }

    @Test("a paste start whose end never comes ends after the paste timeout with its text, and later keys are keys")
    func strayPasteStart() async throws {
        let pty = try await Self.startCheck()
        defer { pty.kill() }
        pty.send("\u{1B}[200~abc")
        try await pty.waitFor(text: "paste abc", timeout: 10)
        pty.send("q")  // a key again: it quits
        #expect(try await pty.waitForExit() == 0)
    }

    @Test("the rest of an overlong escape sequence ends at the escape delay, and the next key is that key")
    func overlongSequenceThenKey() async throws {
        let pty = try await Self.startCheck()
        defer { pty.kill() }
        pty.send("\u{1B}[" + String(repeating: "1", count: 70))
        try await pty.settle(seconds: 0.3)
        pty.send("q")  // eaten as the sequence's final byte if the deadline never came
        #expect(try await pty.waitForExit() == 0)
    }
}
