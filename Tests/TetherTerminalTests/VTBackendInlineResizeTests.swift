import TerminalHarness
import Testing
import TetherReactive
import TetherTerminal
import TetherUI

/// Inline, a band is drawn again only once the terminal's size has held still: a terminal
/// rewraps and pushes up every frame drawn while it is being resized.
extension ProcessWideStateTests {
    @Suite("VTBackend inline resizes", .serialized)
    @MainActor
    struct VTBackendInlineResizeTests {
        /// Reads the terminal until `condition` holds of everything written since `from`, at most 60 s.
        func waitUntil(_ pty: PseudoTerminal, from: Int, _ what: String, _ condition: (String) -> Bool) async throws {
            let deadline = ContinuousClock.now + .seconds(60)
            while !condition(String(decoding: pty.output[from...], as: UTF8.self)) {
                pty.drain()
                guard ContinuousClock.now < deadline else { throw HarnessError("timed out waiting for \(what)") }
                try await Task.sleep(for: .milliseconds(10))
            }
        }

        @Test("inline, nothing is written while the size changes; keys typed meanwhile are drawn once it holds still")
        func drawsOnceTheSizeHoldsStill() async throws {
            let pty = try PseudoTerminal(width: 40, height: 10)
            let name = BehaviorRelay(value: "")
            let field = TextField()
            let binding = field.rx.text <-> name
            defer { binding.dispose() }
            let io = TerminalIO(input: pty.slave, output: pty.slave, environment: ["TERM": "xterm-256color"])
            let backend = VTBackend(io: io, strings: .xterm256Color, presentation: .inline)
            let app = Application(root: field, backend: backend)
            let run = Task { try await app.run() }
            // The start asks where the cursor is; the answer puts the band on row 3.
            try await waitUntil(pty, from: 0, "the cursor query") { $0.contains("\u{1B}[6n") }
            pty.type("\u{1B}[3;1R")
            pty.type("a")
            try await waitUntil(pty, from: 0, "the first frame") { _ in name.value == "a" }

            pty.drain()
            let sent = pty.output.count
            for width in [30, 50, 35] {
                pty.resize(width: width, height: 10)
                backend.terminalResized()
            }
            #expect(backend.pollTimeout.map { $0 > .zero && $0 <= .milliseconds(300) } == true)
            pty.type("b")
            try await waitUntil(pty, from: 0, "the typed b") { _ in name.value == "ab" }

            // Nothing is drawn before the size holds still: then the band is found (one cursor
            // query, the first thing written) and drawn whole at the new width.
            try await waitUntil(pty, from: sent, "the query after the storm") { $0.contains("\u{1B}[6n") }
            let settled = String(decoding: pty.output[sent...], as: UTF8.self)
            #expect(settled.hasPrefix("\u{1B}[6n"), "written before the size held still: \(settled.debugDescription)")
            pty.type("\u{1B}[3;1R")
            try await waitUntil(pty, from: sent, "the band drawn again") { $0.contains("ab") }
            let after = String(decoding: pty.output[sent...], as: UTF8.self)
            #expect(after.components(separatedBy: "\u{1B}[6n").count == 2, "one query for three resizes")
            #expect(backend.size.width == 35)
            pty.type("\u{03}")
            _ = try await run.value
        }
    }
}
