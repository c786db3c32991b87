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

/// Synchronized output (DEC mode 2026) on a real ``VTBackend`` over a pseudo-terminal. A
/// profile without terminfo's `Sync` asks with DECRQM (`CSI ? 2026 $ p`) at start, and
/// frames are wrapped in `CSI ? 2026 h` … `CSI ? 2026 l` only once the terminal's answer
/// (`CSI ? 2026 ; n $ y`) says it knows the mode: 1 (set), 2 (reset) or 3 (permanently
/// set); never after 0 (not recognised) or 4 (permanently reset).
extension ProcessWideStateTests {
    @Suite("VTBackend synchronized output", .serialized)
    @MainActor
    struct VTBackendSynchronizedOutputTests {
        private let begin = "\u{1B}[?2026h"
        private let end = "\u{1B}[?2026l"

        private func backend(_ pty: PseudoTerminal) -> VTBackend {
            let io = TerminalIO(input: pty.slave, output: pty.slave, environment: ["TERM": "xterm-256color"])
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

        /// A frame of `size` with a letter in every cell: one byte or more per cell, far
        /// more than the size above which the backend writes a synchronized update.
        private func largeFrame(_ size: Size) -> Frame {
            var frame = Frame(size: size)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8((x + y) % 26)))
                    frame[x, y] = Cell(grapheme: String(letter))
                }
            }
            return frame
        }

        @Test(
            "a terminal that answers DECRQM for mode 2026 with 0 (not recognised) or 4 (permanently reset) gets no synchronized updates",
            arguments: [0, 4])
        func unknownModeGetsNoSynchronizedUpdates(state: Int) throws {
            let pty = try PseudoTerminal(width: 40, height: 10)
            let backend = backend(pty)
            var events: [TerminalEvent] = []
            try backend.start { events.append($0) }
            #expect(String(decoding: pty.drain(), as: UTF8.self).contains("\u{1B}[?2026$p"), "no DECRQM query")
            send(pty, "\u{1B}[?2026;\(state)$yk")
            settle(backend)
            // The answer was read (the key after it arrived) and is no key.
            #expect(events == [.input(.key(.character("k")))])
            pty.drain()
            backend.present(largeFrame(backend.size), cursor: nil)
            let frame = String(decoding: pty.drain(), as: UTF8.self)
            #expect(frame.utf8.count >= 400, "the frame was not written whole: \(frame.utf8.count) bytes")
            #expect(!frame.contains(begin) && !frame.contains(end), "\(frame.prefix(40).debugDescription)")
            backend.stop()
            pty.drain()
            let written = String(decoding: pty.output, as: UTF8.self)
            #expect(!written.contains(begin), "a synchronized update began")
            #expect(!written.contains(end), "a synchronized update ended on the way out")
        }

        @Test(
            "a terminal that answers DECRQM for mode 2026 with 1 (set), 2 (reset) or 3 (permanently set) gets a large frame as one synchronized update",
            arguments: [1, 2, 3])
        func knownModeGetsSynchronizedUpdates(state: Int) throws {
            let pty = try PseudoTerminal(width: 40, height: 10)
            let backend = backend(pty)
            var events: [TerminalEvent] = []
            try backend.start { events.append($0) }
            #expect(String(decoding: pty.drain(), as: UTF8.self).contains("\u{1B}[?2026$p"), "no DECRQM query")
            send(pty, "\u{1B}[?2026;\(state)$yk")
            settle(backend)
            #expect(events == [.input(.key(.character("k")))])
            pty.drain()
            backend.present(largeFrame(backend.size), cursor: nil)
            let frame = String(decoding: pty.drain(), as: UTF8.self)
            #expect(frame.hasPrefix(begin) && frame.hasSuffix(end), "\(frame.prefix(40).debugDescription)")
            backend.stop()
            #expect(String(decoding: pty.drain(), as: UTF8.self).contains(end), "not ended on the way out")
        }
    }
}
