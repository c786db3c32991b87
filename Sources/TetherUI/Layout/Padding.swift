/// Leaves space around one child.
@MainActor
public final class Padding: Widget {
    /// The space on each side.
    public var insets: Insets {
        didSet { setNeedsLayout() }
    }

    /// `child` with `insets` around it.
    public init(_ insets: Insets, _ child: Widget) {
        self.insets = insets
        super.init()
        addChild(child)
    }

    private var extra: Size { Size(width: insets.left + insets.right, height: insets.top + insets.bottom) }

    public override func preferredSize(for proposal: Size) -> Size {
        let inner = super.preferredSize(for: proposal.removing(extra))
        return inner.adding(extra)
    }

    /// The children's content and the rows around them.
    public override func contentHeight(for proposal: Size) -> Int {
        tallestChildContent(in: proposal.removing(extra)) + extra.height
    }

    public override var minimumSize: Size { super.minimumSize.adding(extra) }

    public override func layoutChildren() {
        for child in children where !child.isHidden { child.place(in: frame.inset(by: insets)) }
    }
}
