import TetherReactive

/// A multi-line text input with soft wrapping, vertical scrolling, undo and redo.
///
/// ``text`` is the current text; setting it is a programmatic write. `rx.text` is a
/// `ControlProperty`: its values start with the current text and then report each
/// **user** edit (typing, deleting, pasting, undo, redo); programmatic writes are never
/// reported back. A write keeps the caret where it was, clamped, and clears the undo
/// history. `rx.editingDidEnd` fires when the user leaves the area.
///
/// Lines wrap by display width at spaces when they can, grapheme by grapheme otherwise (a
/// wide character is never split); line breaks are kept. The area grows with its text from
/// ``minRows`` to ``maxRows`` and then scrolls to keep the caret visible; `▲`/`▼` in its
/// right column show there is more text above or below.
///
/// Keys (through the application's ``KeyMap``): those of ``TextField`` on the current line,
/// ↑/↓ by visual line keeping the column, PgUp/PgDn by a page, Home/End (Ctrl-A/E) to the
/// start/end of the visual line, Ctrl-Home/Ctrl-End to the start/end of the text, Ctrl-U and
/// Ctrl-K to the start/end of the line, Enter, Alt-Enter or Ctrl-J insert a line break, Tab
/// and Shift-Tab leave the area, Ctrl-_ undoes and Ctrl-^ redoes. A paste is one edit and
/// keeps its line breaks (CRLF and CR become LF). A click places the caret; the wheel scrolls.
@MainActor
public final class TextArea: Widget {
    var editor: TextEditor
    let editable = UserEditable<TextArea, String>(get: { $0.editorText }, set: { $0.editorText = $1 })
    let endEditing = PublishSubject<Void>()
    /// Where the first visible row starts.
    var scrollTop = 0
    /// Whether drawing scrolls to the caret (off after a wheel scroll, on after a key).
    var followsCaret = true
    /// The column ↑/↓ aim for, kept over a run of vertical moves.
    var goalColumn: Int?
    /// The rows the text took at the last layout (at most `maxRows + 1`).
    var laidOutRows = 0
    /// Row starts remembered between keys (see ``RowStarts``).
    var rowStarts = RowStarts()
    /// The rows laid out for the screen after the last edit, caret move or scroll, and what
    /// changed in the text since.
    var visibleRows: VisibleRows?
    var visibleChange: TextEditor.ChangeSpan?
    /// The rows from the top of the text, up to `maxRows + 1` (to size the area), and what
    /// changed in the text since.
    var topRows: RowList?
    var topRowsChange: TextEditor.ChangeSpan?

    /// Shown dimmed while the area is empty.
    public var placeholder: String {
        didSet { setNeedsDisplay() }
    }
    /// The fewest rows the area takes.
    public var minRows: Int {
        didSet { setNeedsLayout() }
    }
    /// The most rows the area grows to; beyond, it scrolls.
    public var maxRows: Int {
        didSet { setNeedsLayout() }
    }
    /// The most graphemes (line breaks included) the area accepts; typing or pasting beyond is cut off.
    public var maxLength: Int?
    /// Which characters the user may enter (line breaks always pass); others are dropped.
    public var inputFilter: InputFilter?
    /// The preferred width in columns (`nil`: as wide as offered).
    public var preferredWidth: Int?

    /// An area holding `text`, `minRows` to `maxRows` rows high.
    public init(
        text: String = "", placeholder: String = "", minRows: Int = 3, maxRows: Int = 8,
        maxLength: Int? = nil, inputFilter: InputFilter? = nil, width: Int? = nil
    ) {
        editor = TextEditor(text: text)
        self.placeholder = placeholder
        self.minRows = max(1, minRows)
        self.maxRows = max(max(1, minRows), maxRows)
        self.maxLength = maxLength
        self.inputFilter = inputFilter
        preferredWidth = width
        super.init()
    }

    isolated deinit { endEditing.onCompleted() }

    /// The text. Setting it is programmatic: when it differs it is stored and redrawn, the
    /// caret keeps its place (clamped), the undo history is cleared, and it is never
    /// reported as an edit. Bind it two ways with `rx.text`.
    public var text: String {
        get { editor.text }
        set { editable.set(newValue, on: self) }
    }

    /// The caret, as a grapheme index (line breaks count as one).
    public var caret: Int { editor.caret }

    private var editorText: String {
        get { editor.text }
        set {
            editor.replaceText(newValue)
            scrollTop = wrap.lineStart(of: min(scrollTop, editor.graphemes.count))
            setNeedsLayout()
        }
    }

    public override var canFocus: Bool { true }
    override var userValueSetter: (any UserValueSetting)? { self }

    /// `Enter new line`.
    public override var keyHints: [KeyHint] { [KeyHint(.insertLineBreak, help: "new line")] }

    /// As in a ``TextField``: focus arriving puts the caret after the text (scrolled into
    /// view), except when it comes back from a popup.
    override func focusEntered(returning: Bool) {
        guard !returning else { return }
        editor.moveToEnd()
        goalColumn = nil
        followsCaret = true
    }

    public override func focusChanged() {
        if !isFocused { endEditing.onNext(()) }
    }

    // MARK: Editing

    public override func perform(_ intent: Intent) -> Bool {
        if intent != .moveLineUp && intent != .moveLineDown && intent != .movePageUp && intent != .movePageDown {
            goalColumn = nil
        }
        editor.noteKey(at: hostScheduler?.now)
        // A key the area handles brings the caret back into view after a wheel scroll; one it
        // does not (↓ on the last row, Tab) leaves the view where the wheel put it.
        let wasFollowing = followsCaret
        followsCaret = true
        let handled = handle(intent)
        if !handled { followsCaret = wasFollowing }
        return handled
    }

    private func handle(_ intent: Intent) -> Bool {
        switch intent {
        case .insertLineBreak: insert("\n", asOneStep: false)
        case .moveLineUp: return moveVertically(by: -1)
        case .moveLineDown: return moveVertically(by: 1)
        case .movePageUp: return moveVertically(by: -max(1, frame.height - 1), clamped: true)
        case .movePageDown: return moveVertically(by: max(1, frame.height - 1), clamped: true)
        case .moveToStart, .moveToEnd: moveToRowEdge(end: intent == .moveToEnd)
        case .moveToTextStart: editor.moveToStart()
        case .moveToTextEnd: editor.moveToEnd()
        case .deleteToStart: finishEdit(changed: editor.deleteToLineStart())
        case .deleteToEnd: finishEdit(changed: editor.deleteToLineEnd())
        default:
            guard let changed = editor.apply(intent) else { return false }
            finishEdit(changed: changed)
            return true
        }
        refreshAfterKey()
        return true
    }

    /// `true`: typed keys are the widget's text (key help offers F1 for the key list).
    public override var takesTypedText: Bool { true }

    public override func insertText(_ text: String) -> Bool {
        insert(text, asOneStep: false)
        return true
    }

    public override func paste(_ text: String) -> Bool {
        var normalized = ""
        normalized.reserveCapacity(text.utf8.count)
        for grapheme in text { normalized.append(grapheme == "\r\n" || grapheme == "\r" ? "\n" : grapheme) }
        insert(normalized, asOneStep: true)
        return true
    }

    private func insert(_ text: String, asOneStep: Bool) {
        editor.noteKey(at: hostScheduler?.now)
        goalColumn = nil
        followsCaret = true
        var accepted = text.filter { $0 == "\n" || (!$0.isControlCharacter && (inputFilter?.accepts($0) ?? true)) }
        if let maxLength {
            accepted = String(accepted.prefix(max(0, maxLength - editor.graphemes.count)))
        }
        finishEdit(changed: asOneStep ? editor.insertAsOneStep(accepted) : editor.insert(accepted))
    }

    private func finishEdit(changed: Bool) {
        refreshAfterKey()
        if changed { editable.userEdited(self, redraw: false) }
    }

    /// Moves the caret `rows` visual rows up (negative) or down, at the goal column. Returns
    /// `false` when it cannot move at all (so ↑ on the first row can move focus), unless
    /// `clamped` (a page move then goes to the first or last row).
    private func moveVertically(by rows: Int, clamped: Bool = false) -> Bool {
        syncRows()
        let wrap = wrap
        let row = rowStarts.row(containing: editor.caret, in: wrap)
        let goal = goalColumn ?? wrap.column(of: editor.caret, in: row)
        let targets =
            rows < 0
            ? rowStarts.rows(before: row.lowerBound, count: -rows, in: wrap)
            : Array(rowStarts.rows(from: row.lowerBound, count: rows + 1, in: wrap).dropFirst())
        guard let target = rows < 0 ? targets.first : targets.last else {
            guard clamped else { return false }
            rows < 0 ? editor.moveToStart() : editor.moveToEnd()
            refreshAfterKey()
            return true
        }
        editor.moveCaret(to: wrap.index(atColumn: goal, in: target))
        goalColumn = goal
        refreshAfterKey()
        return true
    }

    private func moveToRowEdge(end: Bool) {
        syncRows()
        let wrap = wrap
        let row = rowStarts.row(containing: editor.caret, in: wrap)
        if !end { return editor.moveCaret(to: row.lowerBound) }
        editor.moveCaret(to: wrap.endsLine(row) ? row.upperBound : max(row.lowerBound, row.upperBound - 1))
    }

    // MARK: Drawing and mouse (TextArea+Drawing.swift)

    public override func preferredSize(for proposal: Size) -> Size { areaPreferredSize(for: proposal) }

    public override var minimumSize: Size { Size(width: min(preferredWidth ?? 8, 8), height: minRows) }

    public override func draw(in canvas: inout Canvas, context: DrawContext) { drawArea(in: &canvas, context: context) }

    /// The terminal cursor sits at the caret (so an IME's composition window opens there);
    /// it is hidden while the caret is scrolled out of view.
    public override var cursorPosition: Point? { caretPosition }

    public override func handleMouse(_ event: MouseEvent) -> Bool { handleAreaMouse(event) }

    public override var description: String {
        "TextArea(text: \(editor.text.debugDescription), caret: \(editor.caret))"
    }
}
