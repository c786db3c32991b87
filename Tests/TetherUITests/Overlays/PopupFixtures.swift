import TetherUI

/// A focusable widget drawn as `[open]` that presents its popup on Enter or a click.
@MainActor
final class Opener: Widget {
    let popup: Widget
    var placement: PopupPlacement = .below
    var dismissals = 0

    init(popup: Widget) {
        self.popup = popup
        super.init()
    }

    override var canFocus: Bool { true }

    override func perform(_ intent: Intent) -> Bool {
        guard intent == .activate else { return false }
        open()
        return true
    }

    override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(.left) = event.kind else { return false }
        open()
        return true
    }

    func open() { presentPopup(popup, placement: placement) { [weak self] in self?.dismissals += 1 } }

    override func preferredSize(for proposal: Size) -> Size { Size(width: min(6, proposal.width), height: 1) }

    override func draw(in canvas: inout Canvas, context: DrawContext) {
        canvas.put("[open]", at: .zero, style: context.theme.normal)
    }
}

/// A minimal popup: a list of options with a `>` at the selected one; ↑/↓ move, typed
/// text shows after `?`, Enter chooses and closes.
@MainActor
final class ListPopup: Widget {
    let options: [String]
    var selected = 0
    var typed = ""
    var chosen: [String] = []

    init(_ options: [String]) {
        self.options = options
        super.init()
    }

    override var canFocus: Bool { true }

    override func perform(_ intent: Intent) -> Bool {
        switch intent {
        case .focusDown: selected = min(options.count - 1, selected + 1)
        case .focusUp: selected = max(0, selected - 1)
        case .activate:
            chosen.append(options[selected])
            dismissPopup()
            return true
        default: return false
        }
        setNeedsDisplay()
        return true
    }

    override func insertText(_ text: String) -> Bool {
        typed += text
        setNeedsLayout()
        return true
    }

    override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(.left) = event.kind else { return false }
        selected = max(0, min(options.count - 1, event.position.y - frame.minY))
        return perform(.activate)
    }

    private var lines: [String] {
        options.enumerated().map { ($0.offset == selected ? ">" : " ") + $0.element }
            + (typed.isEmpty ? [] : ["?" + typed])
    }

    override func preferredSize(for proposal: Size) -> Size {
        Size(width: lines.map(\.count).max() ?? 0, height: lines.count)
    }

    override func draw(in canvas: inout Canvas, context: DrawContext) {
        for (row, line) in lines.enumerated() {
            canvas.put(line.padding(toLength: frame.width), at: Point(x: 0, y: row), style: context.theme.normal)
        }
    }
}

extension String {
    /// The string cut or padded with spaces to `length` characters.
    func padding(toLength length: Int) -> String {
        count >= length ? String(prefix(length)) : self + String(repeating: " ", count: length - count)
    }
}
