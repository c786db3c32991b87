/// An independent model of a single-line text field, written from the documented key
/// behaviour (docs/widgets-and-keys.md), not from `TextEditor`: the text as a `String`, and
/// the caret as a grapheme index of that string.
///
/// Edits are made on Unicode scalars and the string is then read again as graphemes, so a
/// combining mark typed after `e` joins it (one grapheme, `é`), and the caret always sits on
/// a boundary of the text's own graphemes. When an edit ends inside a grapheme (a mark
/// joined the grapheme before it, two halves of a flag met), the caret goes after that
/// grapheme.
struct ReferenceEditor: Equatable, CustomStringConvertible {
    /// How word moves and word deletes find word edges.
    enum Words: Equatable {
        /// Words are runs of letters, digits and `_`.
        case words
        /// The whole line is one word (password fields).
        case line
    }

    private(set) var text = ""
    private(set) var caret = 0
    let words: Words
    /// The field's `maxLength` (`nil`: no limit; the demo sets none).
    let maxLength: Int?

    init(words: Words, maxLength: Int? = nil) {
        self.words = words
        self.maxLength = maxLength
    }

    var count: Int { text.count }

    var description: String { "\(text.debugDescription) caret \(caret)" }

    // MARK: Writes from outside

    /// A model write: the text changes, the caret keeps its index, clamped.
    mutating func write(_ newText: String) {
        text = newText
        caret = min(caret, text.count)
    }

    /// The caret was placed by a click (checked separately against the pointer).
    mutating func placeCaret(_ index: Int) {
        caret = index
    }

    // MARK: Typing

    /// A key press of a printable character: control characters are never inserted.
    mutating func type(_ character: Character) {
        insert(String(character))
    }

    /// A bracketed paste: line breaks and other control characters are dropped, the rest is
    /// inserted as one edit.
    mutating func paste(_ pasted: String) {
        insert(pasted)
    }

    private mutating func insert(_ typed: String) {
        var kept = typed.filter { !Self.isControl($0) }
        if let maxLength { kept = String(kept.prefix(max(0, maxLength - count))) }
        guard !kept.isEmpty else { return }
        replace(graphemes: caret..<caret, with: kept)
    }

    static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
    }

    // MARK: Moves

    mutating func left() { caret = max(0, caret - 1) }
    mutating func right() { caret = min(count, caret + 1) }
    mutating func home() { caret = 0 }
    mutating func end() { caret = count }
    mutating func wordLeft() { caret = previousWordStart }
    mutating func wordRight() { caret = nextWordEnd }

    // MARK: Deletes

    mutating func backspace() { delete(max(0, caret - 1)..<caret) }
    mutating func deleteForward() { delete(caret..<min(count, caret + 1)) }
    mutating func deleteWordLeft() { delete(previousWordStart..<caret) }
    mutating func deleteWordRight() { delete(caret..<nextWordEnd) }
    mutating func deleteToStart() { delete(0..<caret) }
    mutating func deleteToEnd() { delete(caret..<count) }

    private mutating func delete(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        replace(graphemes: range, with: "")
    }

    // MARK: Words

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// The start of the last word that starts before the caret (0 if none).
    private var previousWordStart: Int {
        guard words == .words else { return 0 }
        let graphemes = Array(text)
        var best = 0
        for index in 0..<caret
        where Self.isWordCharacter(graphemes[index])
            && (index == 0 || !Self.isWordCharacter(graphemes[index - 1]))
        {
            best = index
        }
        return best
    }

    /// The end of the first word that ends after the caret (the end of the text if none).
    private var nextWordEnd: Int {
        guard words == .words else { return count }
        let graphemes = Array(text)
        for end in (caret + 1)..<(graphemes.count + 1)
        where Self.isWordCharacter(graphemes[end - 1])
            && (end == graphemes.count || !Self.isWordCharacter(graphemes[end]))
        {
            return end
        }
        return graphemes.count
    }

    // MARK: Editing on scalars

    /// Replaces the graphemes in `range` with `replacement`; the caret goes to the end of the
    /// replacement, rounded up to the next grapheme boundary of the new text.
    private mutating func replace(graphemes range: Range<Int>, with replacement: String) {
        let graphemes = Array(text)
        let before = String(graphemes[..<range.lowerBound])
        let after = String(graphemes[range.upperBound...])
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: before.unicodeScalars)
        scalars.append(contentsOf: replacement.unicodeScalars)
        let caretScalars = scalars.count
        scalars.append(contentsOf: after.unicodeScalars)
        text = String(scalars)
        var offset = 0, index = 0
        for grapheme in text {
            if offset >= caretScalars { break }
            offset += grapheme.unicodeScalars.count
            index += 1
        }
        caret = index
    }
}
