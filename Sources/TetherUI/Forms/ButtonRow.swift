import TetherReactive

/// A row of buttons, left to right, one column apart. While one of its buttons has focus,
/// ←/→ (``Intent/moveLeft``/``Intent/moveRight``, or a slider's ``Intent/decrement``/
/// ``Intent/increment`` when rebound) move focus to the previous or next button that accepts
/// it, stopping at either end; Tab and Shift-Tab move on as everywhere else. It works in any
/// container (a ``Form`` makes one with ``Form/addButtons(_:default:)``) and in every
/// presentation.
@MainActor
public final class ButtonRow: Widget {
    /// The buttons, left to right.
    public let buttons: [Button]

    /// A row of `buttons`, left to right. The row owns them: each becomes its child.
    public init(_ buttons: [Button]) {
        self.buttons = buttons
        super.init()
        for button in buttons { addChild(button) }
    }

    public override func preferredSize(for proposal: Size) -> Size {
        // Loops, not `filter` and `reduce`: their closures would check the executor on every call.
        var width = 0
        for button in buttons where !button.isHidden { width += button.preferredSize(for: proposal).width + 1 }
        return Size(width: min(proposal.width, max(0, width - 1)), height: 1)
    }

    public override var minimumSize: Size {
        var width = 0
        for button in buttons where !button.isHidden { width += button.minimumSize.width + 1 }
        return Size(width: width, height: 1)
    }

    public override func layoutChildren() {
        var x = frame.minX
        for button in buttons where !button.isHidden {
            let width = min(button.preferredSize(for: frame.size).width, max(0, frame.maxX - x))
            button.place(in: Rect(x: x, y: frame.minY, width: width, height: 1))
            x += width + 1
        }
    }

    public override func perform(_ intent: Intent) -> Bool {
        let focused = hostFocusedWidget
        guard intent == .moveLeft || intent == .moveRight || intent == .decrement || intent == .increment,
            let index = buttons.firstIndex(where: { $0 === focused })
        else { return false }
        let forward = intent == .moveRight || intent == .increment
        var next = index
        repeat {
            next = forward ? next + 1 : next - 1
        } while next >= 0 && next < buttons.count && !buttons[next].acceptsFocus
        if next >= 0 && next < buttons.count { buttons[next].focus() }
        return true
    }
}
