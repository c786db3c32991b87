/// Centres one child, at the child's preferred size, in all the space this widget gets.
///
/// A centre is flexible (``Widget/isFlexible``): alone it takes the whole screen; in a
/// stack it takes the space the stack's other children leave, so a help bar or a footer
/// under it keeps its row.
///
/// The child keeps its top-left corner while the centre's own space stays the same and
/// the child still fits from there: a validation message that comes or goes, or a step of
/// another height, moves nothing on screen. A resize centres it again.
@MainActor
public final class Center: Widget {
    /// `child`, centred in whatever space this widget gets.
    public init(_ child: Widget) {
        super.init()
        addChild(child)
    }

    public override var isFlexible: Bool { true }

    public override func preferredSize(for proposal: Size) -> Size { proposal }

    /// What the centred child needs, not the space the centre fills.
    public override func contentHeight(for proposal: Size) -> Int {
        for child in children where !child.isHidden { return child.contentHeight(for: proposal) }
        return 0
    }

    /// The space and the child's corner of the last layout: while the space stays the same
    /// the corner stays where it was, so the child grows and shrinks without moving.
    private var anchor: (child: ObjectIdentifier, space: Rect, corner: Point)?

    public override func layoutChildren() {
        for child in children where !child.isHidden {
            let size = child.preferredSize(for: frame.size)
            let width = min(size.width, frame.width), height = min(size.height, frame.height)
            var corner = Point(x: frame.minX + (frame.width - width) / 2, y: frame.minY + (frame.height - height) / 2)
            if let anchor, anchor.child == ObjectIdentifier(child), anchor.space == frame,
                anchor.corner.x + width <= frame.maxX,
                anchor.corner.y + height <= frame.maxY
            {
                corner = anchor.corner
            }
            anchor = (ObjectIdentifier(child), frame, corner)
            child.place(in: Rect(x: corner.x, y: corner.y, width: width, height: height))
        }
    }
}

/// Empty space that takes what its stack's other children leave (shared with any other
/// flexible child): `VStack([form, Spacer(), helpBar])` keeps the help bar on the bottom
/// row.
@MainActor
public final class Spacer: Widget {
    /// A flexible gap.
    public override init() { super.init() }

    public override var isFlexible: Bool { true }

    public override func preferredSize(for proposal: Size) -> Size { .zero }
}
