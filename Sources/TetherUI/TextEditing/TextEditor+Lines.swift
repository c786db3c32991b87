extension TextEditor {
    /// The index where the hard line holding the caret starts.
    var caretLineStart: Int { SoftWrap(graphemes, width: 1).lineStart(of: caret) }
    /// The index of the line break ending the hard line holding the caret, or `count`.
    var caretLineEnd: Int { SoftWrap(graphemes, width: 1).lineEnd(of: caret) }

    /// Deletes from the start of the caret's line to the caret (Ctrl-U in a text area).
    @discardableResult
    public mutating func deleteToLineStart() -> Bool { delete(caretLineStart..<caret) }

    /// Deletes from the caret to the end of its line, or the line break when the caret is
    /// already at the end (Ctrl-K in a text area).
    @discardableResult
    public mutating func deleteToLineEnd() -> Bool {
        let end = caretLineEnd
        return delete(caret..<(end == caret ? end + 1 : end))
    }

    /// Inserts `text` as one undo step of its own (a paste), even when it is one grapheme.
    @discardableResult
    mutating func insertAsOneStep(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        replace(caret..<caret, with: GraphemeBuffer(text), kind: .single)
        return true
    }
}
