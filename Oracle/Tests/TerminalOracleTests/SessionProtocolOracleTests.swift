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

/// What a running `VTBackend` writes for synchronized output, the keyboard protocols and
/// Ctrl-L, fed to libvterm: each leaves the emulator's screen exactly the frame meant.
@MainActor
@Suite("Emulator oracle: a session's protocols")
struct SessionProtocolOracleTests {
    private let size = Size(width: 40, height: 10)

    /// A session on a fresh pseudo-terminal of `size`, started, with its start bytes fed
    /// to a fresh emulator.
    private func session(kittyKeyboard: Bool = true) throws -> (PseudoTerminal, VTBackend, Emulator) {
        let pty = try PseudoTerminal(width: size.width, height: size.height)
        let io = TerminalIO(
            input: pty.slave, output: pty.slave, environment: ["TERM": "xterm-256color"], isControllingTerminal: false)
        let backend = VTBackend(
            io: io, strings: .xterm256Color, options: VTBackend.Options(kittyKeyboard: kittyKeyboard))
        try backend.start { _ in }
        let emulator = Emulator(rows: size.height, columns: size.width)
        emulator.feed(pty.drain())
        return (pty, backend, emulator)
    }

    /// The terminal answers `text` (as a real one answers a query) and the backend reads it.
    private func answer(_ text: String, to pty: PseudoTerminal, _ backend: VTBackend) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }
        Thread.sleep(forTimeInterval: 0.02)
        backend.processPendingInput()
    }

    /// A frame with a line of `text` on every row.
    private func frame(_ text: String) -> Frame {
        var frame = Frame(size: size)
        for y in 0..<size.height {
            for (x, character) in "\(y) \(text)".prefix(size.width).enumerated() {
                frame[x, y] = Cell(grapheme: String(character), style: Style(foreground: .ansi(UInt8(y % 8))))
            }
        }
        return frame
    }

    /// The rows of text the emulator shows, trailing blanks dropped.
    private func rows(_ emulator: Emulator) -> [String] {
        (0..<emulator.rows).map { y in
            var line = (0..<emulator.columns).map { emulator.cell(x: $0, y: y).text }.joined()
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    private func rows(_ frame: Frame) -> [String] { (0..<frame.size.height).map { frame.line($0) } }

    @Test(
        "once the terminal says it knows mode 2026, a whole frame is one synchronized update the emulator shows exactly"
    )
    func synchronizedFrame() throws {
        let (pty, backend, emulator) = try session()
        defer { backend.stop() }
        answer("\u{1B}[?2026;2$y", to: pty, backend)
        backend.present(frame("synchronized, a whole row of it"), cursor: nil)
        let bytes = pty.drain()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[?2026h"), "\(text.prefix(40).debugDescription)")
        #expect(text.hasSuffix("\u{1B}[?2026l"), "\(text.suffix(40).debugDescription)")
        emulator.feed(bytes)
        #expect(rows(emulator) == rows(frame("synchronized, a whole row of it")))
    }

    @Test("a typed key's few bytes are not wrapped in a synchronized update, and the emulator shows the change")
    func smallUpdateUnwrapped() throws {
        let (pty, backend, emulator) = try session()
        defer { backend.stop() }
        answer("\u{1B}[?2026;2$y", to: pty, backend)
        backend.present(frame("field"), cursor: nil)
        emulator.feed(pty.drain())
        var typed = frame("field")
        typed[20, 3] = Cell(grapheme: "x")
        backend.present(typed, cursor: Point(x: 21, y: 3))
        let bytes = pty.drain()
        #expect(!String(decoding: bytes, as: UTF8.self).contains("2026"))
        emulator.feed(bytes)
        #expect(rows(emulator) == rows(typed))
        #expect(emulator.cursor == (x: 21, y: 3))
    }

    @Test("the kitty keyboard level and modifyOtherKeys, set while a session runs, change nothing on the screen")
    func keyboardModesLeaveScreenAlone() throws {
        let (pty, backend, emulator) = try session()
        defer { backend.stop() }
        answer("\u{1B}[?0u", to: pty, backend)  // the terminal speaks the kitty protocol: the level is pushed
        backend.present(frame("keys"), cursor: Point(x: 3, y: 4))
        let bytes = pty.drain()
        emulator.feed(bytes)
        #expect(rows(emulator) == rows(frame("keys")))
        #expect(emulator.cursor == (x: 3, y: 4))
    }

    @Test(
        "after another program wrote over the screen, Ctrl-L's forgetting and one frame give the emulator the frame back"
    )
    func repaintAfterForeignOutput() throws {
        let (pty, backend, emulator) = try session()
        defer { backend.stop() }
        let shown = frame("repaint")
        backend.present(shown, cursor: Point(x: 0, y: 9))
        emulator.feed(pty.drain())
        emulator.feed("\u{1B}[3;5Hwall: system going down\u{1B}[7;1H\u{1B}[2K")  // a `wall` message, a cleared line
        #expect(rows(emulator) != rows(shown))
        backend.present(shown, cursor: Point(x: 0, y: 9))
        emulator.feed(pty.drain())
        #expect(rows(emulator) != rows(shown), "without Ctrl-L the writer believes the screen is unchanged")
        backend.forgetScreen()
        backend.present(shown, cursor: Point(x: 0, y: 9))
        emulator.feed(pty.drain())
        #expect(rows(emulator) == rows(shown))
    }
}
