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
        let inner = super.preferredSize(
            for: Size(width: proposal.width - extra.width, height: proposal.height - extra.height))
        return Size(width: inner.width + extra.width, height: inner.height + extra.height)
    }

    /// The children's content and the rows around them.
    public override func contentHeight(for proposal: Size) -> Int {
        let inner = Size(width: proposal.width - extra.width, height: proposal.height - extra.height)
        var height = 0
        for child in children where !child.isHidden { height = max(height, child.contentHeight(for: inner)) }
        return height + extra.height
    }

    public override var minimumSize: Size {
        let inner = super.minimumSize
        return Size(width: inner.width + extra.width, height: inner.height + extra.height)
    }

    public override func layoutChildren() {
        for child in children where !child.isHidden { child.place(in: frame.inset(by: insets)) }
    }
}
