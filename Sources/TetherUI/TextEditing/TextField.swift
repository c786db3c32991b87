import TetherReactive

/// A single-line text input.
///
/// ``text`` is the current text; setting it is a programmatic write. `rx.text` is a
/// `ControlProperty`: its values start with the current text and then report each
/// **user** edit (typing, deleting, pasting); programmatic writes (``text`` or a model
/// binding) are never reported back. A write while the user is editing keeps the caret
/// where it was, clamped to the new text. `rx.editingDidEnd` fires when the user leaves
/// the field.
///
/// Keys (through the application's ``KeyMap``): ←/→ and Ctrl-B/F by grapheme, Alt-B/F and
/// Ctrl-←/→ by word, Home/End and Ctrl-A/E, Backspace, Delete and Ctrl-D, Ctrl-W delete
/// word left, Alt-D delete word right, Ctrl-U delete to start, Ctrl-K delete to end.
/// A paste is inserted as one edit with line breaks dropped. Focus arriving (Tab,
/// Shift-Tab, ``Widget/focus()``) puts the caret after the text; a click places it under the
/// pointer. While focused, the text scrolls horizontally to keep the caret visible; an
/// unfocused field shows its text from the start.
@MainActor
public class TextField: Widget {
    /// How the text is shown.
    public enum EchoMode: Hashable, Sendable {
        /// As typed.
        case normal
        /// One mask character per grapheme.
        case masked(Character)
        /// Nothing at all: the caret stays put while typing.
        case hidden
    }

    var editor: TextEditor {
        didSet { editorDidChange() }
    }
    /// The first grapheme shown (the field scrolls by graphemes, so drawing and the caret
    /// cost what is visible, never the whole text).
    private var scrollStart = 0
    let editable = UserEditable<TextField, String>(get: { $0.editorText }, set: { $0.editorText = $1 })
    /// Fires when the user leaves the field (`rx.editingDidEnd`); made on first use, as is
    /// ``parseErrorChanges``, so that a field nobody observes so costs no subjects.
    var endEditing: PublishSubject<Void> {
        if let endEditingStorage { return endEditingStorage }
        let subject = PublishSubject<Void>()
        endEditingStorage = subject
        return subject
    }
    private var endEditingStorage: PublishSubject<Void>?
    /// Suggestions (ghost text and a popup list), made when first set.
    var completion: Autocompletion?

    /// How the text is shown; ``SecureField`` masks it.
    public var echoMode: EchoMode {
        get { echoModeValue }
        set {
            echoModeValue = newValue
            setNeedsDisplay()
        }
    }
    /// Shown dimmed while the field is empty.
    public var placeholder: String {
        get { placeholderValue }
        set {
            placeholderValue = newValue
            setNeedsDisplay()
        }
    }
    /// The most graphemes the field accepts; typing or pasting beyond it is cut off.
    public var maxLength: Int? {
        get { maxLengthValue }
        set { maxLengthValue = newValue }
    }
    /// Which characters the user may enter; others are dropped from typing and pastes.
    public var inputFilter: InputFilter? {
        get { inputFilterValue }
        set { inputFilterValue = newValue }
    }
    // The storage behind the four above: private, so that a key and a frame read it without
    // the run-time exclusivity check of a public stored property (decision 0100).
    private var echoModeValue: EchoMode
    private var placeholderValue: String
    private var maxLengthValue: Int?
    private var inputFilterValue: InputFilter?
    /// The preferred width in columns (`nil`: as wide as offered).
    public var preferredWidth: Int?
    /// Why the text does not parse in a typed binding (`rx.value(as:)`), or `nil` when it
    /// does or no typed binding is set. A parsing edit or a model write clears it.
    public internal(set) var parseError: String? {
        didSet { if parseError != oldValue { parseErrorChangesStorage?.onNext(parseError) } }
    }
    /// Each change of ``parseError``; made on first use.
    var parseErrorChanges: PublishSubject<String?> {
        if let parseErrorChangesStorage { return parseErrorChangesStorage }
        let subject = PublishSubject<String?>()
        parseErrorChangesStorage = subject
        return subject
    }
    private var parseErrorChangesStorage: PublishSubject<String?>?

    /// A field holding `text`.
    public init(
        text: String = "", placeholder: String = "", echoMode: EchoMode = .normal,
        maxLength: Int? = nil, inputFilter: InputFilter? = nil, width: Int? = nil
    ) {
        editor = TextEditor(text: text)
        placeholderValue = placeholder
        echoModeValue = echoMode
        maxLengthValue = maxLength
        inputFilterValue = inputFilter
        preferredWidth = width
        super.init()
    }

    isolated deinit {
        endEditingStorage?.onCompleted()
        parseErrorChangesStorage?.onCompleted()
    }

    /// Called after every change of the editor (text, caret, history); ``SecureField``
    /// follows whether it holds text.
    func editorDidChange() {}

    /// The text. Setting it is programmatic: when it differs it is stored and redrawn, the
    /// caret keeps its place (clamped), and it is never reported as an edit. Bind it two
    /// ways with `rx.text`.
    public var text: String {
        get { editor.text }
        set { editable.set(newValue, on: self) }
    }

    /// The caret, as a grapheme index.
    public var caret: Int { editor.caret }

    /// Puts the caret after the text (a draft's text restored: typing goes on from its end).
    func moveCaretToEnd() {
        editor.moveCaret(to: editor.graphemes.count)
        setNeedsDisplay()
    }

    /// The editor's text, written without side effects (``UserEditable`` guards and redraws).
    private var editorText: String {
        get { editor.text }
        set { editor.replaceText(newValue) }
    }

    public override var canFocus: Bool { true }
    override var userValueSetter: (any UserValueSetting)? { self }
    override var fieldProblemReporter: (any FieldProblemReporting)? { self }

    /// Focus arriving by Tab, Shift-Tab, ``Widget/focus()`` or a click puts the caret after
    /// the text, so typing adds to it (a click then moves it under the pointer); focus coming
    /// back from a popup keeps it where it was.
    override func focusEntered(returning: Bool) {
        if !returning { editor.moveToEnd() }
    }

    public override func focusChanged() {
        completion?.update()
        if !isFocused {
            scrollStart = 0
            endEditingStorage?.onNext(())
        }
    }

    // MARK: Editing

    /// With suggestions: ↑/↓ and Enter in an open list, Esc closing it, → taking ghost text.
    public override var keyHints: [KeyHint] { completion?.suggestionHints ?? [] }

    public override func perform(_ intent: Intent) -> Bool {
        if let completion, completion.handle(intent) { return true }
        editor.noteKey(at: hostScheduler?.now)
        guard let changed = editor.apply(intent) else { return false }
        finishEdit(changed: changed)
        return true
    }

    /// `true`: typed keys are the widget's text (key help offers F1 for the key list).
    public override var takesTypedText: Bool { true }

    public override func insertText(_ text: String) -> Bool {
        insert(text)
        return true
    }

    public override func paste(_ text: String) -> Bool {
        insert(text.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" })
        return true
    }

    private func insert(_ text: String) {
        editor.noteKey(at: hostScheduler?.now)
        // A loop, not `filter`: its closure would check the executor for every character.
        var accepted = ""
        for character in text where !character.isControlCharacter && (inputFilter?.accepts(character) ?? true) {
            accepted.append(character)
        }
        if let maxLength {
            let room = max(0, maxLength - editor.graphemes.count)
            accepted = String(accepted.prefix(room))
        }
        finishEdit(changed: editor.insert(accepted))
    }

    /// Redraws after a key or a paste, and reports the text as an edit when it changed (a
    /// caret move is not an edit).
    private func finishEdit(changed: Bool) {
        guard changed else { return setNeedsDisplay() }
        editable.userEdited(self)
        completion?.textEdited()
    }

    // MARK: Drawing

    /// The columns the grapheme at `index` takes on screen: the mask's for secure fields.
    /// Read from the buffer's codes, so scrolling reads no `Character`.
    private func displayWidth(_ index: Int) -> Int {
        if case .masked(let mask) = echoMode { return mask.terminalWidth }
        return editor.graphemes.width(at: index)
    }

    /// Scrolls so the caret is visible and returns its column in the field.
    private func scrollToCaret() -> Int {
        guard echoMode != .hidden else { scrollStart = 0; return 0 }
        let width = max(1, frame.width)
        let caret = editor.caret
        scrollStart = min(scrollStart, caret)
        // A field that widened scrolls back while the text from one grapheme earlier to its
        // end, and the caret cell after it, still fit (the work is bounded by the width).
        while scrollStart > 0 && fits(from: scrollStart - 1, in: width) { scrollStart -= 1 }
        var column = 0
        var index = scrollStart
        while index < caret && column < width {
            column += displayWidth(index)
            index += 1
        }
        if column < width { return column }
        column = 0
        index = caret
        while index > 0 {
            let next = displayWidth(index - 1)
            if column + next > width - 1 { break }
            column += next
            index -= 1
        }
        scrollStart = index
        return column
    }

    /// Whether the graphemes from `start` to the end, plus a caret cell after them, fit in
    /// `width` columns (the cell is counted wherever the caret is, so moving the caret never
    /// shifts the text); stops counting as soon as they do not.
    private func fits(from start: Int, in width: Int) -> Bool {
        var column = 1
        var index = start
        while index < editor.graphemes.count {
            column += displayWidth(index)
            if column > width { return false }
            index += 1
        }
        return column <= width
    }

    public override func preferredSize(for proposal: Size) -> Size {
        Size(width: min(preferredWidth ?? proposal.width, proposal.width), height: 1)
    }

    public override var minimumSize: Size { Size(width: min(preferredWidth ?? 8, 8), height: 1) }

    public override func draw(in canvas: inout Canvas, context: DrawContext) {
        let theme = context.theme
        let style = theme.style(enabled: isEffectivelyEnabled, focused: isFocused, role: .field)
        canvas.fill(Rect(x: 0, y: 0, width: frame.width, height: 1), with: .blank(style))
        if editor.graphemes.isEmpty {
            scrollStart = 0
            canvas.put(
                placeholder.truncated(toWidth: frame.width), at: .zero,
                style: isEffectivelyEnabled ? theme.placeholder : theme.disabled)
            return
        }
        // Unfocused, the text shows from its start, whatever scrolled it while focused.
        if !isFocused { scrollStart = 0 }
        let caretColumn = isFocused ? scrollToCaret() : 0
        switch echoMode {
        case .normal:
            canvas.putGraphemes(
                editor.graphemes, scrollStart..<editor.graphemes.count, at: .zero, width: frame.width, style: style)
        case .masked(let mask):
            let maskWidth = mask.terminalWidth
            let shown = maskWidth == 0 ? 0 : min(editor.graphemes.count - scrollStart, frame.width / maskWidth)
            for slot in 0..<shown { canvas.put(String(mask), at: Point(x: slot * maskWidth, y: 0), style: style) }
        case .hidden:
            break
        }
        if let ghost = completion?.ghostText {
            canvas.put(ghost, at: Point(x: caretColumn, y: 0), style: theme.placeholder)
        }
    }

    public override var cursorPosition: Point? {
        guard isFocused else { return nil }
        let column = scrollToCaret()
        return Point(x: frame.minX + max(0, min(column, frame.width - 1)), y: frame.minY)
    }

    // MARK: Mouse

    public override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(.left) = event.kind else { return completion?.handleWheel(event) ?? false }
        let target = event.position.x - frame.minX
        guard echoMode != .hidden else { return true }
        var column = 0
        var index = scrollStart
        while index < editor.graphemes.count {
            let width = displayWidth(index)
            if column + width > target { break }
            column += width
            index += 1
        }
        editor.moveCaret(to: index)
        setNeedsDisplay()
        return true
    }

    public override var description: String {
        switch echoMode {
        case .normal: "TextField(text: \(editor.text.debugDescription), caret: \(editor.caret))"
        default: "TextField(secure, \(editor.graphemes.isEmpty ? "empty" : "not empty"))"
        }
    }
}

/// Which characters a ``TextField`` accepts from the user.
public struct InputFilter: Sendable {
    private let predicate: @Sendable (Character) -> Bool

    /// A filter that accepts the characters for which `predicate` returns `true`.
    public init(_ predicate: @escaping @Sendable (Character) -> Bool) { self.predicate = predicate }

    /// Whether `character` may be entered.
    public func accepts(_ character: Character) -> Bool { predicate(character) }

    /// ASCII digits 0–9 only.
    public static let digits = InputFilter { $0.isASCII && $0.isNumber }
    /// Letters, digits and `_`, `-`, `.`.
    public static let identifier = InputFilter { $0.isLetter || $0.isNumber || "_-.".contains($0) }
}

extension Character {
    /// Control characters (C0, DEL, C1) that a text field never inserts.
    var isControlCharacter: Bool {
        unicodeScalars.allSatisfy { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }
    }
}
