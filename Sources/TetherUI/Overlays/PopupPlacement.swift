/// Where a popup opens relative to the widget it is anchored to.
public enum PopupPlacement: Hashable, Sendable {
    /// Below the anchor, left edges aligned; above it when there is more room there than
    /// below and the popup does not fit below (a field near the bottom edge).
    case below
    /// Above the anchor; below it when there is more room there and it does not fit above.
    case above
    /// Centred on the screen (on the band, inline), wherever the anchor is; cut to the
    /// screen when larger. Dialogs open here.
    case centered

    /// The popup's frame for an anchor at `anchor`, with a popup that would like `size`, on
    /// a screen of `bounds`: flipped to the side with more room when it does not fit,
    /// shortened to the room on its side, and moved left (then cut) to stay on screen.
    func frame(anchor: Rect, size: Size, bounds: Rect) -> Rect {
        let width = min(size.width, bounds.width)
        if self == .centered {
            let height = min(size.height, bounds.height)
            return Rect(
                x: bounds.minX + (bounds.width - width) / 2, y: bounds.minY + (bounds.height - height) / 2,
                width: width, height: height)
        }
        let roomBelow = max(0, bounds.maxY - anchor.maxY)
        let roomAbove = max(0, anchor.minY - bounds.minY)
        let opensBelow =
            self == .below
            ? size.height <= roomBelow || roomBelow >= roomAbove
            : !(size.height <= roomAbove || roomAbove >= roomBelow)
        let height = min(size.height, opensBelow ? roomBelow : roomAbove)
        let y = opensBelow ? anchor.maxY : anchor.minY - height
        let x = max(bounds.minX, min(anchor.minX, bounds.maxX - width))
        return Rect(x: x, y: y, width: width, height: height)
    }
}
