import TetherReactive

/// Static or bound text: set ``text``, or bind `rx.text` (or `rx.optionalText`, which
/// hides the label on `nil`).
///
/// Long text wraps at word boundaries (``Overflow/wrap``) or is cut with an ellipsis
/// (``Overflow/truncate``), both by display width, so CJK and emoji are never split.
@MainActor
public final class Label: Widget {
    /// What to do with text wider than the label.
    public enum Overflow: Sendable {
        /// Wrap onto more lines.
        case wrap
        /// Cut the text and end it with `…`.
        case truncate
    }

    /// Which theme style a label draws with.
    public enum Role: Sendable {
        case normal, accent, error, disabled
        /// Explaining text (``Theme/secondary``): descriptions, notes, hints.
        case secondary
    }

    /// The text shown. Setting a different text redraws (a fixed-width, truncating label)
    /// or lays the tree out again. Bind it with `rx.text`.
    public var text: String {
        get { textValue }
        set {
            guard newValue != textValue else { return }
            textValue = newValue
            // A fixed-width, single-line label keeps its size: a redraw is enough.
            if width != nil && overflow == .truncate { setNeedsDisplay() } else { setNeedsLayout() }
        }
    }
    /// How long text is handled.
    public var overflow: Overflow {
        get { overflowValue }
        set { overflowValue = newValue }
    }
    /// The style role.
    public var role: Role {
        get { roleValue }
        set {
            roleValue = newValue
            setNeedsDisplay()
        }
    }
    // The storage behind `text`, `overflow` and `role`: private, so that drawing reads it
    // without the run-time exclusivity check of a public stored property (issue 24).
    private var textValue: String
    private var overflowValue: Overflow
    private var roleValue: Role
    /// Set by a form while drawing: the label of the focused row is highlighted.
    var highlighted = false

    /// The address the text links to, or `nil`. Where the terminal shows hyperlinks the
    /// label's cells are one (OSC 8: a click or Ctrl-click opens it); elsewhere, and in the
    /// headless test terminal, the text shows as it is, and the accessible presentation
    /// reads the address after the text. Setting it redraws the label.
    public var link: String? {
        didSet {
            guard link != oldValue else { return }
            linkID = link.map { LinkTable.id(of: $0) } ?? 0
            setNeedsDisplay()
        }
    }
    /// ``link``'s id in the process's link table, found when it is set, not when drawing.
    private var linkID: UInt16 = 0

    /// A fixed width in columns, so the layout does not move as the text changes
    /// (`nil`: as wide as the text).
    public var width: Int? {
        didSet { setNeedsLayout() }
    }

    /// A label showing `text`.
    public init(_ text: String = "", overflow: Overflow = .truncate, role: Role = .normal, width: Int? = nil) {
        textValue = text
        overflowValue = overflow
        roleValue = role
        self.width = width
    }

    /// A label showing `text` that links to `link` (see ``link``).
    public convenience init(
        _ text: String, link: String, overflow: Overflow = .truncate, role: Role = .normal, width: Int? = nil
    ) {
        self.init(text, overflow: overflow, role: role, width: width)
        self.link = link
        linkID = LinkTable.id(of: link)  // no didSet in an initialiser of the class
    }

    private func lines(for width: Int) -> [String] {
        switch overflow {
        case .truncate: [text.truncated(toWidth: width)]
        case .wrap: text.wrapped(toWidth: max(1, width))
        }
    }

    public override func preferredSize(for proposal: Size) -> Size {
        if overflow == .truncate { return Size(width: min(width ?? text.terminalWidth, proposal.width), height: 1) }
        let lines = text.wrapped(toWidth: max(1, min(width ?? proposal.width, proposal.width)))
        return Size(
            width: width.map { min($0, proposal.width) } ?? lines.map(\.terminalWidth).max() ?? 0,
            height: max(1, lines.count))
    }

    public override var minimumSize: Size { Size(width: min(text.terminalWidth, 1), height: 1) }

    public override func draw(in canvas: inout Canvas, context: DrawContext) {
        let roleStyle: Style =
            switch role {
            case .normal: context.theme.style(enabled: isEffectivelyEnabled, focused: false)
            case .accent: context.theme.accent
            case .error: context.theme.error
            case .disabled: context.theme.disabled
            case .secondary: context.theme.secondary
            }
        var style = highlighted ? context.theme.accent : roleStyle
        style.linkID = linkID
        guard overflow == .wrap else {
            // One line, with no array of lines made for it.
            if frame.height > 0 { canvas.put(text.truncated(toWidth: frame.width), at: .zero, style: style) }
            return
        }
        for (row, line) in lines(for: frame.width).prefix(frame.height).enumerated() {
            canvas.put(line, at: Point(x: 0, y: row), style: style)
        }
    }

    public override var description: String { "Label(\(text.debugDescription))" }
}
