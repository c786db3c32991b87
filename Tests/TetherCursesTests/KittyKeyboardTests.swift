#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The kitty keyboard protocol in a real pty, the test playing the terminal
/// (``PtySession``): the backend asks (`ESC [ ? u`), pushes the "disambiguate escape codes"
/// level (`ESC [ > 1 u`) only once the terminal answers, and pops it (`ESC [ < u`) on every
/// way out, before leaving the alternate screen (the protocol keeps a stack per screen).
@Suite("CursesBackend and the kitty keyboard protocol")
struct KittyKeyboardTests {
    static let query = Array("\u{1B}[?u".utf8)
    static let push = Array("\u{1B}[>1u".utf8)
    static let pop = Array("\u{1B}[<u".utf8)
    /// xterm-256color's `rmcup` starts with this.
    static let leaveAlternateScreen = Array("\u{1B}[?1049l".utf8)
    /// What a terminal speaking the protocol answers to the query with no flags set.
    static let answer = "\u{1B}[?0u"

    /// The check program in a pty as an xterm, its first frame drawn.
    static func startCheck(_ environment: String...) async throws -> PtySession {
        let pty = try PtySession(
            [CursesCheckTests.checkProgram], environment: ["TERM=xterm-256color"] + environment)
        try await pty.waitFor(text: "keys: 0")
        return pty
    }

    /// The check program after the terminal answered and the backend pushed the level.
    static func startWithProtocol(_ environment: String...) async throws -> PtySession {
        let pty = try PtySession(
            [CursesCheckTests.checkProgram], environment: ["TERM=xterm-256color"] + environment)
        try await pty.waitFor(text: "keys: 0")
        pty.send(answer)
        try await pty.waitFor(push)
        return pty
    }

    /// Where `bytes` first occurs in `output` at or after `start`.
    static func index(of bytes: [UInt8], in output: [UInt8], from start: Int = 0) -> Int? {
        output[start...].firstRange(of: bytes)?.lowerBound
    }

    /// Expects the output after the (first) push to pop the level and then leave the
    /// alternate screen.
    static func expectPopBeforeLeaving(_ output: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let pushed = index(of: push, in: output) else {
            Issue.record("no push", sourceLocation: sourceLocation)
            return
        }
        let popped = index(of: pop, in: output, from: pushed)
        let left = index(of: leaveAlternateScreen, in: output, from: pushed)
        #expect(popped != nil && left != nil, sourceLocation: sourceLocation)
        if let popped, let left { #expect(popped < left, sourceLocation: sourceLocation) }
    }

    @Test("the start asks the terminal but pushes nothing before it answers")
    func queryWithoutPush() async throws {
        let pty = try await Self.startCheck()
        defer { pty.kill() }
        try await pty.settle(seconds: 0.2)
        #expect(Self.index(of: Self.query, in: pty.output) != nil)
        #expect(Self.index(of: Self.push, in: pty.output) == nil)
    }

    @Test("the answer to the query makes the backend push the disambiguate level")
    func answerPushes() async throws {
        let pty = try await Self.startCheck()
        defer { pty.kill() }
        let answeredAt = pty.output.count
        pty.send(Self.answer)
        try await pty.waitFor(Self.push)
        #expect(Self.index(of: Self.push, in: pty.output)! >= answeredAt)
    }

    @Test("with the level on, ESC [27u reaches the program as Esc")
    func escapeAsCSIu() async throws {
        let pty = try await Self.startWithProtocol()
        defer { pty.kill() }
        pty.send("\u{1B}[27u")
        try await pty.waitFor(text: "Esc")
    }

    @Test("quitting pops the level before leaving the alternate screen")
    func quitPops() async throws {
        let pty = try await Self.startWithProtocol()
        defer { pty.kill() }
        pty.send("q")
        #expect(try await pty.waitForExit() == 0)
        Self.expectPopBeforeLeaving(pty.output)
    }

    @Test("a terminal that never answers gets neither a push nor a pop")
    func noAnswerNoPush() async throws {
        let pty = try await Self.startCheck()
        defer { pty.kill() }
        pty.send("q")
        #expect(try await pty.waitForExit() == 0)
        #expect(Self.index(of: Self.push, in: pty.output) == nil)
        #expect(Self.index(of: Self.pop, in: pty.output) == nil)
    }

    @Test("exit() without stop() pops the level through the exit hook")
    func exitHookPops() async throws {
        let pty = try await Self.startWithProtocol()
        defer { pty.kill() }
        pty.send("e")
        #expect(try await pty.waitForExit() == 3)
        Self.expectPopBeforeLeaving(pty.output)
    }

    @Test("a crash after the push pops the level before leaving the alternate screen")
    func crashPops() async throws {
        let pty = try await Self.startWithProtocol("SWIFT_BACKTRACE=enable=no")
        defer { pty.kill() }
        #expect(kill(pty.pid, SIGABRT) == 0)
        #expect(try await pty.waitForExit() == 128 + SIGABRT)
        Self.expectPopBeforeLeaving(pty.output)
    }

    @Test("Ctrl-Z pops the level when giving the terminal back and pushes it again on taking it back")
    func suspendPopsAndPushes() async throws {
        let pty = try await Self.startWithProtocol()
        defer { pty.kill() }
        let pushed = Self.index(of: Self.push, in: pty.output)!
        // Ctrl-Z as the protocol sends it. The stop itself is discarded: the program leads
        // an orphaned process group, so it takes the terminal back at once.
        pty.send("\u{1B}[122;5u")
        try await pty.waitFor("a pop and a second push") { output in
            guard let popped = Self.index(of: Self.pop, in: output, from: pushed) else { return false }
            return Self.index(of: Self.push, in: output, from: popped) != nil
        }
    }

    @Test("SIGCONT sets the level again without pushing a second one")
    func continueSetsWithoutPush() async throws {
        let pty = try await Self.startWithProtocol()
        defer { pty.kill() }
        let pushed = Self.index(of: Self.push, in: pty.output)!
        #expect(kill(pty.pid, SIGCONT) == 0)
        try await pty.waitFor(Array("\u{1B}[=1u".utf8))
        #expect(Self.index(of: Self.push, in: pty.output, from: pushed + 1) == nil)
    }
}
