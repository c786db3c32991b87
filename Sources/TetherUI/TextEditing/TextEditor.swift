/// The editing model behind ``TextField`` and ``SecureField``: text as graphemes, a caret,
/// and the editing operations of a single-line field.
///
/// The caret is a grapheme index from 0 (before the first grapheme) to `count` (after the
/// last). Every operation keeps it inside the text. In ``wordBoundaries`` `.line` mode,
/// used for passwords, word moves and word deletes act on the whole line, so the result
/// never reveals where the words break.
public struct TextEditor: Hashable, Sendable {
    /// How word-wise moves and deletes find word edges.
    public enum WordBoundaries: Hashable, Sendable {
        /// Words are runs of letters, digits and `_`.
        case words
        /// The whole line is one word (password fields).
        case line
    }

    /// The text, grapheme by grapheme.
    public private(set) var graphemes: [Character]
    /// The caret, as a grapheme index in `0...graphemes.count`.
    public private(set) var caret: Int
    /// How word operations find word edges.
    public var wordBoundaries: WordBoundaries

    /// An editor holding `text` with the caret at its end.
    public init(text: String = "", wordBoundaries: WordBoundaries = .words) {
        graphemes = Array(text)
        caret = graphemes.count
        self.wordBoundaries = wordBoundaries
    }

    /// The text as a string.
    public var text: String { String(graphemes) }

    /// Replaces the text (a model write), keeping the caret where it was, clamped to the
    /// new text. The caret never jumps to the end.
    public mutating func replaceText(_ text: String) {
        graphemes = Array(text)
        caret = min(caret, graphemes.count)
    }

    /// Moves the caret to `index`, clamped to the text.
    public mutating func moveCaret(to index: Int) {
        caret = max(0, min(index, graphemes.count))
    }

    /// Inserts `text` at the caret and moves the caret after it. Returns whether the text changed.
    @discardableResult
    public mutating func insert(_ text: some Collection<Character>) -> Bool {
        guard !text.isEmpty else { return false }
        graphemes.insert(contentsOf: text, at: caret)
        caret += text.count
        resegment()
        return true
    }

    /// Moves one grapheme left.
    public mutating func moveLeft() { caret = max(0, caret - 1) }
    /// Moves one grapheme right.
    public mutating func moveRight() { caret = min(graphemes.count, caret + 1) }
    /// Moves to the start of the text.
    public mutating func moveToStart() { caret = 0 }
    /// Moves to the end of the text.
    public mutating func moveToEnd() { caret = graphemes.count }
    /// Moves to the start of the word left of the caret.
    public mutating func moveWordLeft() { caret = wordStart(before: caret) }
    /// Moves to the end of the word right of the caret.
    public mutating func moveWordRight() { caret = wordEnd(after: caret) }

    /// Deletes the grapheme left of the caret. Returns whether the text changed.
    @discardableResult
    public mutating func deleteBackward() -> Bool { delete(caret - 1..<caret) }
    /// Deletes the grapheme right of the caret. Returns whether the text changed.
    @discardableResult
    public mutating func deleteForward() -> Bool { delete(caret..<caret + 1) }
    /// Deletes from the start of the word left of the caret to the caret.
    @discardableResult
    public mutating func deleteWordBackward() -> Bool { delete(wordStart(before: caret)..<caret) }
    /// Deletes from the caret to the end of the word right of it.
    @discardableResult
    public mutating func deleteWordForward() -> Bool { delete(caret..<wordEnd(after: caret)) }
    /// Deletes from the start of the text to the caret.
    @discardableResult
    public mutating func deleteToStart() -> Bool { delete(0..<caret) }
    /// Deletes from the caret to the end of the text.
    @discardableResult
    public mutating func deleteToEnd() -> Bool { delete(caret..<graphemes.count) }

    private mutating func delete(_ range: Range<Int>) -> Bool {
        let clamped = range.clamped(to: 0..<graphemes.count)
        guard !clamped.isEmpty else { return false }
        graphemes.removeSubrange(clamped)
        if caret > clamped.lowerBound { caret = max(clamped.lowerBound, caret - clamped.count) }
        resegment()
        return true
    }

    /// Reads the text again as graphemes after an edit, which may have joined neighbours (a
    /// combining mark typed after `e` is one grapheme `é`; two halves of a flag meet), so the
    /// caret is always a grapheme index of the text itself. The caret keeps its place in the
    /// text, moved past a grapheme it now falls inside.
    private mutating func resegment() {
        let caretScalars = graphemes[..<caret].reduce(0) { $0 + $1.unicodeScalars.count }
        graphemes = Array(String(graphemes))
        var scalars = 0
        caret = 0
        while caret < graphemes.count && scalars < caretScalars {
            scalars += graphemes[caret].unicodeScalars.count
            caret += 1
        }
    }

    private func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_"
    }

    private func wordStart(before index: Int) -> Int {
        if wordBoundaries == .line { return 0 }
        var i = index
        while i > 0 && !isWordCharacter(graphemes[i - 1]) { i -= 1 }
        while i > 0 && isWordCharacter(graphemes[i - 1]) { i -= 1 }
        return i
    }

    private func wordEnd(after index: Int) -> Int {
        if wordBoundaries == .line { return graphemes.count }
        var i = index
        while i < graphemes.count && !isWordCharacter(graphemes[i]) { i += 1 }
        while i < graphemes.count && isWordCharacter(graphemes[i]) { i += 1 }
        return i
    }
}

extension TextEditor {
    /// Applies a caret move or a delete from the key map.
    ///
    /// - Returns: `nil` when `intent` is neither (the editor is untouched); otherwise
    ///   whether the text changed, which is always `false` for a caret move.
    public mutating func apply(_ intent: Intent) -> Bool? {
        switch intent {
        case .moveLeft: moveLeft()
        case .moveRight: moveRight()
        case .moveWordLeft: moveWordLeft()
        case .moveWordRight: moveWordRight()
        case .moveToStart: moveToStart()
        case .moveToEnd: moveToEnd()
        case .deleteBackward: return deleteBackward()
        case .deleteForward: return deleteForward()
        case .deleteWordBackward: return deleteWordBackward()
        case .deleteWordForward: return deleteWordForward()
        case .deleteToStart: return deleteToStart()
        case .deleteToEnd: return deleteToEnd()
        default: return nil
        }
        return false
    }
}
