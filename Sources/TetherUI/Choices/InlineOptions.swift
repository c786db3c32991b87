/// Options drawn in place with a marker before each title (`(•) France`, `[x] Email`): one
/// per row, or side by side two columns apart. Shared by ``Picker`` and ``CheckList``.
extension OptionList {
    private static var gap: Int { 2 }

    /// The columns one option takes: marker, space, title.
    private func itemWidth(_ index: Int, markerWidth: Int) -> Int {
        markerWidth + 1 + titles[index].terminalWidth
    }

    /// Where each option starts, relative to the widget's top-left corner.
    func inlineOrigins(axis: ChoiceAxis, markerWidth: Int) -> [Point] {
        switch axis {
        case .vertical:
            return options.indices.map { Point(x: 0, y: $0) }
        case .horizontal:
            var x = 0
            return options.indices.map { index in
                defer { x += itemWidth(index, markerWidth: markerWidth) + Self.gap }
                return Point(x: x, y: 0)
            }
        }
    }

    /// The size that shows every option whole.
    func inlineSize(axis: ChoiceAxis, markerWidth: Int) -> Size {
        switch axis {
        case .vertical:
            return Size(width: isEmpty ? 0 : markerWidth + 1 + widestTitle, height: count)
        case .horizontal:
            let widths = options.indices.reduce(0) { $0 + itemWidth($1, markerWidth: markerWidth) }
            return Size(width: widths + max(0, count - 1) * Self.gap, height: isEmpty ? 0 : 1)
        }
    }

    /// The option at `point` (relative to the widget), if any.
    func inlineIndex(at point: Point, axis: ChoiceAxis, markerWidth: Int) -> Int? {
        switch axis {
        case .vertical:
            return point.y >= 0 && point.y < count ? point.y : nil
        case .horizontal:
            let origins = inlineOrigins(axis: axis, markerWidth: markerWidth)
            return origins.indices.last { origins[$0].x <= point.x }
                .flatMap { point.x < origins[$0].x + itemWidth($0, markerWidth: markerWidth) ? $0 : nil }
        }
    }

    /// The size of a widget showing every option whole with a three-column marker, within `proposal`.
    func inlinePreferredSize(axis: ChoiceAxis, within proposal: Size) -> Size {
        let size = inlineSize(axis: axis, markerWidth: 3)
        return Size(width: min(size.width, proposal.width), height: min(size.height, proposal.height))
    }

    /// The smallest size of such a widget: every row of a vertical list, a few columns.
    func inlineMinimumSize(axis: ChoiceAxis) -> Size {
        Size(width: isEmpty ? 0 : 5, height: axis == .vertical ? count : min(1, count))
    }

    /// The enabled option under `position` (the terminal's) on a widget at `frame`, if any.
    func enabledIndex(at position: Point, in frame: Rect, axis: ChoiceAxis) -> Int? {
        let point = Point(x: position.x - frame.minX, y: position.y - frame.minY)
        guard let index = inlineIndex(at: point, axis: axis, markerWidth: 3), isEnabled(index) else { return nil }
        return index
    }

    /// Draws every option: `marker(index)` then its title, truncated with `…` to the
    /// widget's width. The marker at `cursor` is drawn focused while `focused`; disabled
    /// options (or a disabled widget) are dimmed.
    func drawInline(
        in canvas: inout Canvas, width: Int, axis: ChoiceAxis, theme: Theme,
        cursor: Int?, focused: Bool, enabled: Bool, marker: (Int) -> String
    ) {
        let origins = inlineOrigins(axis: axis, markerWidth: marker(0).terminalWidth)
        for index in options.indices {
            let origin = origins[index]
            guard origin.x < width else { break }
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
