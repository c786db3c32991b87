/// The graphemes of a text in a gap buffer: an edit at or near the previous one moves only
/// the graphemes between them, so typing and deleting at the caret cost the same with a
/// 10-character text and a million-character one.
///
/// Indices are logical (the gap is invisible): `0..<count`.
///
/// Beside each grapheme the buffer keeps one byte, its *code* (`code(at:)`), made when the
/// grapheme is stored, so that wrapping, scrolling and drawing read a byte instead of a
/// `Character` for the questions they ask of every visible grapheme: its width, whether it
/// is a line break or a space, and its ASCII byte.
///
/// **Memory.** For a grapheme of one ASCII byte the code *is* the grapheme, and while every
/// grapheme is one, the buffer stores nothing else: a byte a grapheme (plus the gap). From
/// the first other grapheme on it also keeps a 4-byte offset a slot, into a
/// `GraphemeArena` that holds each other grapheme's UTF-8 bytes and a length byte.
public struct GraphemeBuffer: RandomAccessCollection, Hashable, Sendable {
    /// One code per slot, gap included.
    private var codes: [UInt8]
    /// The graphemes that are not one ASCII byte, once one has been stored; `nil` before
    /// (the codes are the text). One reference, so that copying a buffer of ASCII text, as
    /// wrapping and drawing do, retains one array only.
    private var others: OtherGraphemes?
    private var gapStart: Int
    private var gapEnd: Int
    /// Whether slots are overwritten as soon as they stop holding text (a password's buffer):
    /// the gap after a move or a delete, the old storage when it grows, and the arena's
    /// entries when they are let go. See ``wipe()``.
    var wipesFreedSlots = false {
        didSet { if others != nil { uniqueOthers().arena.wipes = wipesFreedSlots } }
    }

    /// Whether `others` is in use (not only ASCII bytes were ever stored).
    private var holdsOthers: Bool { others != nil }

    /// A buffer holding `graphemes` (a `String` goes to the initialiser for strings).
    public init(_ graphemes: some Sequence<Character>) {
        if let text = graphemes as? String {
            self.init(text)
        } else {
            self.init(characters: graphemes)
        }
    }

    /// A buffer holding the graphemes of `text`: an ASCII text with no CR LF is stored as
    /// its bytes, without reading a `Character`.
    public init(_ text: String) {
        if let codes = text.utf8.withContiguousStorageIfAvailable({ Self.asciiCodes($0) }) ?? nil {
            self.init(asciiCodes: codes)
        } else {
            self.init(characters: text, count: text.count)
        }
    }

    private init(asciiCodes: [UInt8]) {
        codes = asciiCodes
        gapStart = asciiCodes.count
        gapEnd = asciiCodes.count
    }

    /// `count`, when known, is how many graphemes there are: the storage is made that size
    /// at once instead of doubling as it fills.
    private init(characters graphemes: some Sequence<Character>, count: Int? = nil) {
        codes = []
        gapStart = 0
        gapEnd = 0
        codes.reserveCapacity(count ?? graphemes.underestimatedCount)
        for grapheme in graphemes { appendSlot(grapheme) }
        gapStart = codes.count
        gapEnd = codes.count
    }

    /// The codes of `bytes` when they are ASCII graphemes one byte each (no CR LF), else `nil`.
    private static func asciiCodes(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var previous: UInt8 = 0
        for byte in bytes {
            guard byte < 0x80, !(previous == 0x0D && byte == 0x0A) else { return nil }
            previous = byte
        }
        return Array(bytes)
    }

    /// Appends one slot at the end (only while building: there is no gap yet).
    private mutating func appendSlot(_ grapheme: Character) {
        let code = Self.code(of: grapheme)
        // Any grapheme of more than one byte (CR LF included) is kept in the arena.
        if code >= 0x80 {
            let others = startOthers()
            others.offsets.append(others.arena.store(grapheme.utf8))
        } else if let others {
            others.offsets.append(0)
        }
        codes.append(code)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { codes.count - (gapEnd - gapStart) }

    public subscript(position: Int) -> Character {
        precondition(position >= 0 && position < endIndex, "grapheme index out of range")
        return character(atSlot: slot(position))
    }

    private func character(atSlot slot: Int) -> Character {
        let code = codes[slot]
        guard code >= 0x80, let others else { return Character(Unicode.Scalar(code)) }
        return others.arena.character(at: others.offsets[slot])
    }

    /// Where logical index `position` is stored in `codes` and `offsets` (after the gap when
    /// it is not before it).
    private func slot(_ position: Int) -> Int { position < gapStart ? position : position + gapEnd - gapStart }

    /// Appends the graphemes in `range` to `text` (ASCII: the bytes at once).
    ///
    /// `String(_:)` and `append(contentsOf:)` over a slice of the buffer run the standard
    /// library's unspecialised generic code, which looks up the slice's iterator at run time
    /// for every call, and instantiates its metadata on the first one (a typed key's largest
    /// costs in a real terminal, docs/performance.md); this loop is concrete.
    func append(_ range: Range<Int>, to text: inout String) {
        precondition(range.lowerBound >= 0 && range.upperBound <= endIndex, "range out of bounds")
        guard let others else {
            let (before, after) = slotRanges(range)
            codes.withUnsafeBufferPointer { buffer in
                if !before.isEmpty { text += String(decoding: buffer[before], as: UTF8.self) }
                if !after.isEmpty { text += String(decoding: buffer[after], as: UTF8.self) }
            }
            return
        }
        // The UTF-8 bytes first, then one string: far cheaper than a `Character` at a time.
        var bytes = [UInt8]()
        bytes.reserveCapacity(range.count + range.count / 2)
        for position in range {
            let stored = slot(position)
            let code = codes[stored]
            if code < 0x80 {
                bytes.append(code)
            } else {
                bytes.append(contentsOf: others.arena.utf8(at: others.offsets[stored]))
            }
        }
        text += String(decoding: bytes, as: UTF8.self)
    }

    /// The slots of the graphemes in `range`: those before the gap, then those after it
    /// (either may be empty).
    private func slotRanges(_ range: Range<Int>) -> (before: Range<Int>, after: Range<Int>) {
        let before = range.clamped(to: 0..<gapStart)
        let after = range.clamped(to: gapStart..<endIndex)
        return (before, slot(after.lowerBound)..<slot(after.lowerBound) + after.count)
    }

    /// The graphemes in `range` as a string.
    func string(_ range: Range<Int>) -> String {
        var text = ""
        append(range, to: &text)
        return text
    }

    /// The graphemes in `range` as a buffer of their own, with no room to spare.
    func buffer(_ range: Range<Int>) -> GraphemeBuffer {
        precondition(range.lowerBound >= 0 && range.upperBound <= endIndex, "range out of bounds")
        var copied = [UInt8]()
        copied.reserveCapacity(range.count)
        let (before, after) = slotRanges(range)
        copied += codes[before]
        copied += codes[after]
        var copy = GraphemeBuffer(asciiCodes: copied)
        guard let others, copied.contains(where: { $0 >= 0x80 }) else { return copy }
        let copiedOthers = copy.startOthers()
        for (index, position) in range.enumerated() where copied[index] >= 0x80 {
            copiedOthers.offsets[index] = copiedOthers.arena.store(
                others.arena.utf8(at: others.offsets[slot(position)]))
        }
        return copy
    }

    /// Replaces the graphemes in `range` with `replacement`, moving the gap to the edit.
    mutating func replaceSubrange(_ range: Range<Int>, with replacement: GraphemeBuffer) {
        precondition(range.lowerBound >= 0 && range.upperBound <= endIndex, "range out of bounds")
        if replacement.holdsOthers { _ = startOthers() }
        moveGap(to: range.lowerBound)
        let removed = gapEnd..<gapEnd + range.count
        if holdsOthers {
            let others = uniqueOthers()
            for slot in removed where codes[slot] >= 0x80 { others.arena.release(at: others.offsets[slot]) }
        }
        if wipesFreedSlots { clearSlots(removed) }
        gapEnd += range.count
        let needed = replacement.count
        if gapEnd - gapStart < needed { grow(toFit: needed) }
        let others = holdsOthers ? uniqueOthers() : nil
        for position in 0..<needed {
            let from = replacement.slot(position)
            let code = replacement.codes[from]
            codes[gapStart] = code
            if code >= 0x80, let others, let source = replacement.others {
                others.offsets[gapStart] = others.arena.store(source.arena.utf8(at: source.offsets[from]))
            }
            gapStart += 1
        }
        if let others, others.arena.isMostlyGarbage { compactArena(others) }
    }

    /// From now on keeps an offset for every slot (the first grapheme that is not one ASCII
    /// byte is about to be stored); returns the storage, held by this buffer alone.
    private mutating func startOthers() -> OtherGraphemes {
        if others != nil { return uniqueOthers() }
        var offsets = [UInt32]()
        offsets.reserveCapacity(codes.capacity)
        offsets.append(contentsOf: repeatElement(0, count: codes.count))
        let started = OtherGraphemes(offsets: offsets, arena: GraphemeArena(wipes: wipesFreedSlots))
        others = started
        return started
    }

    /// `others`, copied first when another buffer shares it (copy on write).
    private mutating func uniqueOthers() -> OtherGraphemes {
        if !isKnownUniquelyReferenced(&others), let shared = others { others = shared.copy() }
        return others!
    }

    /// Copies the arena's live entries into a new arena (overwriting the old one when wiping).
    private func compactArena(_ others: OtherGraphemes) {
        var compacted = GraphemeArena(capacity: others.arena.bytes.count / 2, wipes: wipesFreedSlots)
        for slot in 0..<codes.count where (slot < gapStart || slot >= gapEnd) && codes[slot] >= 0x80 {
            others.offsets[slot] = compacted.store(others.arena.utf8(at: others.offsets[slot]))
        }
        if wipesFreedSlots { others.arena.wipeAll() }
        others.arena = compacted
    }

    private mutating func moveGap(to index: Int) {
        let oldGap = gapStart..<gapEnd
        let others = holdsOthers && index != gapStart ? uniqueOthers() : nil
        if index < gapStart {
            let moved = gapStart - index
            for offset in stride(from: moved - 1, through: 0, by: -1) {
                copySlot(index + offset, to: gapEnd - moved + offset, others)
            }
            gapStart = index
            gapEnd -= moved
        } else if index > gapStart {
            let moved = index - gapStart
            for offset in 0..<moved { copySlot(gapEnd + offset, to: gapStart + offset, others) }
            gapStart = index
            gapEnd += moved
        }
        guard wipesFreedSlots else { return }
        // The slots the move left behind: the new gap less the old one.
        clearSlots(from: gapStart, to: Swift.min(gapEnd, oldGap.lowerBound))
        clearSlots(from: Swift.max(gapStart, oldGap.upperBound), to: gapEnd)
    }

    private mutating func copySlot(_ from: Int, to: Int, _ others: OtherGraphemes?) {
        codes[to] = codes[from]
        if let others { others.offsets[to] = others.offsets[from] }
    }

    /// Overwrites the slots from `start` up to `end` (nothing when `end` is not after `start`).
    private mutating func clearSlots(from start: Int, to end: Int) {
        if start < end { clearSlots(start..<end) }
    }

    /// Overwrites the codes of the slots in `range` (an empty range does nothing); what an
    /// offset points at is overwritten by the arena when its entry is released.
    private mutating func clearSlots(_ range: Range<Int>) {
        for slot in range { codes[slot] = 0 }
    }

    /// Makes room for at least `needed` graphemes at the gap: a quarter again as many slots
    /// as the text and `needed` together (amortised appends without doubling a huge paste).
    private mutating func grow(toFit needed: Int) {
        let tail = codes.count - gapEnd
        let total = endIndex + needed
        let capacity = Swift.max(64, total + total / 4)
        let newGapEnd = capacity - tail
        var grownCodes = [UInt8]()
        grownCodes.reserveCapacity(capacity)
        grownCodes.append(contentsOf: codes[..<gapStart])
        grownCodes.append(contentsOf: repeatElement(0, count: newGapEnd - gapStart))
        grownCodes.append(contentsOf: codes[gapEnd...])
        if holdsOthers {
            let others = uniqueOthers()
            var grown = [UInt32]()
            grown.reserveCapacity(capacity)
            grown.append(contentsOf: others.offsets[..<gapStart])
            grown.append(contentsOf: repeatElement(0, count: newGapEnd - gapStart))
            grown.append(contentsOf: others.offsets[gapEnd...])
            others.offsets = grown
        }
        if wipesFreedSlots { clearSlots(0..<codes.count) }
        codes = grownCodes
        gapEnd = newGapEnd
    }

    /// Every byte the buffer's storage holds that could be text, gap included: each slot's
    /// code, then the arena (what a password's buffer still holds, for tests).
    var storedBytes: [UInt8] { codes + (others?.arena.bytes ?? []) }

    /// Overwrites every slot and the arena, and empties the buffer (a password field emptied,
    /// reset or freed). What it overwrites is this buffer's own storage: a copy of the buffer
    /// that shares it (a value read out of the editor and still held) gets storage of its own
    /// first, and that is not overwritten.
    mutating func wipe() {
        clearSlots(0..<codes.count)
        if holdsOthers { uniqueOthers().arena.wipeAll() }
        gapStart = 0
        gapEnd = codes.count
    }

    // MARK: Codes

    /// The code of the grapheme at `position`: for a grapheme of one UTF-8 byte (ASCII), that
    /// byte; for any other, `0x80` plus its ``Swift/Character/terminalWidth`` (0, 1 or 2).
    func code(at position: Int) -> UInt8 {
        precondition(position >= 0 && position < endIndex, "grapheme index out of range")
        return codes[slot(position)]
    }

    /// The columns the grapheme at `position` takes (its `terminalWidth`), read from its code.
    func width(at position: Int) -> Int { Self.width(ofCode: code(at: position)) }

    /// Whether the grapheme at `position` is a line break (`"\n"`).
    func isLineBreak(at position: Int) -> Bool { code(at: position) == 0x0A }

    /// Calls `body` with each index from `start` on and the code there, in order, until it
    /// returns `false` or the text ends (the loop that wrapping runs over every grapheme of a
    /// row, without a bounds check and a gap test per grapheme).
    func scanCodes(from start: Int, _ body: (_ index: Int, _ code: UInt8) -> Bool) {
        precondition(start >= 0, "grapheme index out of range")
        let end = endIndex
        guard start < end else { return }
        codes.withUnsafeBufferPointer { buffer in
            var index = start
            var stored = slot(start)
            while index < end {
                if stored == gapStart { stored = gapEnd }
                guard body(index, buffer[stored]) else { return }
                index += 1
                stored += 1
            }
        }
    }

    /// The columns a grapheme with `code` takes: printable ASCII 1, other ASCII 0.
    static func width(ofCode code: UInt8) -> Int {
        code < 0x80 ? (code >= 0x20 && code != 0x7F ? 1 : 0) : Int(code & 0x7F)
    }

    /// Whether `code` is the code of a printable ASCII grapheme (`0x20..<0x7F`), whose cell
    /// is the byte itself.
    static func isPrintableASCII(_ code: UInt8) -> Bool { code >= 0x20 && code < 0x7F }

    private static func code(of grapheme: Character) -> UInt8 {
        let utf8 = grapheme.utf8
        if utf8.count == 1, let byte = utf8.first { return byte }
        return 0x80 | UInt8(grapheme.terminalWidth)
    }

    public static func == (lhs: GraphemeBuffer, rhs: GraphemeBuffer) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for grapheme in self { hasher.combine(grapheme) }
    }
}

extension GraphemeBuffer: CustomReflectable {
    /// Nothing: a buffer may hold a password, and `dump` must not show it.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
