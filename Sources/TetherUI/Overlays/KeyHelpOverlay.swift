/// The help overlay: every key binding with its help, the focused widget's first, one per
/// row (`Tab        next`), in a bordered modal popup titled `Keys`. Opened by
/// ``Application/showKeyHelp()`` (`?` or F1 while ``Application/showsKeyHelp`` is on); Esc,
/// `?`, F1 or Enter close it. Taller than the screen, it shows `▼`/`▲` where entries are cut
/// off, and ↑/↓ and Page Up/Down scroll it.
@MainActor
final class KeyHelpOverlay: Widget {
    let entries: [KeyHelp]
    private let keyColumn: Int
    /// The first entry shown.
    private var top = 0

    init(entries: [KeyHelp]) {
        self.entries = entries
        keyColumn = entries.reduce(0) { max($0, $1.keyNames.terminalWidth) }
        super.init()
    }

    /// It takes focus, so that keys come to it while it is open.
    override var canFocus: Bool { true }

    /// What Enter and Esc do here, for the key-help bar: they close the list.
    override var keyBindings: KeyMap? { Self.closing }

    private static let closing: KeyMap = {
        var map = KeyMap()
        map.setHelp("close", for: .activate)
        map.setHelp("close", for: .cancel)
        return map
    }()

    override func perform(_ intent: Intent) -> Bool {
        switch intent {
        case .cancel, .showHelp, .activate:
            dismissPopup()
            return true
        case .focusUp, .selectPrevious: return scroll(by: -1)
        case .focusDown, .selectNext: return scroll(by: 1)
        case .movePageUp, .selectPreviousPage: return scroll(by: -max(1, frame.height - 1))
        case .movePageDown, .selectNextPage: return scroll(by: max(1, frame.height - 1))
        default:
            return false
        }
    }

    /// Scrolls by `rows` within the entries; always handled (nothing under it moves).
    private func scroll(by rows: Int) -> Bool {
        let newTop = max(0, min(top + rows, entries.count - frame.height))
        if newTop != top {
            top = newTop
            setNeedsDisplay()
        }
        return true
    }

    /// Any other typed character is swallowed: nothing under the overlay is typed into.
    override func insertText(_ text: String) -> Bool { true }

    override func preferredSize(for proposal: Size) -> Size {
        // A space on each side; the last column takes the ▲/▼ of a list cut off.
        let widest = entries.reduce(0) { max($0, keyColumn + 2 + $1.help.terminalWidth) }
        return Size(width: min(proposal.width, widest + 2), height: min(proposal.height, entries.count))
    }

    override var minimumSize: Size { Size(width: 3, height: min(1, entries.count)) }

    override func draw(in canvas: inout Canvas, context: DrawContext) {
        top = max(0, min(top, entries.count - frame.height))
        for (row, entry) in entries.dropFirst(top).prefix(frame.height).enumerated() {
            let names = entry.keyNames
            let padding = String(repeating: " ", count: keyColumn - names.terminalWidth + 2)
            canvas.put(" " + names, at: Point(x: 0, y: row), style: context.theme.accent)
            canvas.put(padding + entry.help, at: Point(x: 1 + names.terminalWidth, y: row), style: context.theme.normal)
        }
        canvas.drawScrollMarkers(
            above: top > 0, below: top + frame.height < entries.count, size: frame.size, style: context.theme.accent)
    }

    override var description: String { "KeyHelpOverlay(\(entries.count) entries)" }
}
