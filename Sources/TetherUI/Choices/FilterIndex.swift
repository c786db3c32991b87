/// Case-insensitive substring search over many titles, fast enough to filter 100,000
/// options on every key: the titles are folded to lower case once, into one contiguous
/// UTF-8 buffer, and a longer filter searches only the matches of the shorter one it
/// extends (kept on a stack, so Backspace reuses them without searching).
struct FilterIndex {
    private var bytes: [UInt8] = []
    /// Title `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private var starts: [Int32] = [0]
    /// Filters searched so far with their matches, each extending the one below it.
    private var history: [(needle: [UInt8], matches: [Int32])] = []

    init(titles: [String]) {
        bytes.reserveCapacity(titles.reduce(0) { $0 + $1.utf8.count })
        starts.reserveCapacity(titles.count + 1)
        for title in titles {
            if title.utf8.allSatisfy({ $0 < 0x80 }) {
                bytes.append(contentsOf: title.utf8.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 })
            } else {
                bytes.append(contentsOf: title.lowercased().utf8)
            }
            starts.append(Int32(bytes.count))
        }
    }

    /// The folded form of a filter, as the index compares it.
    static func fold(_ filter: String) -> [UInt8] { Array(filter.lowercased().utf8) }

    /// The indices of the titles containing `filter` (case-insensitive), in order; `nil`
    /// for an empty filter (every title).
    mutating func matches(for filter: String) -> [Int32]? {
        let needle = Self.fold(filter)
        guard !needle.isEmpty else {
            history.removeAll()
            return nil
        }
        while let top = history.last, !needle.starts(with: top.needle) { history.removeLast() }
        if let top = history.last, top.needle == needle { return top.matches }
        let found = search(needle, among: history.last?.matches)
        history.append((needle, found))
        return found
    }

    /// `matches` of `filter` ranked as a person expects and as the accessible presentation
    /// chooses (``OptionList``'s `choice(_:)`): the titles equal to the filter first, then
    /// those starting with it, then the rest, each group in the options' order.
    func ranked(_ matches: [Int32], for filter: String) -> [Int32] {
        let needle = Self.fold(filter)
        var exact: [Int32] = [], prefix: [Int32] = [], rest: [Int32] = []
        for index in matches {
            let title = bytes[Int(starts[Int(index)])..<Int(starts[Int(index) + 1])]
            if title.elementsEqual(needle) {
                exact.append(index)
            } else if title.starts(with: needle) {
                prefix.append(index)
            } else {
                rest.append(index)
            }
        }
        return exact + prefix + rest
    }

    private func search(_ needle: [UInt8], among candidates: [Int32]?) -> [Int32] {
        bytes.withUnsafeBufferPointer { haystack in
            starts.withUnsafeBufferPointer { starts in
                needle.withUnsafeBufferPointer { needle in
                    var found: [Int32] = []
                    if let candidates {
                        for index in candidates
                        where Self.contains(
                            needle, in: haystack, from: Int(starts[Int(index)]),
                            to: Int(starts[Int(index) + 1]))
                        {
                            found.append(index)
                        }
                    } else {
                        for index in 0..<(starts.count - 1)
                        where Self.contains(needle, in: haystack, from: Int(starts[index]), to: Int(starts[index + 1]))
                        {
                            found.append(Int32(index))
                        }
                    }
                    return found
                }
            }
        }
    }

    private static func contains(
        _ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
        from start: Int, to end: Int
    ) -> Bool {
        let first = needle[0]
        let count = needle.count
        var position = start
        while position + count <= end {
            if haystack[position] == first {
                var offset = 1
                while offset < count && haystack[position + offset] == needle[offset] { offset += 1 }
                if offset == count { return true }
            }
            position += 1
        }
        return false
    }
}

/// Where a filter matches a title, for highlighting: the range of graphemes, compared
/// case-insensitively grapheme by grapheme, or `nil`.
func filterMatch(of filter: String, in title: String) -> Range<Int>? {
    let needle = filter.map { String($0).lowercased() }
    guard !needle.isEmpty else { return nil }
    let folded = title.map { String($0).lowercased() }
    guard folded.count >= needle.count else { return nil }
    for start in 0...(folded.count - needle.count) where folded[start..<(start + needle.count)].elementsEqual(needle) {
        return start..<(start + needle.count)
    }
    return nil
}
