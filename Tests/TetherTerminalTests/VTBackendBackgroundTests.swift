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

        /// Writes `bytes` to the terminal's side after `delay`, from another thread, as a
        /// terminal answering while the backend waits would.
        private func answer(_ pty: PseudoTerminal, _ bytes: String, after delay: Duration) {
            let master = pty.master
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18)
                let data = Array(bytes.utf8)
                _ = data.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            }
        }

        @Test("A session that is not the controlling terminal asks nothing and takes COLORFGBG's background")
        func otherSessionsReadColorFGBG() throws {
            let pty = try PseudoTerminal(width: 20, height: 4)
            let backend = backend(pty, controlling: false, environment: ["COLORFGBG": "0;15"])
            let started = ContinuousClock.now
            try backend.start { _ in }
            let elapsed = ContinuousClock.now - started
            #expect(backend.capabilities.background == .light)
            backend.stop()
            #expect(!String(decoding: pty.drain(), as: UTF8.self).contains("]11;"))
            #expect(elapsed < .milliseconds(100))
        }

        @Test(
            "The controlling terminal is asked; its answer decides, keys typed before it are kept, and the start waits no longer than the answer"
        )
        func answerDecidesAndKeepsTypeAhead() throws {
            let pty = try PseudoTerminal(width: 20, height: 4)
            let backend = backend(pty, controlling: true, environment: ["COLORFGBG": "15;0"])
            var keys: [InputEvent] = []
            answer(pty, "x\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;22c", after: .milliseconds(30))
            let started = ContinuousClock.now
            try backend.start { event in if case .input(let input) = event { keys.append(input) } }
            let elapsed = ContinuousClock.now - started
            backend.processPendingInput()
            #expect(backend.capabilities.background == .light)
            #expect(keys == [.key(.character("x"))])
            backend.stop()
            #expect(String(decoding: pty.drain(), as: UTF8.self).contains("\u{1B}]11;?\u{1B}\\\u{1B}[c"))
            #expect(elapsed < BackgroundQuery.timeout)
        }

        @Test("A terminal that answers the device attributes but not OSC 11 costs no wait; COLORFGBG decides")
        func deviceAttributesAloneEndTheWait() throws {
            let pty = try PseudoTerminal(width: 20, height: 4)
            let backend = backend(pty, controlling: true, environment: ["COLORFGBG": "0;15"])
            answer(pty, "\u{1B}[?1;2c", after: .milliseconds(10))
            let started = ContinuousClock.now
            try backend.start { _ in }
            let elapsed = ContinuousClock.now - started
            #expect(backend.capabilities.background == .light)
            backend.stop()
            #expect(elapsed < BackgroundQuery.timeout)
        }

        @Test(
            "A terminal that answers nothing is given up after the timeout; without COLORFGBG the background is unknown"
        )
        func silenceTimesOut() throws {
            let pty = try PseudoTerminal(width: 20, height: 4)
            let backend = backend(pty, controlling: true, environment: [:])
            let started = ContinuousClock.now
            try backend.start { _ in }
            let elapsed = ContinuousClock.now - started
            #expect(backend.capabilities.background == .unknown)
            backend.stop()
            #expect(elapsed >= BackgroundQuery.timeout)
        }
    }
}
