/// A content widget over a footer that keeps to the bottom rows: the footer (a
/// ``KeyHelpBar``, a status line) gets the rows it asks for at the bottom, the content
/// every row above it.
///
/// ```swift
/// let root = FooterLayout(Center(Panel(title: "Sign in", form)), footer: KeyHelpBar())
/// ```
@MainActor
public final class FooterLayout: Widget {
    private let content: Widget
    private let footer: Widget

    /// `content` above `footer`.
    public init(_ content: Widget, footer: Widget) {
        self.content = content
        self.footer = footer
        super.init()
        addChild(content)
        addChild(footer)
    }

    private func footerHeight(in size: Size) -> Int {
        footer.isHidden ? 0 : min(size.height, footer.preferredSize(for: size).height)
    }

    /// The whole width offered; as tall as the content wants (through a ``Center``, which
    /// fills whatever it is offered, what it centres, so an inline band fits the form) and
    /// the footer's rows.
    public override func preferredSize(for proposal: Size) -> Size {
        let below = footerHeight(in: proposal)
        let room = Size(width: proposal.width, height: max(0, proposal.height - below))
        let above = Size(width: content.preferredSize(for: room).width, height: content.contentHeight(for: room))
        return Size(width: max(above.width, proposal.width), height: min(proposal.height, above.height + below))
    }

    public override var minimumSize: Size {
        let above = content.minimumSize
        let below = footer.isHidden ? Size.zero : footer.minimumSize
        return Size(width: max(above.width, below.width), height: above.height + below.height)
    }

    public override func layoutChildren() {
        let below = footerHeight(in: frame.size)
        content.place(in: Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height - below))
        if !footer.isHidden {
            footer.place(in: Rect(x: frame.minX, y: frame.maxY - below, width: frame.width, height: below))
        }
    }
}
