/// Centres one child at its preferred size.
@MainActor
public final class Center: Widget {
    /// `child`, centred in whatever space this widget gets.
    public init(_ child: Widget) {
        super.init()
        addChild(child)
    }

    public override func preferredSize(for proposal: Size) -> Size { proposal }

    public override func layoutChildren() {
        for child in children where !child.isHidden {
            let size = child.preferredSize(for: frame.size)
            let width = min(size.width, frame.width), height = min(size.height, frame.height)
            child.place(
                in: Rect(
                    x: frame.minX + (frame.width - width) / 2, y: frame.minY + (frame.height - height) / 2,
                    width: width, height: height))
        }
    }
}
