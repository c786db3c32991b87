import TetherUI

/// The catalog's right-hand column: its children top to bottom at their preferred height,
/// as many as fit. One that does not fit is left out with those after it, so a short
/// terminal keeps the example (the first) and drops the view model and the code; it is as
/// wide as its space (flexible) and needs only what the first child needs.
@MainActor
final class CatalogColumn: Widget {
    init(_ children: [Widget]) {
        super.init()
        for child in children { addChild(child) }
    }

    override var isFlexible: Bool { true }

    override func preferredSize(for proposal: Size) -> Size {
        var size = Size.zero
        for child in children where !child.isHidden {
            let wanted = child.preferredSize(for: proposal)
            size = Size(width: max(size.width, wanted.width), height: size.height + wanted.height)
        }
        return Size(width: min(size.width, proposal.width), height: min(size.height, proposal.height))
    }

    override var minimumSize: Size { children.first?.minimumSize ?? .zero }

    override func layoutChildren() {
        var y = frame.minY
        var fits = true
        for child in children where !child.isHidden {
            let height = child.preferredSize(for: Size(width: frame.width, height: frame.maxY - y)).height
            fits = fits && height <= frame.maxY - y
            guard fits else {
                child.place(in: Rect(x: frame.minX, y: frame.minY, width: 0, height: 0))
                continue
            }
            child.place(in: Rect(x: frame.minX, y: y, width: frame.width, height: height))
            y += height
        }
    }
}
