/// Options drawn in place with a marker before each title (`(•) France`, `[x] Email`): one
/// per row, or side by side two columns apart, in reading order, wrapping onto more rows
/// where the next option would pass the widget's width. Shared by ``Picker`` and
/// ``CheckList``.
extension OptionList {
    private static var gap: Int { 2 }

    /// The columns one option takes: marker, space, title.
    private func itemWidth(_ index: Int, markerWidth: Int) -> Int {
        markerWidth + 1 + titles[index].terminalWidth
    }

    /// Where each option starts, relative to the widget's top-left corner, for a widget
    /// `width` columns wide: a horizontal option that would pass the width starts a new row
    /// (an option wider than the whole width gets a row of its own, and is cut when drawn).
    func inlineOrigins(axis: ChoiceAxis, markerWidth: Int, width: Int) -> [Point] {
        switch axis {
        case .vertical:
            return options.indices.map { Point(x: 0, y: $0) }
        case .horizontal:
            var x = 0, y = 0
            return options.indices.map { index in
                let itemWidth = itemWidth(index, markerWidth: markerWidth)
                if x > 0 && x + itemWidth > width {
                    x = 0
                    y += 1
                }
                defer { x += itemWidth + Self.gap }
                return Point(x: x, y: y)
            }
        }
    }

    /// The size that shows every option, wrapped to `width` (whole unless wider than it).
    func inlineSize(axis: ChoiceAxis, markerWidth: Int, width: Int) -> Size {
        switch axis {
        case .vertical:
            return Size(width: isEmpty ? 0 : markerWidth + 1 + widestTitle, height: count)
        case .horizontal:
            let origins = inlineOrigins(axis: axis, markerWidth: markerWidth, width: width)
            let right = origins.indices.reduce(0) { max($0, origins[$1].x + itemWidth($1, markerWidth: markerWidth)) }
            return Size(width: right, height: origins.last.map { $0.y + 1 } ?? 0)
        }
    }

    /// The option at `point` (relative to a widget `width` columns wide), if any.
    func inlineIndex(at point: Point, axis: ChoiceAxis, markerWidth: Int, width: Int) -> Int? {
        switch axis {
        case .vertical:
            return point.y >= 0 && point.y < count ? point.y : nil
        case .horizontal:
            let origins = inlineOrigins(axis: axis, markerWidth: markerWidth, width: width)
            return origins.indices.first { index in
                let origin = origins[index]
                return origin.y == point.y && origin.x <= point.x
                    && point.x < origin.x + itemWidth(index, markerWidth: markerWidth)
            }
        }
    }

    /// The size of a widget showing every option with a three-column marker, within
    /// `proposal`: a horizontal list wraps to the proposed width and is as tall as its rows.
    func inlinePreferredSize(axis: ChoiceAxis, within proposal: Size) -> Size {
        let size = inlineSize(axis: axis, markerWidth: 3, width: max(1, proposal.width))
        return Size(width: min(size.width, proposal.width), height: min(size.height, proposal.height))
    }

    /// The smallest size of such a widget: every row of a vertical list, a few columns.
    func inlineMinimumSize(axis: ChoiceAxis) -> Size {
        Size(width: isEmpty ? 0 : 5, height: axis == .vertical ? count : min(1, count))
    }

    /// The enabled option under `position` (the terminal's) on a widget at `frame`, if any.
    func enabledIndex(at position: Point, in frame: Rect, axis: ChoiceAxis) -> Int? {
        let point = Point(x: position.x - frame.minX, y: position.y - frame.minY)
        guard let index = inlineIndex(at: point, axis: axis, markerWidth: 3, width: frame.width), isEnabled(index)
        else { return nil }
        return index
    }

    /// Draws every option: `marker(index)` then its title, wrapped as ``inlineOrigins(axis:markerWidth:width:)``
    /// says, a title wider than the widget truncated with `…`. The marker at `cursor` is
    /// drawn focused while `focused`; disabled options (or a disabled widget) are dimmed.
    func drawInline(
        in canvas: inout Canvas, width: Int, axis: ChoiceAxis, theme: Theme,
        cursor: Int?, focused: Bool, enabled: Bool, marker: (Int) -> String
    ) {
        let origins = inlineOrigins(axis: axis, markerWidth: marker(0).terminalWidth, width: width)
        for index in options.indices {
            let origin = origins[index]
            let optionEnabled = enabled && isEnabled(index)
            let markerStyle = theme.style(enabled: optionEnabled, focused: focused && cursor == index)
            let used = canvas.put(marker(index), at: origin, style: markerStyle)
            let room = width - origin.x - used - 1
            let title = titles[index].truncated(toWidth: room)
            canvas.put(
                " " + title, at: Point(x: origin.x + used, y: origin.y),
                style: optionEnabled ? theme.normal : theme.disabled)
        }
    }
}
