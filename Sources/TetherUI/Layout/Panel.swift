/// A bordered box with an optional title in its top border, around one child.
@MainActor
public final class Panel: Widget {
    /// The title shown in the top border.
    public var title: String? {
        didSet { setNeedsDisplay() }
    }
    /// Space between the border and the child.
    public var padding: Insets {
        didSet { setNeedsLayout() }
    }

    /// A panel around `child`.
    public init(title: String? = nil, padding: Insets = Insets(horizontal: 1), _ child: Widget) {
        self.title = title
        self.padding = padding
        super.init()
        addChild(child)
    }

    private var extra: Size {
        Size(width: 2 + padding.left + padding.right, height: 2 + padding.top + padding.bottom)
    }

    public override func preferredSize(for proposal: Size) -> Size {
        let inner = super.preferredSize(for: proposal.removing(extra))
        let titleWidth = (title?.terminalWidth ?? 0) + 6
        return Size(width: max(inner.width + extra.width, titleWidth), height: inner.height + extra.height)
    }

    /// The children's content and the rows around them.
    public override func contentHeight(for proposal: Size) -> Int {
        tallestChildContent(in: proposal.removing(extra)) + extra.height
    }

    public override var minimumSize: Size { super.minimumSize.adding(extra) }

    public override func layoutChildren() {
        let inner = frame.inset(
            by: Insets(
                top: 1 + padding.top, left: 1 + padding.left,
                bottom: 1 + padding.bottom, right: 1 + padding.right))
        for child in children where !child.isHidden { child.place(in: inner) }
    }

    public override func draw(in canvas: inout Canvas, context: DrawContext) {
        canvas.drawBox(
            Rect(origin: .zero, size: frame.size), style: context.theme.border, title: title,
            titleStyle: context.theme.accent)
    }
}
