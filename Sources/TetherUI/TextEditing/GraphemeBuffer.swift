/// The graphemes of a text in a gap buffer: an edit at or near the previous one moves only
/// the graphemes between them, so typing and deleting at the caret cost the same with a
/// 10-character text and a million-character one.
///
/// Indices are logical (the gap is invisible): `0..<count`.
///
/// Beside each grapheme the buffer keeps one byte, its *code* (``code(at:)``), made when the
/// grapheme is stored, so that wrapping, scrolling and drawing read a byte instead of a
/// `Character` for the questions they ask of every visible grapheme: its width, whether it
/// is a line break or a space, and its ASCII byte.
public struct GraphemeBuffer: RandomAccessCollection, Hashable, Sendable {
    private var storage: [Character]
    /// One code per slot of `storage`, gap included.
    private var codes: [UInt8]
    private var gapStart: Int
    private var gapEnd: Int

    /// A buffer holding `graphemes`.
    public init(_ graphemes: some Sequence<Character>) {
        storage = Array(graphemes)
        codes = storage.map(Self.code(of:))
        gapStart = storage.count
        gapEnd = storage.count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count - (gapEnd - gapStart) }

    public subscript(position: Int) -> Character {
        precondition(position >= 0 && position < endIndex, "grapheme index out of range")
        return storage[slot(position)]
    }

    /// Where logical index `position` is stored in `storage` and `codes` (after the gap when
    /// it is not before it).
    private func slot(_ position: Int) -> Int { position < gapStart ? position : position + gapEnd - gapStart }

    /// Appends the graphemes in `range` to `text`, one by one.
    ///
    /// `String(_:)` and `append(contentsOf:)` over a slice of the buffer run the standard
    /// library's unspecialised generic code, which looks up the slice's iterator at run time
    /// for every call, and instantiates its metadata on the first one (a typed key's largest
    /// costs in a real terminal, docs/performance.md); this loop is concrete.
    func append(_ range: Range<Int>, to text: inout String) {
        precondition(range.lowerBound >= 0 && range.upperBound <= endIndex, "range out of bounds")
        for position in range { text.append(storage[slot(position)]) }
    }

    /// The graphemes in `range` as a string.
    func string(_ range: Range<Int>) -> String {
        var text = ""
        append(range, to: &text)
        return text
    }

    /// Replaces the graphemes in `range` with `replacement`, moving the gap to the edit.
    mutating func replaceSubrange(_ range: Range<Int>, with replacement: some Collection<Character>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= endIndex, "range out of bounds")
        moveGap(to: range.lowerBound)
        gapEnd += range.count
        let needed = replacement.count
        if gapEnd - gapStart < needed { grow(toFit: needed) }
        for grapheme in replacement {
            storage[gapStart] = grapheme
            codes[gapStart] = Self.code(of: grapheme)
            gapStart += 1
        }
    }

    private mutating func moveGap(to index: Int) {
        if index < gapStart {
            let moved = gapStart - index
            for offset in stride(from: moved - 1, through: 0, by: -1) {
                storage[gapEnd - moved + offset] = storage[index + offset]
                codes[gapEnd - moved + offset] = codes[index + offset]
            }
            gapStart = index
            gapEnd -= moved
        } else if index > gapStart {
            let moved = index - gapStart
            for offset in 0..<moved {
                storage[gapStart + offset] = storage[gapEnd + offset]
                codes[gapStart + offset] = codes[gapEnd + offset]
            }
            gapStart = index
            gapEnd += moved
        }
    }

    private mutating func grow(toFit needed: Int) {
        let tail = storage.count - gapEnd
        let capacity = Swift.max(64, (storage.count + needed) * 2)
        var grown = [Character]()
        grown.reserveCapacity(capacity)
        grown.append(contentsOf: storage[..<gapStart])
        let newGapEnd = capacity - tail
        grown.append(contentsOf: repeatElement(" ", count: newGapEnd - gapStart))
        grown.append(contentsOf: storage[gapEnd...])
        storage = grown
        var grownCodes = [UInt8]()
        grownCodes.reserveCapacity(capacity)
        grownCodes.append(contentsOf: codes[..<gapStart])
        grownCodes.append(contentsOf: repeatElement(0x20, count: newGapEnd - gapStart))
        grownCodes.append(contentsOf: codes[gapEnd...])
        codes = grownCodes
        gapEnd = newGapEnd
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
