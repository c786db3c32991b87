import TetherReactive

/// An on/off switch drawn as `[x] Label` or `[ ] Label`.
///
/// Space or a click flips it; Enter moves on, as in every field of a form (the form goes to
/// the next field or presses its default button). ``isOn`` is the state; setting it is a programmatic
/// write. `rx.isOn` reports the user's flips; a programmatic write is never reported back.
@MainActor
public final class Toggle: Widget {
    private var on: Bool
    let editable = UserEditable<Toggle, Bool>(get: { $0.on }, set: { $0.on = $1 })
    /// The text after the box.
    public var title: String {
        didSet { setNeedsLayout() }
    }

    override var ownLabel: String? { title }

    /// A toggle showing `title`.
    public init(_ title: String, isOn: Bool = false) {
        self.title = title
        on = isOn
        super.init()
    }

    /// The state. Setting it is programmatic: redrawn when it differs, never reported as an
    /// edit. Bind it two ways with `rx.isOn`.
    public var isOn: Bool {
        get { on }
        set { editable.set(newValue, on: self) }
    }

    /// Flips the state as the user would: reported on `rx.isOn` as an edit.
    public func flip() {
        editable.userSet(!on, on: self)
    }

    public override var canFocus: Bool { true }
    override var userValueSetter: (any UserValueSetting)? { self }

    /// `Space toggle`.
    public override var keyHints: [KeyHint] { [KeyHint(.toggle, help: "toggle")] }

    public override func perform(_ intent: Intent) -> Bool {
        switch intent {
        case .toggle:
            flip()
            return true
        default:
            return false
        }
    }

    public override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(.left) = event.kind else { return false }
        flip()
        return true
    }

    public override func preferredSize(for proposal: Size) -> Size {
        Size(width: min(4 + title.terminalWidth, proposal.width), height: 1)
    }

    public override var minimumSize: Size { Size(width: 3, height: 1) }

    public override func draw(in canvas: inout Canvas, context: DrawContext) {
        let theme = context.theme
        let style = theme.style(enabled: isEffectivelyEnabled, focused: isFocused)
        let box = on ? "[x]" : "[ ]"
        let used = canvas.put(box, at: .zero, style: style)
        canvas.put(
            " " + title, at: Point(x: used, y: 0), style: theme.style(enabled: isEffectivelyEnabled, focused: false))
    }

    public override var description: String { "Toggle(\(title.debugDescription), isOn: \(on))" }
}
