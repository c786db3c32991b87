/// A set of frame rows kept as sorted, disjoint, non-adjacent ranges: the rows a partial
/// redraw draws again.
///
/// Widgets report damage by rows (``Widget/setNeedsDisplay()``); two widgets far apart
/// damage two short ranges, not the band between them, so the rows in between are neither
/// walked into, drawn nor compared.
struct RowSet: Equatable {
    /// The ranges, sorted, none empty, none touching another.
    private(set) var ranges: [Range<Int>] = []

    init() {}

    init(_ range: Range<Int>) { insert(range) }

    var isEmpty: Bool { ranges.isEmpty }

    /// The smallest range holding every row (`nil` when empty).
    var span: Range<Int>? {
        guard let first = ranges.first, let last = ranges.last else { return nil }
        return first.lowerBound..<last.upperBound
    }

    /// Adds `range`, merging it with the ranges it overlaps or touches.
    mutating func insert(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var lower = range.lowerBound, upper = range.upperBound
        var index = 0
        while index < ranges.count, ranges[index].upperBound < lower { index += 1 }
        var end = index
        while end < ranges.count, ranges[end].lowerBound <= upper {
            lower = min(lower, ranges[end].lowerBound)
            upper = max(upper, ranges[end].upperBound)
            end += 1
        }
        ranges.replaceSubrange(index..<end, with: CollectionOfOne(lower..<upper))
    }

    /// The rows that also lie in `bounds`.
    func clamped(to bounds: Range<Int>) -> RowSet {
        var result = RowSet()
        for range in ranges {
            let clamped = range.clamped(to: bounds)
            if !clamped.isEmpty { result.ranges.append(clamped) }
        }
        return result
    }

    func contains(_ row: Int) -> Bool {
        for range in ranges {
            if row < range.lowerBound { return false }
            if row < range.upperBound { return true }
        }
        return false
    }

    /// The smallest range holding the rows of the set that lie in `bounds` (empty when none do).
    func span(within bounds: Range<Int>) -> Range<Int> {
        var lower: Int?
        var upper = bounds.lowerBound
        for range in ranges {
            let clamped = range.clamped(to: bounds)
            guard !clamped.isEmpty else { continue }
            if lower == nil { lower = clamped.lowerBound }
            upper = clamped.upperBound
        }
        guard let lower else { return bounds.lowerBound..<bounds.lowerBound }
        return lower..<upper
    }
}
