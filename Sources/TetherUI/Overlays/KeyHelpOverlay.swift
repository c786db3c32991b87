/// The help overlay: every key binding with its help, the focused widget's first, one per
/// row (`Tab        next`), in a bordered modal popup titled `Keys`. Opened by
/// ``Application/showKeyHelp()`` (`?` or F1 while ``Application/showsKeyHelp`` is on); Esc,
/// `?`, F1 or Enter close it.
@MainActor
final class KeyHelpOverlay: Widget {
    let entries: [KeyHelp]
    private let keyColumn: Int

    init(entries: [KeyHelp]) {
        self.entries = entries
        keyColumn = entries.reduce(0) { max($0, $1.keyNames.terminalWidth) }
        super.init()
    }

    /// It takes focus, so that keys come to it while it is open.
    override var canFocus: Bool { true }

    override func perform(_ intent: Intent) -> Bool {
        switch intent {
        case .cancel, .showHelp, .activate:
            dismissPopup()
            return true
        default:
            return false
        }
    }

    /// Any other typed character is swallowed: nothing under the overlay is typed into.
    override func insertText(_ text: String) -> Bool { true }

    override func preferredSize(for proposal: Size) -> Size {
        let widest = entries.reduce(0) { max($0, keyColumn + 2 + $1.help.terminalWidth) }
        return Size(width: min(proposal.width, widest + 2), height: min(proposal.height, entries.count))
    }

    override var minimumSize: Size { Size(width: 3, height: min(1, entries.count)) }

    override func draw(in canvas: inout Canvas, context: DrawContext) {
        for (row, entry) in entries.enumerated() {
            let names = entry.keyNames
            let padding = String(repeating: " ", count: keyColumn - names.terminalWidth + 2)
            canvas.put(" " + names, at: Point(x: 0, y: row), style: context.theme.accent)
            canvas.put(padding + entry.help, at: Point(x: 1 + names.terminalWidth, y: row), style: context.theme.normal)
        }
    }

    override var description: String { "KeyHelpOverlay(\(entries.count) entries)" }
}
