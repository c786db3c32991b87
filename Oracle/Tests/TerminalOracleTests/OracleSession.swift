#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import TetherUI

@testable import TetherTerminal

/// A real ``VTBackend`` on a pseudo-terminal whose every written byte goes to libvterm (the
/// screen, the cursor, the alternate screen, mouse reporting) and to a ``ModeTracker`` (the
/// modes libvterm does not report): what a terminal would be left with, read from the
/// exact bytes.
///
/// The shell's screen holds one line, `$ run`, and the cursor on the line below it, where an
/// inline band starts. The application is a label over a text field; the terminal answers
/// that it speaks the kitty keyboard protocol and knows synchronized output, so every mode
/// the backend can set is set.
@MainActor
final class OracleSession {
    static let rows = 10
    static let columns = 40
    static let shellLine = "$ run"
    static let label = "band line one"

    let pty: PseudoTerminal
    let emulator = Emulator(rows: OracleSession.rows, columns: OracleSession.columns, altScreen: true)
    private(set) var tracker = ModeTracker()
    let backend: VTBackend
    let app: Application

    /// Starts the application, draws its first frame and lets the terminal's answers arrive.
    init(presentation: VTBackend.Presentation) throws {
        pty = try PseudoTerminal(width: Self.columns, height: Self.rows)
        var raw = pty.modes
        cfmakeraw(&raw)  // no echo of the answers typed ahead, whatever the start reads first
        _ = tcsetattr(pty.slave, TCSANOW, &raw)
        emulator.feed("\(Self.shellLine)\r\n")
        if presentation == .inline { pty.type("\u{1B}[2;1R") }  // the cursor query's answer: row 2
        let io = TerminalIO(input: pty.slave, output: pty.slave, environment: ["TERM": "xterm-256color"])
        backend = VTBackend(io: io, strings: .xterm256Color, presentation: presentation)
        app = Application(root: VStack([Label(Self.label), TextField()]), backend: backend)
        try app.start()
        app.renderIfNeeded()
        pty.type("\u{1B}[?1u\u{1B}[?2026;2$y")  // kitty keyboard flags 1; mode 2026 known, reset
        pump()
        read()
    }

    /// The band's top row inline; 0 full screen.
    var top: Int { backend.run?.band?.top ?? 0 }

    /// Waits (at most a second) until the terminal's input is readable, then lets the
    /// backend read and deliver it, and the application draw.
    func pump() {
        var ready = pollfd(fd: pty.slave, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, 1000)
        backend.processPendingInput()
        app.renderIfNeeded()
    }

    /// Feeds everything written since the last read to the emulator and the tracker, once
    /// nothing more has come for 50 ms.
    func read() {
        while true {
            var ready = pollfd(fd: pty.master, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 50) > 0 else { return }
            let bytes = pty.drain()
            emulator.feed(bytes)
            tracker.feed(bytes)
        }
    }

    /// Row `y` of the emulator's screen, trailing spaces trimmed.
    func line(_ y: Int) -> String {
        var text = ""
        for x in 0..<emulator.columns { text += emulator.cell(x: x, y: y).text }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Every mode the backend sets, as this test's start makes it set them.
    static let decModes: Set<Int> = [2004, 1000, 1002, 1006, 1004]

    /// What the terminal is left with that a program giving it back must not leave: the
    /// alternate screen, a hidden cursor, any mode the backend sets (a synchronized update
    /// included), a kitty keyboard entry, `modifyOtherKeys`. Empty when all is given back.
    func leftovers() -> [String] {
        var found: [String] = []
        if emulator.isAltScreen { found.append("the alternate screen") }
        if !emulator.cursorVisible { found.append("the cursor hidden") }
        if emulator.mouseMode != 0 { found.append("mouse reporting \(emulator.mouseMode)") }
        let modes = tracker.setModes.intersection(Self.decModes.union([TerminalModes.synchronizedOutputMode]))
        if !modes.isEmpty { found.append("modes \(modes.sorted())") }
        if tracker.keyboardStackDepth != 0 { found.append("\(tracker.keyboardStackDepth) kitty keyboard entries") }
        if tracker.modifyOtherKeys != 0 { found.append("modifyOtherKeys \(tracker.modifyOtherKeys)") }
        return found
    }
}
