/// One row of key help, made from the key bindings: the focused widget's own keys first
/// (its ``Widget/keyHints``: a check list's `Space check · a all`), then the
/// application-wide ones, as in
/// `Tab next · Shift-Tab back · Enter sign in · Esc cancel · Ctrl-C quit`.
///
/// Enter is named after the default button of the form that has focus; Ctrl-C shows only
/// while it quits (``Application/InterruptBehavior/quit``); an app's own help text for an
/// intent (``KeyMap/setHelp(_:for:)``) replaces the default one. With
/// ``Application/showsKeyHelp`` on, the bar ends with `? keys`, the key of the help overlay
/// (`F1 keys` where the focused widget takes `?` as text).
///
/// The bar follows focus: it is drawn again whenever focus moves or is lost. With nothing on
/// screen that can take focus it leaves out Tab, Shift-Tab and Enter. When the row is too
/// narrow it drops whole entries, least useful first (Shift-Tab, then Enter, then Esc,
/// Tab and the widget's own keys, Ctrl-C last), never cutting a word, and ends with `? more`
/// (`…` without the help overlay) to say something was left out. Keys are drawn in the
/// theme's normal style in bold, the rest in its ``Theme/secondary`` style. Keep it on the
/// bottom row with a ``FooterLayout``; in the accessible presentation nothing is drawn.
@MainActor
public final class KeyHelpBar: Widget {
    private static let separator = " · "

    /// A key-help bar.
    public override init() { super.init() }

    public override func preferredSize(for proposal: Size) -> Size { Size(width: proposal.width, height: 1) }

    public override var minimumSize: Size { Size(width: 0, height: 1) }

    /// The entries shown in `width` columns, and the ending that says some were left out.
    func shownEntries(width: Int) -> (entries: [KeyHelp], ending: String?) {
        guard let host = treeHost else { return ([], nil) }
        let focused = host.focusedWidget
        // Only with nothing focused is the tree walked, to see whether Tab could focus anything.
        let focusable = focused != nil || root.focusChain().contains { $0.acceptsFocus }
        let content = KeyHelpContent(
            focused: focused, map: host.keyMap, quits: host.interruptBehavior == .quit, focusable: focusable,
            applicationActs: host.applicationActs)
        return Self.fit(
            content.items, width: width,
            overlay: host.showsKeyHelp
                ? host.keyMap.primaryKey(for: .showHelp, typingText: focused?.takesTypedText == true) : nil)
    }

    /// The items that fit in `width`, in order, dropping the lowest priority (the later of
    /// equals) until the rest and the ending fit.
    static func fit(_ all: [KeyHelpContent.Item], width: Int, overlay: KeyEvent?) -> (
        entries: [KeyHelp], ending: String?
    ) {
        var items = all
        var dropped = false
        while true {
            let ending = overlay.map { "\($0.helpName) \(dropped ? "more" : "keys")" } ?? (dropped ? "…" : nil)
            let parts = items.map(\.entry.description) + (ending.map { [$0] } ?? [])
            let used = parts.reduce(0) { $0 + $1.terminalWidth } + separator.terminalWidth * max(0, parts.count - 1)
            if used <= width { return (items.map(\.entry), ending) }
            guard !items.isEmpty else { return ([], nil) }
            let lowest = items.indices.min {
                items[$0].priority < items[$1].priority || (items[$0].priority == items[$1].priority && $0 > $1)
            }!
            items.remove(at: lowest)
            dropped = true
        }
    }

    public override func draw(in canvas: inout Canvas, context: DrawContext) {
        guard treeHost?.isConversation != true else { return }
        if let notice = treeHost?.notice {
            canvas.put(notice.truncated(toWidth: frame.width), at: .zero, style: context.theme.accent)
            return
        }
        let (entries, ending) = shownEntries(width: frame.width)
        treeHost?.keyHelpDrawn(rows: frame.minY..<frame.maxY, hints: treeHost?.focusedWidget?.keyHints ?? [])
        var x = 0
        for (index, entry) in entries.enumerated() {
            if index > 0 { x += canvas.put(Self.separator, at: Point(x: x, y: 0), style: context.theme.secondary) }
            x += canvas.put(entry.keyNames, at: Point(x: x, y: 0), style: context.theme.normal.adding(.bold))
            x += canvas.put(" " + entry.help, at: Point(x: x, y: 0), style: context.theme.secondary)
        }
        if let ending {
            if !entries.isEmpty {
                x += canvas.put(Self.separator, at: Point(x: x, y: 0), style: context.theme.secondary)
            }
            // "F1 keys", "? more": its key bold like the others'; "…" alone is a word.
            let key = ending.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ending
            if key != ending {
                x += canvas.put(key, at: Point(x: x, y: 0), style: context.theme.normal.adding(.bold))
            }
            canvas.put(
                String(ending.dropFirst(key == ending ? 0 : key.count)), at: Point(x: x, y: 0),
                style: context.theme.secondary)
        }
    }

    /// The text the bar shows now, as in `Tab next · Esc cancel`, or the application's
    /// ``Application/notice`` while it has one.
    public var text: String {
        if let notice = treeHost?.notice { return notice }
        let (entries, ending) = shownEntries(width: frame.width)
        return (entries.map(\.description) + (ending.map { [$0] } ?? [])).joined(separator: Self.separator)
    }

    public override var description: String { "KeyHelpBar(\(text.debugDescription))" }
}
