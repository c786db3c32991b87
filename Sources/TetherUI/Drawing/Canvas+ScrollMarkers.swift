extension Canvas {
    /// Draws the markers of a scrolled list in its last column: `▲` in the top row when
    /// rows are above, `▼` in the bottom row when rows are below. `size` is the list's own
    /// size (the canvas's origin is its top-left corner). Every list that is cut off says so
    /// this way: a widget of your own that scrolls calls it after drawing its rows, keeping
    /// its last column free.
    public mutating func drawScrollMarkers(above: Bool, below: Bool, size: Size, style: Style) {
        guard size.width > 0, size.height > 0 else { return }
        if above { put("▲", at: Point(x: size.width - 1, y: 0), style: style) }
        if below { put("▼", at: Point(x: size.width - 1, y: size.height - 1), style: style) }
    }
}
