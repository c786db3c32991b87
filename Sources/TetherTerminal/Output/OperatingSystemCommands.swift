/// The operating system commands (OSC) Tether writes beside terminfo's strings, which has
/// none for them: OSC 8 hyperlinks and OSC 52 clipboard copies, each ended by ST (`ESC \`).
package enum OperatingSystemCommands {
    /// `ESC ] 8 ; ; url ESC \`: the cells written next belong to a hyperlink to `url`
    /// (control characters, which would end or corrupt the command, are left out).
    package static func openLink(_ url: String) -> [UInt8] {
        [0x1B, 0x5D, 0x38, 0x3B, 0x3B] + url.utf8.filter { $0 >= 0x20 && $0 != 0x7F } + stringTerminator
    }

    /// `ESC ] 8 ; ; ESC \`: the cells written next belong to no hyperlink.
    package static let closeLink: [UInt8] = [0x1B, 0x5D, 0x38, 0x3B, 0x3B] + stringTerminator

    /// `ESC ] 52 ; c ; base64 ESC \`: puts `text` on the system clipboard.
    package static func copy(_ text: String) -> [UInt8] {
        [0x1B, 0x5D, 0x35, 0x32, 0x3B, 0x63, 0x3B] + base64(Array(text.utf8)) + stringTerminator
    }

    /// ST, the string terminator: `ESC \`.
    static let stringTerminator: [UInt8] = [0x1B, 0x5C]

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64 (RFC 4648, padded).
    package static func base64(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0..<4 {
                if position <= count {
                    out.append(alphabet[Int((group >> (18 - 6 * UInt32(position))) & 0x3F)])
                } else {
                    out.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return out
    }
}
