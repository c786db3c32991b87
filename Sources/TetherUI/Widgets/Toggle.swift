import TetherReactive

/// An on/off switch drawn as `[x] Label` or `[ ] Label`.
///
/// Space, Enter or a click flips it. `isOn` reports the user's flips; a programmatic
/// write is never reported back.
@MainActor
public final class Toggle: Widget {
    private var on: Bool
    private let edits = PublishSubject<Bool>()
    /// The text after the box.
    public var title: String {
        didSet { setNeedsLayout() }
    }

    /// A toggle showing `title`.
    public init(_ title: String, isOn: Bool = false) {
        self.title = title
        on = isOn
        super.init()
    }

    isolated deinit { edits.onCompleted() }

    /// The state: current value on subscription, then user flips only. Completes when the
    /// toggle goes away.
    public var isOn: ControlProperty<Bool> {
        ControlProperty(control: self, getter: { $0.on }, setter: { $0.setOn($1) }, edits: edits)
    }

    /// The current state.
    public var currentValue: Bool { on }

    /// Sets the state programmatically (not reported as an edit).
    public func setOn(_ value: Bool) {
        guard value != on else { return }
        on = value
        setNeedsDisplay()
    }

    /// Flips the state as the user would (reported as an edit).
    public func flip() {
        on.toggle()
        setNeedsDisplay()
        edits.onNext(on)
    }

    public override var canFocus: Bool { true }

    public override func perform(_ intent: Intent) -> Bool {
        switch intent {
        case .toggle, .activate:
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
        let style = !isEffectivelyEnabled ? theme.disabled : focused ? theme.focused : theme.normal
        let box = on ? "[x]" : "[ ]"
        let used = canvas.put(box, at: .zero, style: style)
        canvas.put(" " + title, at: Point(x: used, y: 0), style: isEffectivelyEnabled ? theme.normal : theme.disabled)
    }

    public override var description: String { "Toggle(\(title.debugDescription), isOn: \(on))" }
}
