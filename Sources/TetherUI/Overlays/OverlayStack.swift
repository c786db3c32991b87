/// How an open popup is framed and how it treats the rest of the screen.
struct PopupChrome {
    /// A box in the theme's border style around the popup, one cell outside its frame
    /// (left out when the room on screen leaves no column, or fewer than three rows or the
    /// popup's whole height, inside it).
    var bordered = true
    /// A title in the top border.
    var title: String?
    /// A press outside a modal popup is swallowed (it neither closes the popup nor reaches
    /// what is under the pointer), and nothing below it can be hit.
    var isModal = false
}

/// The popups open in one application, bottom to top. The top one gets keys and clicks
/// first; all are drawn above the widget tree, in order, each over an opaque frame: every
/// cell of its frame (border included) is painted, whatever was drawn below.
@MainActor
final class OverlayStack {
    /// One open popup.
    struct Entry {
        let popup: Widget
        weak var anchor: Widget?
        let placement: PopupPlacement
        let chrome: PopupChrome
        let onDismiss: (() -> Void)?
        /// The widget that had focus when the popup opened: focus goes back to it.
        weak var returnFocus: Widget?
        /// The popup's frame with its border, as last laid out.
        var outerFrame: Rect = .zero
        /// Whether the border is drawn (it is left out when there is no room inside it).
        var showsBorder = false

        init(
            popup: Widget, anchor: Widget, placement: PopupPlacement, chrome: PopupChrome,
            returnFocus: Widget?, onDismiss: (() -> Void)?
        ) {
            self.popup = popup
            self.anchor = anchor
            self.placement = placement
            self.chrome = chrome
            self.returnFocus = returnFocus
            self.onDismiss = onDismiss
        }
    }

    /// Where a mouse press lands while popups are open.
    enum PressTarget {
        /// On a popup's widget.
        case widget(Widget)
        /// On a popup's border, or outside a modal popup: nothing happens.
        case swallowed
        /// Outside every popup: the top one closes.
        case outside
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

    // MARK: Layout

    /// Lays every popup out next to its anchor (or centred) inside `bounds`. Returns the
    /// popups whose anchor is gone, hidden or out of `root`'s tree (and out of every popup
    /// below them): the caller closes those.
    func layout(in bounds: Rect, root: Widget) -> [Widget] {
        var orphans: [Widget] = []
        for index in entries.indices {
            let entry = entries[index]
            let inTree =
                entry.anchor.map { anchor in
                    root.isAncestor(of: anchor) || entries[..<index].contains { $0.popup.isAncestor(of: anchor) }
                } ?? false
            guard inTree, let anchor = entry.anchor, !anchor.isEffectivelyHidden else {
                orphans.append(entry.popup)
                continue
            }
            place(&entries[index], anchor: anchor.frame, bounds: bounds)
        }
        return orphans
    }

    /// Places `entry`'s popup and its border: the border is part of the size the placement
    /// positions (so it never covers the anchor), and is dropped when the room would leave
    /// no column, or fewer than three rows (or the popup's whole height), inside it: a
    /// borderless list of three rows shows more than a box around one.
    private func place(_ entry: inout Entry, anchor: Rect, bounds: Rect) {
        if entry.chrome.bordered {
            let room = Size(width: max(0, bounds.width - 2), height: max(0, bounds.height - 2))
            let size = entry.popup.preferredSize(for: room)
            let outer = entry.placement.frame(
                anchor: anchor, size: Size(width: size.width + 2, height: size.height + 2), bounds: bounds)
            if outer.width >= 3 && outer.height - 2 >= min(3, max(1, size.height)) {
                entry.showsBorder = true
                entry.outerFrame = outer
                entry.popup.place(in: outer.inset(by: Insets(all: 1)))
                return
            }
        }
        entry.showsBorder = false
        let size = entry.popup.preferredSize(for: bounds.size)
        entry.outerFrame = entry.placement.frame(anchor: anchor, size: size, bounds: bounds)
        entry.popup.place(in: entry.outerFrame)
    }

    /// The rows the centred popups need on a screen of `size`: an inline band grows to
    /// show them whole.
    func heightOfCentredPopups(in size: Size) -> Int {
        entries.filter { $0.placement == .centered }.reduce(0) { height, entry in
            let border = entry.chrome.bordered ? 2 : 0
            let room = Size(width: max(0, size.width - border), height: max(0, size.height - border))
            return max(height, entry.popup.preferredSize(for: room).height + border)
        }
    }

    // MARK: Drawing and hit-testing

    /// Draws every popup, bottom to top: its frame painted blank in the theme's normal
    /// style, its border, then its widgets.
    func draw(in canvas: inout Canvas, context: DrawContext) {
        let theme = context.theme
        for entry in entries where !entry.outerFrame.isEmpty {
            canvas.fill(entry.outerFrame, with: .blank(theme.normal))
            if entry.showsBorder {
                canvas.drawBox(
                    entry.outerFrame, style: theme.border, title: entry.chrome.title, titleStyle: theme.accent)
            }
            entry.popup.drawTree(in: &canvas, context: context)
        }
    }

    /// Whether `point` is on a popup, border included.
    func covers(_ point: Point) -> Bool {
        entries.contains { $0.outerFrame.contains(point) }
    }

    /// What a press at `point` lands on: the topmost popup widget there, a border or the
    /// outside of a modal popup (swallowed), or the outside of every popup.
    func pressTarget(at point: Point) -> PressTarget {
        for entry in entries.reversed() {
            if let hit = entry.popup.hitTest(point) { return .widget(hit) }
            if entry.outerFrame.contains(point) || entry.chrome.isModal { return .swallowed }
        }
        return .outside
    }
}
