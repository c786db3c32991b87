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

/// The state letter of a process from `/proc` (`S` sleeping, as in a blocked write).
enum DemoState {
    static func of(_ pid: pid_t) -> Character? {
        guard let stat = readText(atPath: "/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        return stat[close...].dropFirst(2).first
    }
}

/// A terminal that stops reading (a paused pty reader, a stuck SSH connection) cannot hold
/// the program in `write(2)` past a signal that ends it.
@Suite("CursesBackend when the terminal stops reading")
struct StuckTerminalTests {
    @Test("SIGTERM ends a program blocked writing frames to a terminal that does not read, within seconds")
    func terminateWhileBlocked() async throws {
        let pty = try PtySession([CursesCheckTests.checkProgram], environment: ["TERM=xterm-256color"])
        defer { pty.kill() }
        try await pty.waitFor(text: "keys: 0")
        // From here on nothing reads the program's output: full redraws fill the pty.
        for round in 0..<300 {
            pty.resize(width: 300 - round % 2 * 60, height: 100 - round % 2 * 20)
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(DemoState.of(pty.pid) != "T")
        #expect(kill(pty.pid, SIGTERM) == 0)
        #expect(try await pty.waitForExit(timeout: 10, reading: false) == 128 + SIGTERM)
    }
}
