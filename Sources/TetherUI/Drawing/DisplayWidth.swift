// Terminal column widths of text, grapheme by grapheme.
//
// The rules follow what current terminals draw, independent of the C locale and without
// Foundation: East Asian Wide and Fullwidth characters (Unicode 15 `EastAsianWidth.txt`,
// values W and F) and emoji take two columns, combining marks and format characters none,
// controls none, everything else one. A grapheme cluster takes the width of its first
// scalar that has a width, so a ZWJ sequence or a letter with combining accents is measured
// by its base, and a variation selector 16 turns an emoji base into a two-column emoji.

extension Character {
    /// The columns this grapheme takes in a terminal: 0, 1 or 2.
    ///
    /// - 2 for East Asian Wide and Fullwidth characters (CJK ideographs, Hangul syllables,
    ///   kana, fullwidth forms…), emoji with default emoji presentation, an emoji base
    ///   followed by U+FE0F (VS16), and a pair of regional indicators (a flag).
    /// - 0 for controls (C0, DEL, C1, line and paragraph separators) and for a grapheme made
    ///   only of combining marks and format characters (Mn, Me, Cf: ZWJ, ZWNJ, U+200B…).
    /// - 1 otherwise (including a single regional indicator and ambiguous-width characters).
    ///
    /// A cluster is measured by its first scalar that has a width: `e` + U+0301 is 1, a ZWJ
    /// family of emoji is 2.
    public var terminalWidth: Int {
        // One byte of UTF-8 is one ASCII scalar (read from the small string's bytes:
        // `asciiValue` first compares the character with "\r\n", a string comparison).
        let utf8 = self.utf8
        if utf8.count == 1, let byte = utf8.first {
            return byte >= 0x20 && byte != 0x7F ? 1 : 0
        }
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        // Fast path for the single-scalar, narrow characters that widgets draw every frame
        // (Latin letters, box drawing, block elements, braille spinners, • and …), which
        // would otherwise cost several Unicode property lookups each.
        if scalars.index(after: scalars.startIndex) == scalars.endIndex, first.isCommonNarrow { return 1 }
        if first.isTerminalControl { return 0 }
        if first.isRegionalIndicator {
            return scalars.dropFirst().first?.isRegionalIndicator == true ? 2 : 1
        }
        var width = 0
        var baseIsEmoji = false
        for scalar in scalars {
            if width == 0 {
                width = scalar.terminalWidth
                baseIsEmoji = width > 0 && scalar.properties.isEmoji
            } else if scalar.value == 0xFE0F, baseIsEmoji {
                return 2
            } else if width == 2 {
                break
            }
        }
        return width
    }
}

extension StringProtocol {
    /// The columns this text takes in a terminal: the sum of its graphemes'
    /// `Character.terminalWidth`.
    public var terminalWidth: Int {
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
        var total = 0
        for character in self { total += character.terminalWidth }
        return total
    }

    /// The longest prefix of the text that fits in `width` columns.
    ///
    /// Text that fits is returned unchanged. Otherwise the prefix is cut at a grapheme
    /// boundary (a wide grapheme is never split) and `ellipsis` is appended, the whole
    /// result still fitting in `width`; when even the ellipsis does not fit, the prefix is
    /// returned without it. A `width` of zero or less gives `""`.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        // No grapheme takes more columns than it has bytes of UTF-8, so text of at most
        // `width` bytes fits without measuring it.
        if utf8.count <= width { return String(self) }
        // Printable ASCII takes a column a byte, and each byte is a grapheme of its own.
        let ascii = utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        if !ascii && terminalWidth <= width { return String(self) }
        let ellipsisWidth = ellipsis.terminalWidth
        let budget = ellipsisWidth <= width ? width - ellipsisWidth : width
        // One copy of the bytes that fit, not a string grown a grapheme at a time (a label
        // narrower than its text truncates on every redraw).
        let kept = String(decoding: utf8.prefix(ascii ? budget : bytesFitting(budget)), as: UTF8.self)
        return ellipsisWidth <= width ? kept + ellipsis : kept
    }

    /// The UTF-8 length of the longest prefix of whole graphemes that fits in `budget`
    /// columns.
    private func bytesFitting(_ budget: Int) -> Int {
        var used = 0
        var bytes = 0
        for character in self {
            let characterWidth = character.terminalWidth
            if used + characterWidth > budget { break }
            used += characterWidth
            bytes += character.utf8.count
        }
        return bytes
    }

    /// The text word-wrapped into lines of at most `width` columns.
    ///
    /// Newlines end a line (an empty line stays an empty line). Lines break at spaces; the
    /// spaces at a break are dropped, spaces inside a line and a paragraph's indentation are
    /// kept. A word wider than `width` is broken between graphemes, starting on the current
    /// line when there is room. The only line that can exceed `width` is one holding a
    /// single grapheme wider than `width` (a wide character when `width` is 1). The empty
    /// string gives one empty line; a `width` below 1 gives no lines.
    public func wrapped(toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var wrapper = WordWrapper(width: width)
            wrapper.wrap(paragraph)
            lines += wrapper.lines
        }
        return lines
    }
}

/// Greedy word wrapping of one paragraph (no newlines) by display width.
private struct WordWrapper {
    let width: Int
    var lines: [String] = []
    var line = ""
    var lineWidth = 0

    init(width: Int) { self.width = width }

    mutating func wrap(_ paragraph: some StringProtocol) {
        var index = paragraph.startIndex
        let end = paragraph.endIndex
        while index < end {
            var spaces = 0
            while index < end, paragraph[index] == " " {
                spaces += 1
                index = paragraph.index(after: index)
            }
            let wordStart = index
            while index < end, paragraph[index] != " " { index = paragraph.index(after: index) }
            if wordStart == index { break }
            place(paragraph[wordStart..<index], after: spaces)
        }
        lines.append(line)
    }

    private mutating func place(_ word: some StringProtocol, after spaces: Int) {
        let gap = line.isEmpty && !lines.isEmpty ? 0 : spaces
        let wordWidth = word.terminalWidth
        if lineWidth + gap + wordWidth <= width {
            append(String(repeating: " ", count: gap), width: gap)
            append(String(word), width: wordWidth)
            return
        }
        if wordWidth <= width {
            if !line.isEmpty { breakLine() }
            append(String(word), width: wordWidth)
            return
        }
        if lineWidth + gap < width {
            append(String(repeating: " ", count: gap), width: gap)
        } else if !line.isEmpty {
            breakLine()
        }
        for character in word {
            let characterWidth = character.terminalWidth
            if lineWidth + characterWidth > width, !line.isEmpty { breakLine() }
            line.append(character)
            lineWidth += characterWidth
        }
    }

    private mutating func append(_ text: String, width textWidth: Int) {
        line += text
        lineWidth += textWidth
    }

    private mutating func breakLine() {
        lines.append(line)
        line = ""
        lineWidth = 0
    }
}

extension Unicode.Scalar {
    /// The columns of this scalar on its own: 0, 1 or 2 (regional indicators and
    /// variation selectors are handled at the grapheme level).
    fileprivate var terminalWidth: Int {
        let v = value
        if v < 0xA0 { return isTerminalControl ? 0 : 1 }
        if isZeroWidth { return 0 }
        if v < 0x1100 { return 1 }
        if wideRanges.containsScalar(v) || properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// C0 and C1 controls, DEL, and the line and paragraph separators.
    fileprivate var isTerminalControl: Bool {
        let v = value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029
    }

    fileprivate var isRegionalIndicator: Bool { (0x1F1E6...0x1F1FF).contains(value) }

    /// Combining marks, format characters (ZWJ, ZWNJ, U+200B, BOM…) and the Hangul medial
    /// vowels and final consonants that attach to a leading consonant.
    private var isZeroWidth: Bool {
        let v = value
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) || v == 0x200B { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }
}

extension Array where Element == ClosedRange<UInt32> {
    /// Binary search of a sorted table of disjoint ranges.
    fileprivate func containsScalar(_ value: UInt32) -> Bool {
        var low = 0
        var high = count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = self[mid]
            if value < range.lowerBound {
                high = mid - 1
            } else if value > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}

/// East Asian Width W and F from Unicode 15.0 `EastAsianWidth.txt`, adjacent ranges merged,
/// with the default-wide unassigned planes 2 and 3. Sorted, disjoint.
private let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
    0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
    0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x2FFB, 0x3000...0x303E,
    0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E3,
    0x31F0...0x321E, 0x3220...0x3247, 0x3250...0x4DBF, 0x4E00...0xA48C, 0xA490...0xA4C6,
    0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE52,
    0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08, 0x1AFF0...0x1AFF3,
    0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B132...0x1B132, 0x1B150...0x1B152,
    0x1B155...0x1B155, 0x1B164...0x1B167, 0x1B170...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
    0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
    0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
    0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4,
    0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E,
    0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F,
    0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF,
    0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A,
    0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FA7C, 0x1FA80...0x1FA88, 0x1FA90...0x1FABD,
    0x1FABF...0x1FAC5, 0x1FACE...0x1FADB, 0x1FAE0...0x1FAE8, 0x1FAF0...0x1FAF8, 0x20000...0x2FFFD,
    0x30000...0x3FFFD,
]

extension Unicode.Scalar {
    /// Narrow on every terminal, with no emoji or combining forms: checked without property lookups.
    var isCommonNarrow: Bool {
        switch value {
        case 0xA0...0xAC, 0xAE...0x2FF: true  // Latin-1 and Latin Extended (not the soft hyphen)
        case 0x2010...0x2027: true  // dashes, quotes, •, …
        case 0x2500...0x259F: true  // box drawing, block elements
        case 0x25CF: true  // ●
        case 0x2800...0x28FF: true  // braille patterns (the spinner)
        default: false
        }
    }
}
