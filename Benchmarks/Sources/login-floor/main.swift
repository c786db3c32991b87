// login-floor: the raw Swift floor for the ttyprobe comparison (docs/performance.md, "In a
// real terminal"). It draws login-demo's screen at 80×24 with termios and xterm escape
// sequences written by hand, no library but Glibc: the two panels, the fields, the
// View model panel. Typed characters go into the focused field and its View model line
// (Username shown, Password masked with • and counted), Tab and Shift-Tab switch fields,
// Backspace deletes, Esc, Enter or Ctrl-C ends the program and restores the terminal.
// Like the demo it writes one `write` per key, moving the cursor with the shortest
// absolute column moves; unlike it there is no layout, no terminfo and no reactive core:
// this is the least a Swift program can do for the same screen.
//
//   swift build -c release --package-path Benchmarks --product login-floor
//   python3 ttyprobe.py --keys 'alicesmith{Tab}s3cr3tPa55' --quit '{Esc}' --ready Username \
//       -- Benchmarks/.build/release/login-floor

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let reset = "\u{1B}(B\u{1B}[m", border = "\u{1B}[34m", title = "\u{1B}[1m\u{1B}[36m"
let dimGray = "\u{1B}[2m\u{1B}[90m", placeholder = "\u{1B}[2m\u{1B}[4m\u{1B}[90m"
/// The form's top row, and where the fields' text and the View model values start.
let top = 8, fieldColumn = 13, valueColumn = 61, fieldWidth = 24

/// The screen's state and the bytes of the next `write`.
struct Floor {
    var out: [UInt8] = []
    /// The two fields' text (the password as typed, shown masked) and which has the focus.
    var fields = ["", ""]
    var focused = 0

    mutating func emit(_ text: String) { out += Array(text.utf8) }
    mutating func moveTo(row: Int, column: Int) { emit("\u{1B}[\(row + 1);\(column + 1)H") }
    mutating func column(_ column: Int) { emit("\u{1B}[\(column + 1)G") }

    mutating func flush() {
        var offset = 0
        while offset < out.count {
            let written = out[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written <= 0 && errno != EINTR { break }
            offset += max(0, written)
        }
        out.removeAll(keepingCapacity: true)
    }

    mutating func box(left: Int, width: Int, title name: String) {
        moveTo(row: top, column: left)
        emit(border + "┌─" + title + " \(name) " + reset + border)
        emit(String(repeating: "─", count: width - 5 - name.count) + "┐")
        for row in top + 1..<top + 6 {
            moveTo(row: row, column: left)
            emit(border + "│")
            moveTo(row: row, column: left + width - 1)
            emit("│")
        }
        moveTo(row: top + 6, column: left)
        emit("└" + String(repeating: "─", count: width - 2) + "┘" + reset)
    }

    mutating func label(_ row: Int, _ text: String, style: String = "") {
        moveTo(row: top + row, column: 3)
        emit(style + text + reset)
    }

    mutating func modelLine(_ row: Int, _ name: String, _ value: String) {
        moveTo(row: top + row, column: 49)
        emit(dimGray + name + String(repeating: " ", count: 12 - name.count) + reset + value)
    }

    mutating func drawScreen() {
        emit("\u{1B}[?1049h\u{1B}[H\u{1B}[2J")
        box(left: 1, width: 44, title: "Tether · Sign in")
        box(left: 47, width: 32, title: "View model")
        label(1, "Username", style: title)
        emit("  " + placeholder + "your name" + reset)
        label(2, "Password  ")
        emit(placeholder + "8+ characters" + reset)
        moveTo(row: top + 3, column: fieldColumn)
        emit("[ ] Remember me")
        label(4, "Session   [━━━━" + title + "●" + reset + String(repeating: "─", count: 15) + "] 30 min")
        moveTo(row: top + 5, column: fieldColumn)
        emit(dimGray + "[ Sign in ]" + reset + " \u{1B}[1m[ Reset ]" + reset)
        modelLine(1, "username", "")
        modelLine(2, "password", "0 characters")
        modelLine(3, "remember", "no")
        modelLine(4, "session", "30 min")
        modelLine(5, "can sign in", "no")
        moveTo(row: top + 1, column: fieldColumn)
        emit("\u{1B}[?25h")
    }

    mutating func caret() { column(fieldColumn + fields[focused].count) }

    /// Draws what a typed character or a Backspace changed: the field's cell, the model line.
    mutating func edited(typed character: Character?) {
        let count = fields[focused].count
        if let character {
            let cell = focused == 0 ? String(character) : "•"
            emit(count == 1 ? reset + cell + String(repeating: " ", count: 12) : cell)
        } else {
            column(fieldColumn + count)
            emit(count == 0 ? placeholder + (focused == 0 ? "your name" : "8+ characters") + reset : " ")
        }
        if focused == 0 {
            column(valueColumn + count - (character == nil ? 0 : 1))
            emit(character.map(String.init) ?? " ")
        } else {
            let before = count + (character == nil ? 1 : -1)
            column(valueColumn)
            emit(String(count) + (String(count).count == String(before).count ? "" : " characters "))
        }
        caret()
    }

    /// Handles one read; `false` ends the program (Esc, Enter, Ctrl-C).
    mutating func handle(_ bytes: ArraySlice<UInt8>) -> Bool {
        if bytes.elementsEqual([0x1B]) || bytes.first == 0x0D || bytes.first == 0x03 { return false }
        if bytes.first == 0x1B {  // a sequence: Shift-Tab switches fields, others are ignored
            if bytes.elementsEqual([0x1B, 0x5B, 0x5A]) { switchField() }
            return true
        }
        if bytes.first == 0x09 {
            switchField()
            return true
        }
        if bytes.first == 0x7F {
            guard !fields[focused].isEmpty else { return true }
            fields[focused].removeLast()
            edited(typed: nil)
            return true
        }
        for character in String(decoding: bytes, as: UTF8.self) where fields[focused].count < fieldWidth {
            fields[focused].append(character)
            edited(typed: character)
        }
        return true
    }

    mutating func switchField() {
        focused = 1 - focused
        moveTo(row: top + 1 + focused, column: fieldColumn)
        if !fields[focused].isEmpty { caret() }
    }
}

var saved = termios()
guard tcgetattr(0, &saved) == 0 else {
    let message = Array("login-floor: standard input is not a terminal\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
var raw = saved
cfmakeraw(&raw)
tcsetattr(0, TCSANOW, &raw)
var floor = Floor()
floor.drawScreen()
floor.flush()
var buffer = [UInt8](repeating: 0, count: 256)
while true {
    let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    guard count > 0, floor.handle(buffer[0..<count]) else { break }
    floor.flush()
}
floor.emit(reset + "\u{1B}[?25h\u{1B}[?1049l")
floor.flush()
tcsetattr(0, TCSANOW, &saved)
