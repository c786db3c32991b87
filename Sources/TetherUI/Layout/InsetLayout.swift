// What the containers that put space around their children (Padding, Panel) share.

extension Size {
    /// `self` less `extra` on each axis: what an inset container offers its children.
    func removing(_ extra: Size) -> Size { Size(width: width - extra.width, height: height - extra.height) }

    /// `self` plus `extra` on each axis: an inset container around children of this size.
    func adding(_ extra: Size) -> Size { Size(width: width + extra.width, height: height + extra.height) }
}

extension Widget {
    /// The content height of the tallest visible child offered `inner`.
    func tallestChildContent(in inner: Size) -> Int {
        var height = 0
        for child in children where !child.isHidden { height = max(height, child.contentHeight(for: inner)) }
        return height
    }
}
