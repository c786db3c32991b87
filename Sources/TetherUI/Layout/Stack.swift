/// Lays its children out in a column (``VStack``) or a row (``HStack``).
///
/// Each child gets its preferred size along the stack, in order, until the space runs out;
/// then the flexible children (``Widget/isFlexible``: a ``Spacer``, a ``Center``, a stack
/// holding one) share what the others left, evenly. So `VStack([Center(form), helpBar])`
/// puts the help bar on the bottom row and centres the form in the rows above it.
@MainActor
public class Stack: Widget {
    /// The direction children follow each other.
    public enum Axis: Sendable { case vertical, horizontal }

    /// How children are placed across the axis.
    public enum Alignment: Sendable {
        /// Children take their preferred cross size at the start.
        case leading
        /// Children take their preferred cross size, centred.
        case center
        /// Children take the whole cross size.
        case fill
    }

    var axis: Axis
    /// Cells between children.
    public var spacing: Int {
        didSet { setNeedsLayout() }
    }
    /// Cross-axis placement.
    public var alignment: Alignment {
        didSet { setNeedsLayout() }
    }

    init(axis: Axis, spacing: Int, alignment: Alignment, children: [Widget]) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        super.init()
        for child in children { addChild(child) }
    }

    // Loops rather than `filter` and `contains`: a closure that reads main-actor state,
    // called by the standard library, checks the executor at run time on every call (about
    // 200 instructions), and layout asks these of every stack many times (a quarter of a
    // million instructions of login-demo's start-up, issue 24).
    private var visibleChildren: [Widget] {
        var visible: [Widget] = []
        for child in children where !child.isHidden { visible.append(child) }
        return visible
    }

    /// A stack with a flexible child is flexible itself: it takes the space it is offered.
    public override var isFlexible: Bool {
        for child in children where !child.isHidden && child.isFlexible { return true }
        return false
    }

    private func mainSize(_ size: Size) -> Int { axis == .vertical ? size.height : size.width }
    private func crossSize(_ size: Size) -> Int { axis == .vertical ? size.width : size.height }
    private func size(main: Int, cross: Int) -> Size {
        axis == .vertical ? Size(width: cross, height: main) : Size(width: main, height: cross)
    }

    /// The main-axis size of each visible child within `space`: the fixed children take
    /// their preferred sizes in order, then the flexible ones share what is left evenly.
    /// `measured` keeps each fixed child's preferred size where it got all of it (its cross
    /// size at that main size), so that callers do not ask again: nested stacks that asked
    /// twice measured their leaves 2^depth times.
    private func mainSizes(of visible: [Widget], in space: Size) -> (sizes: [Int], measured: [Size?]) {
        var remaining = mainSize(space) - max(0, visible.count - 1) * spacing
        var sizes = [Int](repeating: 0, count: visible.count)
        var measured = [Size?](repeating: nil, count: visible.count)
        var flexible: [Int] = []
        for (index, child) in visible.enumerated() {
            if child.isFlexible {
                flexible.append(index)
                continue
            }
            let preferred = child.preferredSize(for: size(main: max(0, remaining), cross: crossSize(space)))
            sizes[index] = min(mainSize(preferred), max(0, remaining))
            if sizes[index] == mainSize(preferred) { measured[index] = preferred }
            remaining -= sizes[index]
        }
        for (order, index) in flexible.enumerated() {
            let share = max(0, remaining) / flexible.count + (order < max(0, remaining) % flexible.count ? 1 : 0)
            sizes[index] = share
        }
        return (sizes, measured)
    }

    /// The cross size `child` wants at `main` within `cross`: what ``mainSizes(of:in:)``
    /// measured, or a new measure.
    private func crossSize(of child: Widget, main: Int, cross: Int, measured: Size?) -> Int {
        crossSize(measured ?? child.preferredSize(for: size(main: main, cross: cross)))
    }

    public override func preferredSize(for proposal: Size) -> Size {
        let visible = visibleChildren
        let (sizes, measured) = mainSizes(of: visible, in: proposal)
        var cross = 0
        for index in visible.indices {
            cross = max(
                cross,
                crossSize(of: visible[index], main: sizes[index], cross: crossSize(proposal), measured: measured[index])
            )
        }
        let flexible = isFlexible
        var main = max(0, visible.count - 1) * spacing
        for length in sizes { main += length }
        return size(
            main: flexible ? mainSize(proposal) : main,
            cross: flexible && alignment == .fill ? crossSize(proposal) : cross)
    }

    public override var minimumSize: Size {
        let visible = visibleChildren
        var main = max(0, visible.count - 1) * spacing, cross = 0
        for child in visible {
            let size = child.minimumSize
            main += mainSize(size)
            cross = max(cross, crossSize(size))
        }
        return size(main: main, cross: cross)
    }

    public override func layoutChildren() {
        let visible = visibleChildren
        let (sizes, measured) = mainSizes(of: visible, in: frame.size)
        let crossAvailable = crossSize(frame.size)
        var offset = 0
        for (index, child) in visible.enumerated() {
            if index > 0 { offset += spacing }
            let wanted = crossSize(of: child, main: sizes[index], cross: crossAvailable, measured: measured[index])
            let cross = alignment == .fill ? crossAvailable : min(wanted, crossAvailable)
            let crossOffset = alignment == .center ? (crossAvailable - cross) / 2 : 0
            let mainSize = min(sizes[index], max(0, mainSize(frame.size) - offset))
            child.place(
                in: axis == .vertical
                    ? Rect(x: frame.minX + crossOffset, y: frame.minY + offset, width: cross, height: mainSize)
                    : Rect(x: frame.minX + offset, y: frame.minY + crossOffset, width: mainSize, height: cross))
            offset += mainSize
        }
    }
}

/// Children in a column, top to bottom.
@MainActor
public final class VStack: Stack {
    /// A column of `children`, `spacing` rows apart.
    public init(spacing: Int = 0, alignment: Alignment = .fill, _ children: [Widget]) {
        super.init(axis: .vertical, spacing: spacing, alignment: alignment, children: children)
    }
}

/// Children in a row, left to right.
@MainActor
public final class HStack: Stack {
    /// A row of `children`, `spacing` columns apart.
    public init(spacing: Int = 1, alignment: Alignment = .leading, _ children: [Widget]) {
        super.init(axis: .horizontal, spacing: spacing, alignment: alignment, children: children)
    }
}

/// A primary widget with a secondary one beside it when there is room, under it when the
/// space is narrow, and left out when it fits neither way.
///
/// The login demo puts its view-model panel beside the form on a wide terminal, under it
/// on a narrow one, and leaves it out on a tiny one. Only the primary widget counts
/// towards the minimum size.
@MainActor
public final class AdaptiveStack: Widget {
    /// Cells between the two widgets.
    public var spacing: Int
    private let primary: Widget
    private let secondary: Widget

    /// The arrangement in use after the last layout.
    public enum Arrangement: Sendable { case beside, below, primaryOnly }
    /// How the widgets were arranged by the last layout.
    public private(set) var arrangement: Arrangement = .beside

    /// `secondary` beside or under `primary`.
    public init(spacing: Int = 2, primary: Widget, secondary: Widget) {
        self.spacing = spacing
        self.primary = primary
        self.secondary = secondary
        super.init()
        addChild(primary)
        addChild(secondary)
    }

    /// What the arrangement for a space rests on, each measured once: the primary's
    /// preferred size, the secondary's with the whole space offered, and with the space
    /// under the primary when beside did not fit.
    private struct Measures {
        var arrangement: Arrangement
        var first: Size
        var natural: Size
        var below: Size?
    }

    private func measure(in space: Size) -> Measures {
        let first = primary.preferredSize(for: space)
        // Beside only when the secondary gets its natural width (what it wants with the
        // whole space offered), so a label is never squeezed to "…" next to the primary.
        let natural = secondary.preferredSize(for: space)
        var measures = Measures(arrangement: .primaryOnly, first: first, natural: natural)
        if !secondary.isHidden, first.width + spacing + natural.width <= space.width,
            max(first.height, natural.height) <= space.height
        {
            measures.arrangement = .beside
            return measures
        }
        let below = secondary.preferredSize(
            for: Size(width: space.width, height: space.height - first.height - spacing))
        measures.below = below
        if !secondary.isHidden, first.height + spacing + below.height <= space.height, below.width <= space.width {
            measures.arrangement = .below
        }
        return measures
    }

    public override func preferredSize(for proposal: Size) -> Size {
        let measures = measure(in: proposal)
        let first = measures.first
        switch measures.arrangement {
        case .beside:
            let second = secondary.preferredSize(
                for: Size(width: proposal.width - first.width - spacing, height: proposal.height))
            return Size(width: first.width + spacing + second.width, height: max(first.height, second.height))
        case .below:
            let second = measures.below ?? .zero
            return Size(width: max(first.width, second.width), height: first.height + spacing + second.height)
        case .primaryOnly:
            return first
        }
    }

    public override var minimumSize: Size { primary.minimumSize }

    public override func layoutChildren() {
        let measures = measure(in: frame.size)
        arrangement = measures.arrangement
        let first = measures.first
        switch arrangement {
        case .beside:
            let height = max(first.height, measures.natural.height)
            primary.place(in: Rect(x: frame.minX, y: frame.minY, width: first.width, height: min(height, frame.height)))
            let x = frame.minX + first.width + spacing
            let second = secondary.preferredSize(for: Size(width: frame.maxX - x, height: frame.height))
            secondary.place(in: Rect(x: x, y: frame.minY, width: second.width, height: min(height, frame.height)))
        case .below:
            let width = frame.width
            primary.place(in: Rect(x: frame.minX, y: frame.minY, width: width, height: min(first.height, frame.height)))
            let y = frame.minY + first.height + spacing
            // The space under the primary, as measure(in:) offered it.
            let second = measures.below ?? .zero
            secondary.place(
                in: Rect(x: frame.minX, y: y, width: width, height: min(second.height, max(0, frame.maxY - y))))
        case .primaryOnly:
            primary.place(
                in: Rect(
                    x: frame.minX, y: frame.minY, width: min(first.width, frame.width),
                    height: min(first.height, frame.height)))
            secondary.place(in: .zero)
        }
    }

    public override func drawChildren(in canvas: inout Canvas, context: DrawContext) {
        primary.drawTree(in: &canvas, context: context)
        if arrangement != .primaryOnly { secondary.drawTree(in: &canvas, context: context) }
    }
}
