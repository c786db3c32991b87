import TerminalHarness
import Testing
import TetherReactive
import TetherTerminal
import TetherUI

/// Focus reports on a real `VTBackend` over a pseudo-terminal: mode 1004 asked for at start
/// and given back at the end, the terminal's `ESC [I` and `ESC [O` reaching the application.
extension ProcessWideStateTests {
    @Suite("VTBackend focus reports", .serialized)
    @MainActor
    struct VTBackendFocusTests {
        /// An application over one text field on a new pseudo-terminal, running.
        private func start(options: VTBackend.Options = VTBackend.Options()) throws -> (
            PseudoTerminal, Application, Task<Application.Exit, any Error>
        ) {
            let pty = try PseudoTerminal(width: 40, height: 6)
            let io = TerminalIO(input: pty.slave, output: pty.slave, environment: ["TERM": "xterm-256color"])
            let app = Application(
                root: TextField(), backend: VTBackend(io: io, strings: .xterm256Color, options: options))
            return (pty, app, Task { try await app.run() })
        }

        /// Waits (reading the terminal, so it never fills up) until `condition` holds, at most 60 s.
        private func waitUntil(_ pty: PseudoTerminal, _ what: String, _ condition: () -> Bool) async throws {
            // Generous: in a sanitized build, main-actor tests elsewhere in the process (the
            // emulator oracle's synchronous frames) can hold the main actor for many seconds.
            let deadline = ContinuousClock.now + .seconds(60)
            while !condition() {
                pty.drain()
                guard ContinuousClock.now < deadline else { throw HarnessError("timed out waiting for \(what)") }
                try await Task.sleep(for: .milliseconds(10))
            }
        }

        private func written(_ pty: PseudoTerminal) -> String { String(decoding: pty.output, as: UTF8.self) }

        @Test("the backend asks for focus reports at start and the terminal's reports reach the application")
        func reportsReachTheApplication() async throws {
            let (pty, app, run) = try start()
            var seen: [Bool] = []
            let subscription = app.rx.terminalFocus.subscribe(onNext: { seen.append($0) })
            defer { subscription.dispose() }
            try await waitUntil(pty, "mode 1004 set") { written(pty).contains("\u{1B}[?1004h") }
            pty.type("\u{1B}[O")
            try await waitUntil(pty, "focus out") { !app.isTerminalFocused }
            pty.type("\u{1B}[I")
            try await waitUntil(pty, "focus in") { app.isTerminalFocused }
            #expect(seen == [true, false, true])
            pty.type("\u{03}")
            _ = try await run.value
            pty.drain()
            let text = written(pty)
            let lastSet = text.range(of: "\u{1B}[?1004h", options: .backwards)
            let lastReset = text.range(of: "\u{1B}[?1004l", options: .backwards)
            #expect(lastReset != nil && lastSet.map { $0.lowerBound < lastReset!.lowerBound } == true)
        }

        @Test("a focus report split across two reads still arrives, and the key after it too")
        func splitReport() async throws {
            let (pty, app, run) = try start()
            try await waitUntil(pty, "mode 1004 set") { written(pty).contains("\u{1B}[?1004h") }
            pty.type("\u{1B}[")
            try await Task.sleep(for: .milliseconds(5))
            pty.type("Ox")
            try await waitUntil(pty, "focus out") { !app.isTerminalFocused }
            try await waitUntil(pty, "the x drawn") { written(pty).contains("x") }
            pty.type("\u{03}")
            _ = try await run.value
        }

        @Test("with focusEvents off, mode 1004 is never written")
        func optionOff() async throws {
            let (pty, _, run) = try start(options: VTBackend.Options(focusEvents: false))
            try await waitUntil(pty, "the first frame") { written(pty).contains("\u{1B}[?2004h") }
            pty.type("\u{03}")
            _ = try await run.value
            pty.drain()
            #expect(!written(pty).contains("1004"))
        }
    }
}
