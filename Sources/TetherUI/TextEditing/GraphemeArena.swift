/// The UTF-8 bytes of a ``GraphemeBuffer``'s graphemes of more than one byte, an entry
/// each, addressed by offset: `é` costs its 2 bytes and a length byte here, where a
/// `Character` would cost 16.
///
/// Entries are appended; an entry the buffer lets go of is counted as garbage, and the
/// buffer compacts the arena (``isMostlyGarbage``) by copying its live entries into a new
/// one. An entry is its length (one byte below 255; else 255 and four bytes) and its bytes.
struct GraphemeArena: Sendable {
    /// The entries, one after another.
    private(set) var bytes: [UInt8] = []
    /// The bytes of entries still in use.
    private var liveBytes = 0
    /// Whether released entries, and the old storage when it grows, are overwritten.
    var wipes = false

    /// An arena with room for `capacity` bytes.
    init(capacity: Int = 0, wipes: Bool = false) {
        bytes.reserveCapacity(capacity)
        self.wipes = wipes
    }

    /// Stores `utf8` (one grapheme's bytes) as a new entry; returns its offset.
    mutating func store(_ utf8: some Collection<UInt8>) -> UInt32 {
        let count = utf8.count
        let header = count < 255 ? 1 : 5
        reserve(header + count)
        let offset = UInt32(bytes.count)
        if count < 255 {
            bytes.append(UInt8(count))
        } else {
            bytes.append(255)
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: count >> shift)) }
        }
        bytes.append(contentsOf: utf8)
        liveBytes += header + count
        return offset
    }

    /// The bytes of the entry at `offset`.
    func utf8(at offset: UInt32) -> ArraySlice<UInt8> {
        let (start, count) = entry(at: offset)
        return bytes[start..<start + count]
    }

    /// The grapheme of the entry at `offset`.
    func character(at offset: UInt32) -> Character {
        Character(String(decoding: utf8(at: offset), as: UTF8.self))
    }

    /// Counts the entry at `offset` as garbage (overwritten when ``wipes``).
    mutating func release(at offset: UInt32) {
        let (start, count) = entry(at: offset)
        liveBytes -= start - Int(offset) + count
        if wipes {
            for index in Int(offset)..<start + count { bytes[index] = 0 }
        }
    }

    /// Whether most of the arena is garbage, so that copying the live entries pays.
    var isMostlyGarbage: Bool { bytes.count > 4_096 && bytes.count > 2 * liveBytes }

    /// Overwrites every byte and empties the arena.
    mutating func wipeAll() {
        for index in bytes.indices { bytes[index] = 0 }
        bytes.removeAll(keepingCapacity: true)
        liveBytes = 0
    }

    /// Where the entry at `offset` has its bytes, and how many.
    private func entry(at offset: UInt32) -> (start: Int, count: Int) {
        let index = Int(offset)
        let first = Int(bytes[index])
        guard first == 255 else { return (index + 1, first) }
        var count = 0
        for byte in 0..<4 { count |= Int(bytes[index + 1 + byte]) << (8 * byte) }
        return (index + 5, count)
    }

    /// Makes room for `needed` more bytes; when wiping, the old storage is overwritten
    /// instead of being freed as it was.
    private mutating func reserve(_ needed: Int) {
        guard wipes, bytes.count + needed > bytes.capacity else { return }
        var grown = [UInt8]()
        grown.reserveCapacity(Swift.max(64, (bytes.count + needed) * 2))
        grown.append(contentsOf: bytes)
        for index in bytes.indices { bytes[index] = 0 }
        bytes = grown
    }
}

/// A ``GraphemeBuffer``'s graphemes that are not one ASCII byte: an offset per slot into the
/// arena of their bytes. A buffer changes it only after making sure it holds the only
/// reference (copy on write), so it is never changed while another buffer can see it: that
/// is why it may be `@unchecked Sendable`.
final class OtherGraphemes: @unchecked Sendable {
    /// One offset into `arena` per slot of the buffer, gap included, read by the slots
    /// whose code is 0x80 or more.
    var offsets: [UInt32]
    var arena: GraphemeArena

    init(offsets: [UInt32], arena: GraphemeArena) {
        self.offsets = offsets
        self.arena = arena
    }

    func copy() -> OtherGraphemes { OtherGraphemes(offsets: offsets, arena: arena) }
}
