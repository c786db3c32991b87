/// The popups open in one application, bottom to top. The top one gets keys and clicks
/// first; all are drawn above the widget tree, in order.
@MainActor
final class OverlayStack {
    /// One open popup.
    struct Entry {
        let popup: Widget
        weak var anchor: Widget?
        let placement: PopupPlacement
        let onDismiss: (() -> Void)?
    }

    private(set) var entries: [Entry] = []

    /// The popup that gets input, if any is open.
    var top: Entry? { entries.last }
    var isEmpty: Bool { entries.isEmpty }

    func push(_ entry: Entry) { entries.append(entry) }

    /// Removes `popup` and every popup opened above it; returns them, top first.
    func remove(_ popup: Widget) -> [Entry] {
        guard let index = entries.lastIndex(where: { $0.popup === popup }) else { return [] }
        let removed = entries[index...].reversed()
        entries.removeSubrange(index...)
        return Array(removed)
    }

    /// The popup entry whose tree contains `widget`.
    func entry(containing widget: Widget) -> Entry? {
        entries.last { $0.popup.isAncestor(of: widget) }
    }

    /// Lays every popup out next to its anchor inside `bounds`. Returns the popups whose
    /// anchor is gone, hidden or out of `root`'s tree (and out of every popup below
    /// them): the caller closes those.
    func layout(in bounds: Rect, root: Widget) -> [Widget] {
        var orphans: [Widget] = []
        for (index, entry) in entries.enumerated() {
            let inTree =
                entry.anchor.map { anchor in
                    root.isAncestor(of: anchor) || entries[..<index].contains { $0.popup.isAncestor(of: anchor) }
                } ?? false
            guard inTree, let anchor = entry.anchor, !anchor.isEffectivelyHidden else {
                orphans.append(entry.popup)
                continue
            }
            let size = entry.popup.preferredSize(for: bounds.size)
            entry.popup.place(in: entry.placement.frame(anchor: anchor.frame, size: size, bounds: bounds))
        }
        return orphans
    }

    /// The topmost popup widget at `point`.
    func hitTest(_ point: Point) -> Widget? {
        for entry in entries.reversed() {
            if let hit = entry.popup.hitTest(point) { return hit }
        }
        return nil
    }
}
