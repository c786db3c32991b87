#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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

    @Test("a paste whose pieces arrive with gaps under the paste timeout stays one paste")
    func pasteWithGaps() async throws {
        let pty = try await Self.startCheck()
        defer { pty.kill() }
        pty.send("\u{1B}[200~abc")
        // Well past the escape delay, well inside the 1 s paste timeout. A blocking sleep, not
        // `Task.sleep`: on a busy 2-core machine other tests can hold the task pool's threads
        // for over a second, and the gap would pass the timeout.
        let start = ContinuousClock.now
        usleep(300_000)
        pty.send("def\u{1B}[201~")
        try #require(
            ContinuousClock.now - start < .milliseconds(900), "the test could not keep the gap under the paste timeout")
        // Cut at the gap, it would arrive as a paste "abc" and then keys.
        try await pty.waitFor(text: "paste abcdef", timeout: 10)
        pty.send("q")
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
/// the program in `write(2)` past a signal that ends it, and the program still leaves the
/// terminal's modes as the shell had them.
@Suite("CursesBackend when the terminal stops reading")
struct StuckTerminalTests {
    /// The check program in a pty that stops reading once the program has drawn: 300 full
    /// redraws forced by resizes fill the pty, so the program's writes wait for the terminal.
    static func startBlocked() async throws -> PtySession {
        let pty = try PtySession([CursesCheckTests.checkProgram], environment: ["TERM=xterm-256color"])
        try await pty.waitFor(text: "keys: 0")
        // From here on nothing reads the program's output: full redraws fill the pty.
        for round in 0..<300 {
            pty.resize(width: 300 - round % 2 * 60, height: 100 - round % 2 * 20)
            try await Task.sleep(for: .milliseconds(5))
        }
        return pty
    }

    @Test(
        "SIGTERM, SIGHUP, SIGINT and SIGQUIT each end a program blocked writing frames to a terminal that does not read, within seconds",
        arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
    func terminateWhileBlocked(_ signal: Int32) async throws {
        let pty = try await Self.startBlocked()
        defer { pty.kill() }
        #expect(DemoState.of(pty.pid) != "T")
        #expect(kill(pty.pid, signal) == 0)
        #expect(try await pty.waitForExit(timeout: 10, reading: false) == 128 + signal)
    }

    @Test(
        "after a signal ends a program blocked on a terminal that does not read, the terminal has the shell's modes again"
    )
    func modesRestoredAfterStuckExit() async throws {
        let pty = try await Self.startBlocked()
        defer { pty.kill() }
        let before = sttySettings(pty.modesAtStart)
        let running = try #require(pty.modes.map(sttySettings))
        #expect(running != before, "the program had not taken the terminal (raw mode)")
        #expect(kill(pty.pid, SIGTERM) == 0)
        #expect(try await pty.waitForExit(timeout: 10, reading: false) == 128 + SIGTERM)
        // Read while the terminal still holds unread output: put back at once, not after a drain.
        #expect(pty.modes.map(sttySettings) == before)
    }

    /// Where the last occurrence of `needle` starts in `haystack`.
    static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).last { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    @Test(
        "when the stopped terminal reads again after a signal ended the program, the modes-off bytes are there: what it never took was discarded, not the farewell"
    )
    func farewellReachesAResumedReader() async throws {
        let pty = try await Self.startBlocked()
        defer { pty.kill() }
        #expect(kill(pty.pid, SIGTERM) == 0)
        #expect(try await pty.waitForExit(timeout: 10, reading: false) == 128 + SIGTERM)
        _ = try await pty.waitForExit(timeout: 10, reading: true)  // the reader resumes
        let output = pty.output
        for mode in ["1049", "1002", "2004"] {
            let on = Array("\u{1B}[?\(mode)h".utf8), off = Array("\u{1B}[?\(mode)l".utf8)
            let lastOn = Self.lastIndex(of: on, in: output) ?? 0
            #expect(
                Self.lastIndex(of: off, in: output).map { $0 > lastOn } == true,
                "mode \(mode) not turned off after it was last turned on")
        }
    }
}
