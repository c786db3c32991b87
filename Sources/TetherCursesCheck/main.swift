// tether-curses-check: a tiny full-screen program that exercises CursesBackend, driven
// by the TetherCursesTests inside tmux.
//
// Draws a box with the terminal size, the last key and the number of keys, a CJK and
// emoji line, the process id, a true-colour line, a linked line (OSC 8), and a prompt with
// the cursor after it. `q` quits (prints "bye" to standard output after restoring the
// terminal, exit status 0), `e` calls exit(3) without stopping the backend, `c` copies
// "copied by tether" to the clipboard (OSC 52), `r` stops and starts the backend again,
// Ctrl-Z suspends, SIGTERM/SIGHUP/SIGINT exit with 128 + signal. A focus report shows as
// the last key "focus in" or "focus out". Without a usable terminal it prints one line to
// standard error and exits with status 2.

import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherCurses
import TetherUI

@MainActor
final class CheckApp {
    let backend = CursesBackend()
    var lastKey = "none"
    var keyCount = 0
    let prompt = "type here> "

    func start() throws {
        try backend.start { [unowned self] event in self.handle(event) }
        render()
    }

    func handle(_ event: TerminalEvent) {
        switch event {
        case .input(.key(let key)):
            if key == .character("q") {
                backend.stop()
                print("bye")
                exit(0)
            }
            if key == .ctrl("z") {
                backend.suspend()
                return
            }
            if key == .character("e") {
                exit(3)  // without stop(): the backend's exit hook must restore the terminal
            }
            if key == .character("c") {
                backend.copyToClipboard("copied by tether")
                lastKey = backend.canCopyToClipboard ? "copied" : "no clipboard"
                render()
                return
            }
            if key == .character("r") {
                backend.stop()
                do {
                    try start()
                } catch {
                    printError("\(error)")
                    exit(2)
                }
                lastKey = "restarted"
                render()
                return
            }
            lastKey = key.description
            keyCount += 1
            render()
        case .input(.paste(let text)):
            lastKey = "paste \(text)"
            keyCount += 1
            render()
        case .input(.mouse(let mouse)):
            lastKey = "mouse \(mouse.position)"
            render()
        case .focusChanged(let focused):
            lastKey = focused ? "focus in" : "focus out"
            render()
        case .resized, .redrawNeeded, .backgroundChanged:
            render()
        case .terminate(let signal):
            backend.stop()
            exit(128 + signal)
        }
    }

    func render() {
        let size = backend.size
        var frame = Frame(size: size)
        let border = Style(foreground: .cyan)
        if size.width >= 2 && size.height >= 2 {
            let right = size.width - 1, bottom = size.height - 1
            for x in 1..<right {
                frame[x, 0] = Cell(grapheme: "─", style: border)
                frame[x, bottom] = Cell(grapheme: "─", style: border)
            }
            for y in 1..<bottom {
                frame[0, y] = Cell(grapheme: "│", style: border)
                frame[right, y] = Cell(grapheme: "│", style: border)
            }
            frame[0, 0] = Cell(grapheme: "┌", style: border)
            frame[right, 0] = Cell(grapheme: "┐", style: border)
            frame[0, bottom] = Cell(grapheme: "└", style: border)
            frame[right, bottom] = Cell(grapheme: "┘", style: border)
        }
        let lines: [(String, Style)] = [
            ("Tether curses check \(size)", Style(attributes: .bold)),
            ("last key: \(lastKey)", .plain),
            ("keys: \(keyCount)", .plain),
            ("漢字 ok 🙂", Style(foreground: .green)),
            ("pid: \(getpid())", .plain),
            ("colors: \(backend.capabilities.colors)", Style(foreground: .palette(244))),
            ("true colour", Style(foreground: .rgb(255, 135, 0))),
            ("docs link", Style().withLink("https://example.com/docs")),
            (prompt, Style(attributes: .underline)),
        ]
        for (row, (text, style)) in lines.enumerated() {
            put(text, x: 2, y: row + 1, style: style, in: &frame, limit: size.width - 1)
        }
        backend.present(frame, cursor: Point(x: 2 + prompt.count, y: lines.count))
    }

    /// Writes `text` at (`x`, `y`), wide graphemes taking two cells, up to column `limit`.
    func put(_ text: String, x: Int, y: Int, style: Style, in frame: inout Frame, limit: Int) {
        var column = x
        for character in text {
            let width = max(1, character.terminalWidth)
            guard column + width <= limit else { return }
            frame[column, y] = Cell(grapheme: String(character), width: UInt8(width), style: style)
            if width == 2 { frame[column + 1, y] = .continuation(style) }
            column += width
        }
    }
}

/// Writes `text` and a newline to standard error.
func printError(_ text: String) {
    let bytes = Array("tether-curses-check: \(text)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Waits on the backend's descriptors and lets it process what arrived: the backend's
/// contract for any driver (`Application` has two; this program drives it by hand).
@MainActor
func runLoop(_ backend: CursesBackend) -> Never {
    while true {
        var descriptors = backend.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let timeout =
            backend.pollTimeout.map {
                Int32(clamping: $0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000 + 1)
            } ?? -1
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
        backend.processPendingInput()
    }
}

let app = CheckApp()
do {
    try app.start()
} catch {
    printError("\(error)")
    exit(2)
}
runLoop(app.backend)
