/// The editing model behind ``TextField``, ``SecureField`` and ``TextArea``: text as
/// graphemes in a ``GraphemeBuffer``, a caret, the editing operations, and an undo history.
///
/// The caret is a grapheme index from 0 (before the first grapheme) to `count` (after the
/// last). Every operation keeps it inside the text. In ``wordBoundaries`` `.line` mode,
/// used for passwords, word moves and word deletes act on the whole line, and typing in one
/// go is one undo step however many spaces and punctuation marks it holds, so neither the
/// caret nor an undo ever reveals where the words break.
///
/// An edit costs what it touches: the buffer moves its gap to the edit, and only the
/// graphemes next to the edit are read again (a combining mark typed after `e` joins it).
/// Nothing here reads the whole text except ``text`` and ``replaceText(_:)``.
public struct TextEditor: Hashable, Sendable {
    /// How word-wise moves and deletes find word edges.
    public enum WordBoundaries: Hashable, Sendable {
        /// Words are runs of letters, digits and `_`.
        case words
        /// The whole line is one word (password fields): for word moves, word deletes and
        /// the grouping of typed graphemes into undo steps.
        case line
    }

    /// The text, grapheme by grapheme.
    public private(set) var graphemes: GraphemeBuffer
    /// The caret, as a grapheme index in `0...graphemes.count`.
    public private(set) var caret: Int
    /// How word operations find word edges.
    public var wordBoundaries: WordBoundaries
    /// The undo and redo steps; never shown by `description` or `dump`.
    var history = UndoHistory()
    /// What changed since a ``TextArea`` last took it (``takeChange()``).
    private var change: ChangeSpan?
    /// Whether the editor overwrites text it lets go of (a ``SecureField``'s): slots a delete
    /// or a move of the gap leaves, the old storage when the buffer grows, the text a model
    /// write replaces, forgotten undo steps. Such an editor keeps no undo step as a string.
    var wipesText = false {
        didSet {
            graphemes.wipesFreedSlots = wipesText
            history.wipesText = wipesText
        }
    }

    /// An editor holding `text` with the caret at its end.
    public init(text: String = "", wordBoundaries: WordBoundaries = .words) {
        graphemes = GraphemeBuffer(text)
        caret = graphemes.count
        self.wordBoundaries = wordBoundaries
    }

    /// The text as a string (reads the whole text).
    public var text: String { graphemes.string(0..<graphemes.count) }

    /// Replaces the text (a model write), keeping the caret where it was, clamped to the
    /// new text, and clearing the undo history: the user cannot undo into a state the
    /// model has replaced.
    public mutating func replaceText(_ text: String) {
        if wipesText { graphemes.wipe() }
        graphemes = GraphemeBuffer(text)
        graphemes.wipesFreedSlots = wipesText
        caret = min(caret, graphemes.count)
        history.clear()
        change = ChangeSpan(prefix: 0, suffix: 0)
    }

    /// Overwrites the text and the undo history, and empties both (a ``SecureField`` freed).
    mutating func wipe() {
        graphemes.wipe()
        history.clear()
        caret = 0
    }

    /// Moves the caret to `index`, clamped to the text.
    public mutating func moveCaret(to index: Int) {
        caret = max(0, min(index, graphemes.count))
        history.seal()
    }

    /// Inserts `text` at the caret and moves the caret after it. One grapheme typed after
    /// another joins its undo step until a new word starts (never, with `.line` word
    /// boundaries: the step ends only at a caret move, another kind of edit or a pause);
    /// anything longer (a paste) is a step of its own. Returns whether the text changed.
    @discardableResult
    public mutating func insert(_ text: some Collection<Character>) -> Bool {
        guard !text.isEmpty else { return false }
        let kind: UndoHistory.Kind
        // One grapheme, without counting a long paste's graphemes.
        if let typed = text.first, text.index(after: text.startIndex) == text.endIndex {
            let previous = caret > 0 ? graphemes[caret - 1] : nil
            let newWord =
                wordBoundaries == .words && isWordCharacter(typed) && previous.map { !isWordCharacter($0) } ?? true
            kind = newWord ? .typingNewWord : .typing
        } else {
            kind = .single
        }
        replace(caret..<caret, with: GraphemeBuffer(text), kind: kind)
        return true
    }

    /// Moves one grapheme left.
    public mutating func moveLeft() { moveCaret(to: caret - 1) }
    /// Moves one grapheme right.
    public mutating func moveRight() { moveCaret(to: caret + 1) }
    /// Moves to the start of the text.
    public mutating func moveToStart() { moveCaret(to: 0) }
    /// Moves to the end of the text.
    public mutating func moveToEnd() { moveCaret(to: graphemes.count) }
    /// Moves to the start of the word left of the caret.
    public mutating func moveWordLeft() { moveCaret(to: wordStart(before: caret)) }
    /// Moves to the end of the word right of the caret.
    public mutating func moveWordRight() { moveCaret(to: wordEnd(after: caret)) }

    /// Deletes the grapheme left of the caret. Returns whether the text changed.
    @discardableResult
    public mutating func deleteBackward() -> Bool { delete(caret - 1..<caret, kind: .deleting) }
    /// Deletes the grapheme right of the caret. Returns whether the text changed.
    @discardableResult
    public mutating func deleteForward() -> Bool { delete(caret..<caret + 1, kind: .deleting) }
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

    mutating func delete(_ range: Range<Int>, kind: UndoHistory.Kind = .single) -> Bool {
        let clamped = range.clamped(to: 0..<graphemes.count)
        guard !clamped.isEmpty else { return false }
        replace(clamped, with: GraphemeBuffer(""), kind: kind)
        return true
    }

    /// Replaces `range` with `new` and puts the caret after it, reading the graphemes on
    /// either side again (an edit may join neighbours: a combining mark after `e`, two
    /// halves of a flag, an emoji before a lone joiner and the emoji after it), so the caret
    /// is always a grapheme index of the text itself. It keeps its place in the text, moved
    /// past a grapheme it now falls inside.
    mutating func replace(_ range: Range<Int>, with new: GraphemeBuffer, kind: UndoHistory.Kind) {
        if let change = asciiChange(replacing: range, with: new) {
            apply(change)
            history.record(change, kind: kind)
            return
        }
        var lower = max(0, range.lowerBound - 1)
        var upper = min(graphemes.count, range.upperBound + 1)
        // Flags pair regional indicators by their count from the start of a run of them, so
        // the window starts where the run does (usually no run, or one flag back).
        while lower > 0 && Self.continuesRegionalRun(graphemes[lower - 1], graphemes[lower]) { lower -= 1 }
        let before = graphemes[lower..<range.lowerBound]
        let caretScalars =
            before.reduce(0) { $0 + $1.unicodeScalars.count } + new.reduce(0) { $0 + $1.unicodeScalars.count }
        var window = graphemes.string(lower..<range.lowerBound)
        new.append(0..<new.count, to: &window)
        graphemes.append(range.upperBound..<upper, to: &window)
        var segmented = GraphemeBuffer(window)
        // The window's new end may reach into the grapheme after it; it grows until its end
        // is a boundary of the whole text again.
        while upper < graphemes.count {
            let next = graphemes[upper]
            let joined = GraphemeBuffer(window + String(next))
            if joined.count == segmented.count + 1 && joined.last == next { break }
            window.append(next)
            segmented = joined
            upper += 1
        }
        var offset = 0
        var scalars = 0
        while offset < segmented.count && scalars < caretScalars {
            scalars += segmented[offset].unicodeScalars.count
            offset += 1
        }
        let change = UndoHistory.Change(
            start: lower, removed: graphemes.buffer(lower..<upper),
            inserted: segmented.count > 64 && !wipesText
                ? .segmented(window, count: segmented.count) : .graphemes(segmented),
            caretBefore: caret, caretAfter: lower + offset)
        apply(change, inserting: segmented)
        history.record(change, kind: kind)
    }

    /// The change replacing `range` with `new` when no grapheme breaking is needed: the new
    /// graphemes and the neighbours of `range` are one ASCII byte each, and no CR meets an LF
    /// at either seam (CR LF is the only pair of ASCII scalars that is one grapheme), so the
    /// graphemes stay as they are. `nil` otherwise (the window is read again).
    private func asciiChange(replacing range: Range<Int>, with new: GraphemeBuffer) -> UndoHistory.Change? {
        var previous: UInt8 = 0
        if range.lowerBound > 0 {
            previous = graphemes.code(at: range.lowerBound - 1)
            guard previous < 0x80 else { return nil }
        }
        for index in new.indices {
            let byte = new.code(at: index)
            guard byte < 0x80, !(previous == 0x0D && byte == 0x0A) else { return nil }
            previous = byte
        }
        if range.upperBound < graphemes.count {
            let next = graphemes.code(at: range.upperBound)
            guard next < 0x80, !(previous == 0x0D && next == 0x0A) else { return nil }
        }
        return UndoHistory.Change(
            start: range.lowerBound, removed: graphemes.buffer(range), inserted: .graphemes(new),
            caretBefore: caret, caretAfter: range.lowerBound + new.count)
    }

    /// Whether `next` starts with a regional indicator that pairs by parity with the ones
    /// `previous` ends with (a run of flag halves crosses the two graphemes).
    private static func continuesRegionalRun(_ previous: Character, _ next: Character) -> Bool {
        func isRegional(_ scalar: Unicode.Scalar?) -> Bool {
            scalar.map { (0x1F1E6...0x1F1FF).contains($0.value) } ?? false
        }
        return isRegional(previous.unicodeScalars.last) && isRegional(next.unicodeScalars.first)
    }

    /// Applies `change` forwards (`inserting` its inserted graphemes, when the caller has them).
    mutating func apply(_ change: UndoHistory.Change, inserting inserted: GraphemeBuffer? = nil) {
        noteChange(change.start..<change.start + change.removed.count)
        graphemes.replaceSubrange(
            change.start..<change.start + change.removed.count, with: inserted ?? change.inserted.buffer)
        caret = change.caretAfter
    }

    /// Applies `change` backwards.
    mutating func revert(_ change: UndoHistory.Change) {
        noteChange(change.start..<change.start + change.inserted.count)
        graphemes.replaceSubrange(change.start..<change.start + change.inserted.count, with: change.removed)
        caret = change.caretBefore
    }

    /// The part of the text the changes since the last ``takeChange()`` left alone: the
    /// graphemes before `prefix`, and the last `suffix` graphemes.
    struct ChangeSpan: Equatable, Sendable {
        var prefix: Int
        var suffix: Int
    }

    /// Notes that `range` of the text is about to be replaced.
    private mutating func noteChange(_ range: Range<Int>) {
        let suffix = graphemes.count - range.upperBound
        change = ChangeSpan(
            prefix: min(change?.prefix ?? range.lowerBound, range.lowerBound),
            suffix: min(change?.suffix ?? suffix, suffix))
    }

    /// What changed since the last call, or `nil` when the text did not change.
    mutating func takeChange() -> ChangeSpan? {
        defer { change = nil }
        return change
    }

    func isWordCharacter(_ c: Character) -> Bool {
        // ASCII answered without the Unicode property tables (every typed key asks).
        if let ascii = c.asciiValue {
            return (ascii >= 0x61 && ascii <= 0x7A) || (ascii >= 0x41 && ascii <= 0x5A)
                || (ascii >= 0x30 && ascii <= 0x39)
                || ascii == 0x5F
        }
        return c.isLetter || c.isNumber
    }

    func wordStart(before index: Int) -> Int {
        if wordBoundaries == .line { return 0 }
        var i = index
        while i > 0 && !isWordCharacter(graphemes[i - 1]) { i -= 1 }
        while i > 0 && isWordCharacter(graphemes[i - 1]) { i -= 1 }
        return i
    }

    func wordEnd(after index: Int) -> Int {
        if wordBoundaries == .line { return graphemes.count }
        var i = index
        while i < graphemes.count && !isWordCharacter(graphemes[i]) { i += 1 }
        while i < graphemes.count && isWordCharacter(graphemes[i]) { i += 1 }
        return i
    }

    /// Equal when text, caret and word boundaries are; the undo history is not compared.
    public static func == (lhs: TextEditor, rhs: TextEditor) -> Bool {
        lhs.caret == rhs.caret && lhs.wordBoundaries == rhs.wordBoundaries && lhs.graphemes == rhs.graphemes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(graphemes)
        hasher.combine(caret)
    }
}

extension TextEditor {
    /// Applies a caret move, a delete, an undo or a redo from the key map.
    ///
    /// - Returns: `nil` when `intent` is none of these (the editor is untouched); otherwise
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
        case .undo: return undo()
        case .redo: return redo()
        default: return nil
        }
        return false
    }
}
