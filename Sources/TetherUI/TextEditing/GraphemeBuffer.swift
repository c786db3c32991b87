/// The graphemes of a text in a gap buffer: an edit at or near the previous one moves only
/// the graphemes between them, so typing and deleting at the caret cost the same with a
/// 10-character text and a million-character one.
///
/// Indices are logical (the gap is invisible): `0..<count`.
public struct GraphemeBuffer: RandomAccessCollection, Hashable, Sendable {
    private var storage: [Character]
    private var gapStart: Int
    private var gapEnd: Int

    /// A buffer holding `graphemes`.
    public init(_ graphemes: some Sequence<Character>) {
        storage = Array(graphemes)
        gapStart = storage.count
        gapEnd = storage.count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count - (gapEnd - gapStart) }

    public subscript(position: Int) -> Character {
        precondition(position >= 0 && position < endIndex, "grapheme index out of range")
        return storage[position < gapStart ? position : position + gapEnd - gapStart]
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
            gapStart += 1
        }
    }

    private mutating func moveGap(to index: Int) {
        if index < gapStart {
            let moved = gapStart - index
            for offset in stride(from: moved - 1, through: 0, by: -1) {
                storage[gapEnd - moved + offset] = storage[index + offset]
            }
            gapStart = index
            gapEnd -= moved
        } else if index > gapStart {
            let moved = index - gapStart
            for offset in 0..<moved { storage[gapStart + offset] = storage[gapEnd + offset] }
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
        gapEnd = newGapEnd
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
