import TetherReactive

/// A push button, drawn as `[ Title ]`.
///
/// Enter, Space or a click fires ``tap``. Bound to a ``Command`` with ``bind(_:)``, the
/// button runs it on tap, follows its enabled state and shows a spinner while it executes.
@MainActor
public final class Button: Widget {
    /// The label.
    public var title: String {
        didSet { setNeedsLayout() }
    }
    private let taps = PublishSubject<Void>()
    private var spinning = false
    private var spinnerTimer: (any Disposable)?
    private let commandBag = DisposeBag()

    /// The frames of the busy spinner, one per 80 ms.
    public static let spinnerFrames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// How long each spinner frame shows.
    public static let spinnerInterval: Duration = .milliseconds(80)

    /// A button labelled `title`.
    public init(_ title: String) {
        self.title = title
        super.init()
    }

    isolated deinit {
        taps.onCompleted()
        spinnerTimer?.dispose()
    }

    /// Fires on each press (Enter, Space, click) while the button is enabled. Completes
    /// when the button goes away.
    public var tap: ControlEvent<Void> { ControlEvent(events: taps) }

    /// Presses the button as the user would (ignored while disabled).
    public func press() {
        guard isEffectivelyEnabled else { return }
        taps.onNext(())
    }

    /// Whether the spinner shows (bound automatically by ``bind(_:)``).
    public var isBusy: Binder<Bool> {
        Binder(self) { button, busy in button.setBusy(busy) }
    }

    /// Runs `command` on each tap, enables the button only while the command is enabled
    /// and shows a spinner while it executes. The binding lasts as long as the button.
    @discardableResult
    public func bind<Output>(_ command: Command<Void, Output>) -> any Disposable {
        let subscriptions = CompositeDisposable([
            command.isEnabled.bind(to: isEnabled),
            command.isExecuting.bind(to: isBusy),
            tap.subscribe(onNext: { [weak command] in command?.execute() }),
        ])
        commandBag.insert(subscriptions)
        return subscriptions
    }

    private func setBusy(_ busy: Bool) {
        guard busy != spinning else { return }
        spinning = busy
        spinnerTimer?.dispose()
        spinnerTimer = nil
        if busy, let scheduler = hostScheduler {
            spinnerTimer = scheduler.schedulePeriodic(every: Button.spinnerInterval) { [weak self] in self?.setNeedsDisplay() }
        }
        setNeedsLayout()
    }

    public override var canFocus: Bool { true }

    public override func perform(_ intent: Intent) -> Bool {
        switch intent {
        case .activate, .toggle:
            press()
            return true
        default:
            return false
        }
    }

    public override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(.left) = event.kind else { return false }
        press()
        return true
    }

    private var label: String { "[ \(title) ]" }

    public override func preferredSize(for proposal: Size) -> Size {
        Size(width: min(proposal.width, label.terminalWidth + (spinning ? 1 : 0)), height: 1)
    }

    public override var minimumSize: Size { Size(width: min(label.terminalWidth, 5), height: 1) }

    public override func draw(in canvas: inout Canvas, context: DrawContext) {
        let theme = context.theme
        let style = !isEffectivelyEnabled && !spinning ? theme.disabled : focused ? theme.focused : theme.normal.adding(.bold)
        var text = label
        if spinning {
            let period = Button.spinnerInterval.components.attoseconds / 1_000_000 + Button.spinnerInterval.components.seconds * 1_000_000_000_000
            let now = context.time.components.seconds * 1_000_000_000_000 + context.time.components.attoseconds / 1_000_000
            let frameIndex = Int((now / max(1, period)) % Int64(Button.spinnerFrames.count))
            text = "[\(Button.spinnerFrames[frameIndex]) \(title) ]"
        }
        canvas.put(text, at: .zero, style: style)
    }

    public override var description: String { "Button(\(title.debugDescription))" }
}
