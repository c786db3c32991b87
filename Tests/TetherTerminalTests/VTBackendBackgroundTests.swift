#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TerminalHarness
import Testing
import TetherTerminal
import TetherUI

/// How ``VTBackend`` finds the terminal's background when it starts (``BackgroundQuery``).
extension ProcessWideStateTests {
    @Suite("VTBackend background", .serialized)
    @MainActor
    struct VTBackendBackgroundTests {
        private func backend(_ pty: PseudoTerminal, controlling: Bool, environment: [String: String]) -> VTBackend {
            let io = TerminalIO(
                input: pty.slave, output: pty.slave,
                environment: ["TERM": "xterm-256color"].merging(environment) { $1 },
                isControllingTerminal: controlling)
            return VTBackend(io: io, strings: .xterm256Color, options: VTBackend.Options(kittyKeyboard: false))
        }

        /// Writes `bytes` to the terminal's side now.
        private func send(_ pty: PseudoTerminal, _ bytes: String) {
            let data = Array(bytes.utf8)
            _ = data.withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }
        }

        /// Lets the backend read what was sent (a pseudo-terminal passes it on at once).
        private func settle(_ backend: VTBackend) {
            Thread.sleep(forTimeInterval: 0.02)
            backend.processPendingInput()
        }

        @Test("A session that is not the controlling terminal asks nothing and takes COLORFGBG's background")
        func otherSessionsReadColorFGBG() throws {
            let pty = try PseudoTerminal(width: 20, height: 4)
            let backend = backend(pty, controlling: false, environment: ["COLORFGBG": "0;15"])
            try backend.start { _ in }
            #expect(backend.capabilities.background == .light)
            backend.stop()
            #expect(!String(decoding: pty.drain(), as: UTF8.self).contains("]11;"))
        }

        @Test(
            "The controlling terminal is asked, and the start does not wait for the answer: COLORFGBG's guess holds until it comes"
        )
        func startAsksWithoutWaiting() throws {
            let pty = try PseudoTerminal(width: 20, height: 4)
            let backend = backend(pty, controlling: true, environment: ["COLORFGBG": "15;0"])
            let started = ContinuousClock.now
            try backend.start { _ in }
            let elapsed = ContinuousClock.now - started
            #expect(backend.capabilities.background == .dark)
            backend.stop()
            #expect(String(decoding: pty.drain(), as: UTF8.self).contains("\u{1B}]11;?\u{1B}\\"))
            #expect(elapsed < .milliseconds(50))
        }

        @Test(
            "The answer, when it comes among typed keys, changes the background and tells the application; the keys arrive"
        )
        func answerChangesBackgroundAndRedraws() throws {
            let pty = try PseudoTerminal(width: 20, height: 4)
            let backend = backend(pty, controlling: true, environment: [:])
            var events: [TerminalEvent] = []
            try backend.start { events.append($0) }
            #expect(backend.capabilities.background == .unknown)
            send(pty, "x\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\y")
            settle(backend)
            #expect(backend.capabilities.background == .light)
            #expect(
                events == [.backgroundChanged, .input(.key(.character("x"))), .input(.key(.character("y")))])
            backend.stop()
        }

        @Test("An answer split across two reads is no typed text")
        func splitAnswerIsNoText() throws {
            let pty = try PseudoTerminal(width: 20, height: 4)
            let backend = backend(pty, controlling: true, environment: [:])
            var events: [TerminalEvent] = []
            try backend.start { events.append($0) }
            send(pty, "\u{1B}]11;rgb:00")
            settle(backend)
            send(pty, "00/0000/0000\u{07}")
            settle(backend)
            #expect(backend.capabilities.background == .dark)
            #expect(events == [.backgroundChanged])
            backend.stop()
        }

        @Test("An answer that names the background already assumed tells the application nothing")
        func sameBackgroundNoRedraw() throws {
            let pty = try PseudoTerminal(width: 20, height: 4)
            let backend = backend(pty, controlling: true, environment: ["COLORFGBG": "0;15"])
            var events: [TerminalEvent] = []
            try backend.start { events.append($0) }
            send(pty, "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}")
            settle(backend)
            #expect(backend.capabilities.background == .light)
            #expect(events.isEmpty)
            backend.stop()
        }
    }
}
