/// A text field's suggestions: ghost text after the caret for the first suggestion that
/// starts with the text, and a popup list under the field. The list never takes focus (the
/// user keeps typing in the field); the field passes it its keys first.
///
/// The list opens when suggestions arrive or the user edits, while the field has focus, has
/// suggestions, and the user has not dismissed it with Esc since the last edit; never for a
/// secure field (even revealed), and not when the only suggestion is the text itself. It
/// closes when any of that stops being true (focus leaving included). No row is highlighted until ↑/↓, so Enter and Tab
/// keep their usual meaning until the user picks a row.
@MainActor
final class Autocompletion: Widget {
    private weak var field: TextField?
    var suggestions: [String] = [] {
        didSet { update(mayOpen: true) }
    }
    /// The highlighted row, if the user moved to one.
    private(set) var position: Int?
    private var top = 0
    private var dismissed = false
    /// The most rows shown before the list scrolls.
    var maximumVisibleRows = 6

    init(field: TextField) {
        self.field = field
        super.init()
    }

    private var isOpen: Bool { isPresentedAsPopup }

    /// What the field's text could become: the first suggestion that starts with the text
    /// (case-insensitively) and is longer, while the field is focused, shows its text, and
    /// has its caret at the end.
    var ghostSuggestion: String? {
        guard let field, field.isFocused, Self.suggests(in: field), !field.text.isEmpty,
            field.caret == field.editor.graphemes.count
        else { return nil }
        let typed = field.text.lowercased()
        return suggestions.first { $0.count > field.text.count && $0.lowercased().hasPrefix(typed) }
    }

    /// The part of ``ghostSuggestion`` after the typed text.
    var ghostText: String? {
        guard let field, let suggestion = ghostSuggestion else { return nil }
        return String(suggestion.dropFirst(field.text.count))
    }

    /// The user edited the text: a dismissed list may open again.
    func textEdited() {
        dismissed = false
        update(mayOpen: true)
    }

    /// Whether `field` may show suggestions: never a secure field, even revealed.
    private static func suggests(in field: TextField) -> Bool {
        field.echoMode == .normal && !(field is SecureField)
    }

    /// Closes the list, or updates it, to match the field and the suggestions; opens it too
    /// when `mayOpen` (after new suggestions or an edit, not when focus merely arrives).
    func update(mayOpen: Bool = false) {
        guard let field else { return }
        let wanted =
            field.isFocused && Self.suggests(in: field) && !dismissed && !suggestions.isEmpty
            && suggestions != [field.text]
        position = position.flatMap { $0 < suggestions.count ? $0 : nil }
        if wanted && !isOpen && mayOpen {
            position = nil
            top = 0
            field.presentPopup(self)
        } else if !wanted && isOpen {
            dismissPopup()
        } else if isOpen && wanted {
            setNeedsLayout()
        }
        field.setNeedsDisplay()
    }

    /// Replaces the field's text with `suggestion` as a user edit, and closes the list until
    /// the next edit.
    private func accept(_ suggestion: String) {
        guard let field else { return }
        field.acceptSuggestion(suggestion)
        dismissed = true
        update()
    }

    // MARK: Keys and mouse, passed on by the field

    /// What the field's keys do to its suggestions now, for its key help: → takes ghost
    /// text; with the list open ↑/↓ move in it, Enter and Tab accept the highlighted row,
    /// Esc closes it.
    var suggestionHints: [KeyHint] {
        var hints = ghostSuggestion == nil ? [] : [KeyHint(.moveRight, help: "complete")]
        if isOpen {
            hints.append(KeyHint(.selectPrevious, .selectNext, help: "suggestions"))
            if position != nil { hints.append(KeyHint(.activate, .focusNext, help: "accept")) }
            hints.append(KeyHint(.cancel, help: "close"))
        }
        return hints
    }

    /// Handles `intent` for the field: accepting ghost text, moving in and choosing from an
    /// open list, Esc closing it. `false` leaves the intent to the field.
    func handle(_ intent: Intent) -> Bool {
        switch intent {
        case .moveRight, .moveToEnd:
            guard let suggestion = ghostSuggestion else { return false }
            accept(suggestion)
        case .selectNext, .selectPrevious:
            guard isOpen else { return false }
            move(by: intent == .selectNext ? 1 : -1)
        case .activate, .focusNext:
            guard isOpen, let position else { return false }
            accept(suggestions[position])
        case .cancel:
            guard isOpen else { return false }
            dismissed = true
            update()
        default:
            return false
        }
        return true
    }

    private func move(by step: Int) {
        guard !suggestions.isEmpty else { return }
        let next = position.map { $0 + step } ?? (step > 0 ? 0 : suggestions.count - 1)
        position = max(0, min(suggestions.count - 1, next))
        if let position {
            if position < top { top = position }
            if position >= top + max(1, frame.height) { top = position - max(1, frame.height) + 1 }
        }
        setNeedsDisplay()
    }

    /// The wheel over the field or the list moves the highlight while the list is open.
    func handleWheel(_ event: MouseEvent) -> Bool {
        guard isOpen else { return false }
        switch event.kind {
        case .wheelUp: move(by: -1)
        case .wheelDown: move(by: 1)
        default: return false
        }
        return true
    }

    override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(.left) = event.kind else { return handleWheel(event) }
        let row = top + event.position.y - frame.minY
        guard row >= 0, row < suggestions.count else { return true }
        accept(suggestions[row])
        return true
    }

    // MARK: Drawing

    override func preferredSize(for proposal: Size) -> Size {
        let widest = suggestions.reduce(0) { max($0, $1.terminalWidth) } + 2
        let width = max(widest, field?.frame.width ?? 0)
        return Size(
            width: min(width, proposal.width), height: min(suggestions.count, maximumVisibleRows, proposal.height))
    }

    override func draw(in canvas: inout Canvas, context: DrawContext) {
        let theme = context.theme
        let rows = max(1, frame.height)
        top = max(0, min(top, suggestions.count - rows))
        let scrolls = suggestions.count > rows
        for line in 0..<max(0, min(rows, suggestions.count - top)) {
            let row = top + line
            let style = row == position ? theme.focused : theme.normal
            canvas.fill(Rect(x: 0, y: line, width: frame.width, height: 1), with: .blank(style))
            let title = suggestions[row].truncated(toWidth: frame.width - (scrolls ? 2 : 1))
            canvas.put(title, at: Point(x: 1, y: line), style: style)
        }
        canvas.drawScrollMarkers(
            above: top > 0, below: top + rows < suggestions.count, size: frame.size, style: theme.placeholder)
    }

    override var description: String { "Autocompletion(\(suggestions.count) suggestions)" }
}
