import TetherUI

/// The catalog's list: the entries' titles under their group's heading. ↑/↓ show the
/// previous or next entry at once; the list scrolls to keep the chosen one in view.
@MainActor
final class CatalogList: Widget {
    /// A row of the list: a group's heading or an entry (by index).
    private enum Row: Equatable {
        case heading(String)
        case entry(Int)
    }

    private let rows: [Row]
    private let titles: [String]
    private var top = 0
    /// The chosen entry's index.
    private(set) var selection = 0
    /// Called with the index when the user chooses another entry.
    var onSelect: (Int) -> Void = { _ in }

    init(_ entries: [CatalogEntry]) {
        var rows: [Row] = []
        var group: CatalogEntry.Group?
        for (index, entry) in entries.enumerated() {
            if entry.group != group {
                rows.append(.heading(entry.group.rawValue))
                group = entry.group
            }
            rows.append(.entry(index))
        }
        self.rows = rows
        titles = entries.map(\.title)
        super.init()
    }

    override var canFocus: Bool { true }

    private static let bindings: KeyMap = {
        var map = KeyMap()
        map.bind(.up, to: .selectPrevious, help: "example")
        map.bind(.down, to: .selectNext, help: "example")
        return map
    }()

    override var keyBindings: KeyMap? { Self.bindings }

    override var keyHints: [KeyHint] { [KeyHint(.selectPrevious, .selectNext, help: "example")] }

    override func perform(_ intent: Intent) -> Bool {
        switch intent {
        case .selectPrevious: choose(selection - 1)
        case .selectNext: choose(selection + 1)
        case .selectFirst: choose(0)
        case .selectLast: choose(titles.count - 1)
        default: return false
        }
        return true
    }

    /// Chooses entry `index` (clamped) as the user.
    func choose(_ index: Int) {
        let index = min(max(index, 0), titles.count - 1)
        guard index != selection else { return }
        selection = index
        setNeedsDisplay()
        onSelect(index)
    }

    override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(.left) = event.kind else { return false }
        let row = top + event.position.y - frame.minY
        guard rows.indices.contains(row), case .entry(let index) = rows[row] else { return false }
        choose(index)
        return true
    }

    override func preferredSize(for proposal: Size) -> Size {
        let width =
            rows.map { row in
                switch row {
                case .heading(let text): text.count
                case .entry(let index): titles[index].count + 2
                }
            }.max() ?? 0
        // Cut off, one column more for the ▲/▼ that say so.
        let markers = rows.count > proposal.height ? 1 : 0
        return Size(width: min(width + markers, proposal.width), height: min(rows.count, proposal.height))
    }

    override var minimumSize: Size { Size(width: 12, height: 1) }

    override func draw(in canvas: inout Canvas, context: DrawContext) {
        let chosenRow = rows.firstIndex(of: .entry(selection)) ?? 0
        top = min(max(top, chosenRow - frame.height + 1), chosenRow)
        // No blank rows under the last entry once the list has room again (a terminal made
        // taller), and the first group's heading stays in view with the first entry.
        top = max(0, min(top, rows.count - frame.height))
        if chosenRow == 1 { top = 0 }
        let theme = context.theme
        for y in 0..<frame.height where top + y < rows.count {
            switch rows[top + y] {
            case .heading(let text): canvas.put(text, at: Point(x: 0, y: y), style: theme.accent.adding(.bold))
            case .entry(let index):
                guard index == selection else {
                    canvas.put("  " + titles[index], at: Point(x: 0, y: y), style: theme.normal)
                    continue
                }
                let style = isFocused ? theme.focused : theme.normal.adding(.bold)
                canvas.put("› " + titles[index], at: Point(x: 0, y: y), style: style)
            }
        }
        canvas.drawScrollMarkers(
            above: top > 0, below: top + frame.height < rows.count, size: frame.size, style: theme.accent)
    }

    override var cursorPosition: Point? { nil }
}
