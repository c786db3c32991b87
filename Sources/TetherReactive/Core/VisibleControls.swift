/// `text` as it can be written to a terminal whatever it holds: every control character but
/// the line break and the tab shown as a visible escape in caret notation (`ESC` as `^[`, `BEL`
/// as `^G`, `CR` as `^M`, `DEL` as `^?`) and every C1 control (U+0080–U+009F, which some
/// terminals take as `ESC` and a letter) as U+FFFD. Nothing typed, piped or read from a file
/// then reaches the terminal as a control sequence: the accessible presentation's output,
/// `ProgramOutput`'s lines and the default diagnostics handler all pass through it.
package func visibleControlCharacters(_ text: String) -> String {
    guard text.utf8.contains(where: { isControlLead($0) }) else { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x0A, 0x09:
            result.unicodeScalars.append(scalar)
        case 0..<0x20:
            result += "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
        case 0x7F:
            result += "^?"
        case 0x80..<0xA0:
            result.unicodeScalars.append("\u{FFFD}")
        default:
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// Whether `byte` may start a control character in UTF-8: C0 (but the line break and the
/// tab), DEL, or the lead byte 0xC2 of a C1 control.
private func isControlLead(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || byte == 0xC2
}
