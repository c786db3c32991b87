#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing
import TetherReactive
import TetherTerminal
import TetherUI

/// Sessions are instances: several applications run in one process at once, each on its
/// own pseudo-terminal through its own ``VTBackend``, and what is typed into one reaches
/// only that one.
extension ProcessWideStateTests {
    @Suite("VTBackend sessions", .serialized)
    @MainActor
    struct VTBackendSessionsTests {
        /// One application with a bound text field on a new pseudo-terminal.
        @MainActor
        final class Session {
            let pty: PseudoTerminal
            let name = BehaviorRelay(value: "")
            let app: Application
            let binding: any Disposable
            var run: Task<Application.Exit, any Error>?

            init() throws {
                pty = try PseudoTerminal(width: 40, height: 6)
                let field = TextField()
                let bound = field.rx.text <-> name
                binding = bound
                let io = TerminalIO(input: pty.slave, output: pty.slave, environment: ["TERM": "xterm-256color"])
                app = Application(root: field, backend: VTBackend(io: io, strings: .xterm256Color))
            }
        }

        /// Waits (reading every terminal, so none fills up) until `condition` holds, at most 60 s.
        func waitUntil(_ sessions: [Session], _ what: String, _ condition: () -> Bool) async throws {
            // Generous: in a sanitized build, main-actor tests elsewhere in the process (the
            // emulator oracle's synchronous frames) can hold the main actor for many seconds.
            let deadline = ContinuousClock.now + .seconds(60)
            while !condition() {
                for session in sessions { session.pty.drain() }
                guard ContinuousClock.now < deadline else { throw HarnessError("timed out waiting for \(what)") }
                try await Task.sleep(for: .milliseconds(10))
            }
        }

        @Test("three applications on three pseudo-terminals in one process each take only what is typed into theirs")
        func threeSessionsTypedIntoEach() async throws {
            let sessions = try (0..<3).map { _ in try Session() }
            let shellModes = sessions.map { $0.pty.modes }
            for session in sessions { session.run = Task { try await session.app.run() } }
            try await waitUntil(sessions, "three first frames") { sessions.allSatisfy { !$0.pty.output.isEmpty } }
            for session in sessions { #expect(session.pty.modes.c_lflag & tcflag_t(ICANON | ECHO) == 0, "not raw") }

            let words = ["one", "two", "three"]
            for (session, word) in zip(sessions, words) { session.pty.type(word) }
            try await waitUntil(sessions, "the typed words") { sessions.map(\.name.value) == words }
            try await waitUntil(sessions, "the words drawn") {
                zip(sessions, words).allSatisfy { String(decoding: $0.pty.output, as: UTF8.self).contains($1) }
            }
            for (index, session) in sessions.enumerated() {
                let drawn = String(decoding: session.pty.output, as: UTF8.self)
                for (other, word) in words.enumerated() where other != index && !words[index].contains(word) {
                    #expect(!drawn.contains(word), "session \(index) shows \(word)")
                }
            }

            for session in sessions { session.pty.type("\u{03}") }  // Ctrl-C quits each
            for session in sessions { _ = try await session.run?.value }
            for (session, modes) in zip(sessions, shellModes) {
                #expect(session.pty.modes.c_lflag == modes.c_lflag, "the terminal's modes are not back")
            }
            #expect(sessions.allSatisfy { $0.name.value != "" })
        }

        @Test("Ctrl-L forgets the screen: the next frame clears it and draws every cell again")
        func ctrlLRepaints() async throws {
            let session = try Session()
            session.run = Task { try await session.app.run() }
            session.pty.type("x")
            try await waitUntil([session], "the typed x") { session.name.value == "x" }
            try await Task.sleep(for: .milliseconds(100))
            session.pty.drain()
            let before = session.pty.output.count
            session.pty.type("y")
            try await waitUntil([session], "the typed y") { session.name.value == "xy" }
            try await Task.sleep(for: .milliseconds(100))
            session.pty.drain()
            let typed = String(decoding: session.pty.output[before...], as: UTF8.self)
            #expect(!typed.contains("\u{1B}[2J"), "a typed key cleared the screen: \(typed.debugDescription)")
            let sent = session.pty.output.count
            session.pty.type("\u{0C}")  // Ctrl-L
            try await waitUntil([session], "a repaint") {
                String(decoding: session.pty.output[sent...], as: UTF8.self).contains("xy")
            }
            let repaint = String(decoding: session.pty.output[sent...], as: UTF8.self)
            #expect(repaint.contains("\u{1B}[H\u{1B}[2J"), "\(repaint.debugDescription)")
            session.pty.type("\u{03}")
            _ = try await session.run?.value
        }

        @Test(
            "once the terminal says it knows mode 2026, a large frame is one synchronized update and a key's few bytes are not"
        )
        func synchronizedOutput() async throws {
            let pty = try PseudoTerminal(width: 80, height: 24)
            let lines = (0..<20).map { Label("line \($0) " + String(repeating: "·", count: 60)) }
            let field = TextField()
            let io = TerminalIO(input: pty.slave, output: pty.slave, environment: ["TERM": "xterm-256color"])
            let app = Application(root: VStack([field] + lines), backend: VTBackend(io: io, strings: .xterm256Color))
            let run = Task { try await app.run() }
            try await waitUntil([], "the query and the first frame") {
                pty.drain()
                return String(decoding: pty.output, as: UTF8.self).contains("line 19")
            }
            #expect(String(decoding: pty.output, as: UTF8.self).contains("\u{1B}[?2026$p"), "no DECRQM query")
            #expect(
                !String(decoding: pty.output, as: UTF8.self).contains("\u{1B}[?2026h"), "synchronized before the answer"
            )
            pty.type("\u{1B}[?2026;2$y")  // the answer: known, reset
            pty.type("k")
            try await waitUntil([], "the key drawn") {
                pty.drain()
                return String(decoding: pty.output, as: UTF8.self).contains("k")
            }
            let sent = pty.output.count
            pty.type("\u{0C}")  // Ctrl-L: the whole screen again
            try await waitUntil([], "the repaint") {
                pty.drain()
                return String(decoding: pty.output[sent...], as: UTF8.self).contains("line 19")
            }
            let repaint = String(decoding: pty.output[sent...], as: UTF8.self)
            #expect(
                repaint.hasPrefix("\u{1B}[?2026h") && repaint.contains("\u{1B}[?2026l"),
                "\(repaint.prefix(40).debugDescription)")
            let typed = pty.output.count
            pty.type("m")
            try await waitUntil([], "the key drawn") {
                pty.drain()
                return String(decoding: pty.output[typed...], as: UTF8.self).contains("m")
            }
            #expect(!String(decoding: pty.output[typed...], as: UTF8.self).contains("2026"), "a key was wrapped")
            pty.type("\u{03}")
            _ = try await run.value
            #expect(String(decoding: pty.drain(), as: UTF8.self).contains("\u{1B}[?2026l"), "not ended on the way out")
        }
    }
}
