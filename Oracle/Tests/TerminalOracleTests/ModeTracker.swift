/// The terminal modes libvterm 0.1.4 does not report, read from the bytes a program writes:
/// DEC private modes (`CSI ? n h` / `CSI ? n l`, several numbers at once allowed), the kitty
/// keyboard protocol's stack (`CSI > flags u` pushes, `CSI < n u` pops n, `CSI = flags u`
/// sets the top) and xterm's `modifyOtherKeys` (`CSI > 4 ; n m`, `CSI > 4 m` resets it).
///
/// A terminal keeps these as state, so what matters is the last word on each: the tracker
/// is fed everything written, in order, split anywhere.
struct ModeTracker {
    /// The DEC private modes set now.
    private(set) var setModes: Set<Int> = []
    /// How many entries the program pushed on the kitty keyboard stack and did not pop.
    private(set) var keyboardStackDepth = 0
    /// xterm's `modifyOtherKeys` value now (0: its initial value).
    private(set) var modifyOtherKeys = 0

    /// The bytes of an escape sequence not yet complete.
    private var pending: [UInt8] = []

    /// Reads `bytes` after everything fed before.
    mutating func feed(_ bytes: [UInt8]) {
        for byte in bytes {
            if pending.isEmpty {
                if byte == 0x1B { pending = [byte] }
                continue
            }
            pending.append(byte)
            if pending.count == 2 {
                if byte != 0x5B { pending = byte == 0x1B ? [byte] : [] }
                continue
            }
            if (0x40...0x7E).contains(byte) {
                controlSequence(parameters: Array(pending[2..<(pending.count - 1)]), final: byte)
                pending = []
            }
        }
    }

    /// Applies one complete CSI sequence.
    private mutating func controlSequence(parameters: [UInt8], final: UInt8) {
        let prefix = parameters.first.flatMap { (0x3C...0x3F).contains($0) ? $0 : nil }
        let body = String(decoding: prefix == nil ? parameters[...] : parameters.dropFirst(), as: UTF8.self)
        guard body.allSatisfy({ $0.isNumber || $0 == ";" }) else { return }  // DECRQM and the like
        let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch (prefix, final) {
        case (0x3F, 0x68): for case let mode? in numbers { setModes.insert(mode) }
        case (0x3F, 0x6C): for case let mode? in numbers { setModes.remove(mode) }
        case (0x3E, 0x75): keyboardStackDepth += 1
        case (0x3C, 0x75): keyboardStackDepth = max(0, keyboardStackDepth - ((numbers.first ?? nil) ?? 1))
        case (0x3E, 0x6D) where numbers.first == 4:
            modifyOtherKeys = numbers.count > 1 ? (numbers[1] ?? 0) : 0
        default: break
        }
    }
}
