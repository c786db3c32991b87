/// The popup list of a ``Dropdown``: the options (or those matching the typed filter) with a
/// highlighted row, scrolled to keep it visible. Moving draws only the visible rows, so it
/// costs the same at 100 and at 100,000 options; typing searches a ``FilterIndex``.
@MainActor
final class DropdownList<Option: Hashable>: Widget {
    private weak var dropdown: Dropdown<Option>?
    private var index = FilterIndex(titles: [])
    /// What the user typed.
    private(set) var filter = ""
    /// The options matching the filter, as indices into the options; `nil`: all of them.
    private var matches: [Int32]?
    /// The highlighted row (an index into the shown rows).
    private(set) var position: Int?
    /// Whether the user moved the highlight or typed a filter since the list opened: only
    /// then does Tab (Shift-Tab) choose the highlighted option, so leaving an untouched list
    /// never changes the choice.
    private var userPointed = false
    /// The first row on screen.
    private var top = 0

    init(dropdown: Dropdown<Option>) {
        self.dropdown = dropdown
        super.init()
    }

    private var list: OptionList<Option>? { dropdown?.list }

    /// How many rows the filter lets through.
    var rowCount: Int { matches?.count ?? list?.count ?? 0 }

    /// The option index shown at `row`.
    func optionIndex(atRow row: Int) -> Int { matches.map { Int($0[row]) } ?? row }

    /// The index of the highlighted option, if any.
    var highlightedOption: Int? { position.flatMap { $0 < rowCount ? optionIndex(atRow: $0) : nil } }

    /// The options changed: index their titles again and re-apply the filter, keeping the
    /// option at `kept` (an index into the new options) highlighted when it still shows.
    func optionsChanged(keeping kept: Int?) {
        index = FilterIndex(titles: list?.titles ?? [])
        applyFilter(keepingOption: kept)
    }

    /// Starts showing the list: `filter` typed, the chosen option highlighted.
    func reset(filter: String, chosen: Int?) {
        self.filter = filter
        matches = rankedMatches()
        top = 0
        position = nil
        userPointed = !filter.isEmpty
        if filter.isEmpty, let chosen { position = chosen } else { position = enabledRow(from: 0, step: 1) }
        scrollToPosition()
    }

    /// The options the filter lets through, exact titles first, then those starting with it
    /// (`vim` highlights Vim before Neovim); `nil`: all of them.
    private func rankedMatches() -> [Int32]? {
        index.matches(for: filter).map { index.ranked($0, for: filter) }
    }

    private func applyFilter(keepingOption kept: Int? = nil) {
        matches = rankedMatches()
        position =
            kept.flatMap { kept in matches.map { $0.firstIndex(of: Int32(kept)) } ?? kept }
            ?? enabledRow(from: 0, step: 1)
        top = 0
        scrollToPosition()
        dropdown?.setNeedsDisplay()
        setNeedsLayout()
    }

    // MARK: Moving and choosing

    private func isEnabled(row: Int) -> Bool { list?.isEnabled(optionIndex(atRow: row)) ?? false }

    private func enabledRow(from start: Int, step: Int) -> Int? {
        var row = start
        while row >= 0 && row < rowCount {
            if isEnabled(row: row) { return row }
            row += step
        }
        return nil
    }

    private var visibleRows: Int { max(1, frame.height) }

    private func move(_ intent: Intent) {
        let last = rowCount - 1
        let target: Int? =
            switch intent {
            case .selectNext: enabledRow(from: (position ?? -1) + 1, step: 1)
            case .selectPrevious: enabledRow(from: (position ?? rowCount) - 1, step: -1)
            case .selectFirst: enabledRow(from: 0, step: 1)
            case .selectLast: enabledRow(from: last, step: -1)
            case .selectNextPage: enabledRow(from: min(last, (position ?? 0) + visibleRows - 1), step: -1)
            case .selectPreviousPage: enabledRow(from: max(0, (position ?? 0) - visibleRows + 1), step: 1)
            default: nil
            }
        guard let target, target != position else { return }
        userPointed = true
        position = target
        scrollToPosition()
        setNeedsDisplay()
    }

    private func scrollToPosition() {
        guard let position else { return }
        if position < top { top = position }
        if position >= top + visibleRows { top = position - visibleRows + 1 }
    }

    /// Why Enter chooses nothing with the filter typed (no option matches it, or those that
    /// do are not available); `nil` when it chooses the highlighted option, or when nothing
    /// was typed (Enter then closes the list as it was).
    private func whyNothingToChoose() -> String? {
        guard !filter.isEmpty, let list else { return nil }
        if let position, position < rowCount, isEnabled(row: position) { return nil }
        guard rowCount > 0 else {
            return "No option matches “\(filter)”: Backspace widens the search, Esc closes the list"
        }
        if rowCount == 1 { return "\(list.titles[optionIndex(atRow: 0)]) is not available: choose another option" }
        return "None of the \(rowCount) options matching “\(filter)” is available: choose another"
    }

    private func choose(row: Int?) {
        guard let dropdown, let row, row < rowCount, isEnabled(row: row) else { return }
        dropdown.chooseFromList(optionIndex(atRow: row))
    }

    // MARK: Input

    override var canFocus: Bool { true }

    /// ↑/↓ move, Enter chooses (or says why not), Esc closes the list.
    override var keyHints: [KeyHint] {
        [
            KeyHint(.selectPrevious, .selectNext, help: "move"), KeyHint(.activate, help: "choose"),
            KeyHint(.cancel, help: "close"),
        ]
    }

    override func perform(_ intent: Intent) -> Bool {
        switch intent {
        case .selectNext, .selectPrevious, .selectFirst, .selectLast, .selectNextPage, .selectPreviousPage:
            move(intent)
        case .activate:
            // Enter answers: with a filter that leaves nothing to choose, the list stays and says why.
            if let why = whyNothingToChoose() {
                treeHost?.say(why)
            } else {
                choose(row: position)
                dismissPopup()
            }
        case .focusNext, .focusPrevious:
            let dropdown = dropdown
            if userPointed { choose(row: position) }
            dismissPopup()
            dropdown?.moveHostFocus(forward: intent == .focusNext)
        case .cancel:
            dismissPopup()
        case .deleteBackward:
            guard !filter.isEmpty else { return true }
            filter.removeLast()
            applyFilter()
        case .moveLeft, .moveRight:
            break
        default:
            return false
        }
        return true
    }

    override var takesTypedText: Bool { true }

    override func insertText(_ text: String) -> Bool {
        userPointed = true
        filter += text
        applyFilter()
        return true
    }

    override func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .press(.left):
            let row = top + event.position.y - frame.minY
            guard row < rowCount, isEnabled(row: row) else { return true }
            choose(row: row)
            dismissPopup()
        case .wheelUp: move(.selectPrevious)
        case .wheelDown: move(.selectNext)
        default: return false
        }
        return true
    }

    // MARK: Drawing

    override func preferredSize(for proposal: Size) -> Size {
        let widest = (list?.widestTitle ?? 0) + 2
        let width = max(widest, dropdown?.frame.width ?? 0, 12)
        let rows = max(1, min(rowCount, dropdown?.maximumVisibleRows ?? 8))
        return Size(width: min(width, proposal.width), height: min(rows, proposal.height))
    }

    override func draw(in canvas: inout Canvas, context: DrawContext) {
        let theme = context.theme
        guard let list, rowCount > 0 else {
            canvas.fill(Rect(x: 0, y: 0, width: frame.width, height: 1), with: .blank(theme.focused))
            canvas.put(" no matches".truncated(toWidth: frame.width), at: .zero, style: theme.secondary)
            return
        }
        scrollToPosition()
        top = max(0, min(top, rowCount - visibleRows))
        let scrolls = rowCount > visibleRows
        for line in 0..<min(visibleRows, rowCount - top) {
            let row = top + line
            let index = optionIndex(atRow: row)
            let style = !list.isEnabled(index) ? theme.disabled : row == position ? theme.focused : theme.normal
            canvas.fill(Rect(x: 0, y: line, width: frame.width, height: 1), with: .blank(style))
            // A list that scrolls keeps its last column for the markers. Matches are
            // underlined, never bold: bold black on the focused row is grey in many terminals.
            let title = list.titles[index].truncated(toWidth: frame.width - (scrolls ? 2 : 1))
            drawTitle(
                title, at: Point(x: 1, y: line), style: style, matchStyle: style.adding(.underline),
                in: &canvas)
        }
        canvas.drawScrollMarkers(
            above: top > 0, below: top + visibleRows < rowCount, size: frame.size, style: theme.placeholder)
    }

    /// Draws `title` with the part matching the filter in `matchStyle`.
    private func drawTitle(_ title: String, at point: Point, style: Style, matchStyle: Style, in canvas: inout Canvas) {
        guard let match = filterMatch(of: filter, in: title) else {
            canvas.put(title, at: point, style: style)
            return
        }
        let characters = Array(title)
        var x = point.x
        x += canvas.put(String(characters[..<match.lowerBound]), at: Point(x: x, y: point.y), style: style)
        x += canvas.put(String(characters[match]), at: Point(x: x, y: point.y), style: matchStyle)
        canvas.put(String(characters[match.upperBound...]), at: Point(x: x, y: point.y), style: style)
    }

    override var description: String { "DropdownList(filter: \(filter.debugDescription), \(rowCount) rows)" }
}
