extension String {
    /// The string without spaces at either end. It works on the UTF-8 bytes (a space is one
    /// byte and never part of another character), so it costs no grapheme breaking: the
    /// key-help bar calls it for the first frame.
    var strippingSpaces: String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 }),
            let last = bytes.lastIndex(where: { $0 != 0x20 })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
