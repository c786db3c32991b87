import TetherReactive

/// A push button, drawn as `[ Title ]`.
///
/// Enter, Space or a click (or ``press()``) fires `rx.tap`. Bound to a `Command` with
/// ``bind(_:describeResult:)``, the button runs it on tap, follows its enabled state and shows a spinner
/// while it executes (``isBusy``). In the accessible presentation the default button's
/// command is announced instead: ``progressText`` once when it starts, then its result or
/// its error as a sentence.
@MainActor
public final class Button: Widget {
    /// The label.
    public var title: String {
        didSet { setNeedsLayout() }
    }
    let taps = PublishSubject<Void>()
    private var spinnerTimer: (any Disposable)?
    /// The spinner frame showing: 0 when the button becomes busy, one more per tick of its
    /// own timer (each tick also damages the button), so the drawn frame never changes
    /// without the button's row being drawn again.
    private var spinnerFrame = 0
    private let commandBag = DisposeBag()
    /// The widget focus moved to when this button, focused, was disabled by its own
    /// command's run: when the run ends, focus comes back if it is still there.
    private weak var focusHeldDuringRun: Widget?
    /// Set while a tap starts the bound command (its disabling is the run's, not the app's).
    private var startingRun = false

    /// The frames of the busy spinner, one per 80 ms.
    public static let spinnerFrames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// How long each spinner frame shows.
    public static let spinnerInterval: Duration = .milliseconds(80)

    /// What the accessible presentation says, once, when the bound command starts
    /// ("Signing in…"); `nil` says the title followed by "…". Full screen shows the spinner.
    public var progressText: String?
    /// Told of each run of the command bound with ``bind(_:describeResult:)`` (the
    /// accessible presentation announces it).
    var commandRunStarted: ((CommandRun) -> Void)?

    /// A button labelled `title`.
    public init(_ title: String) {
        self.title = title
        super.init()
    }

    isolated deinit {
        taps.onCompleted()
        spinnerTimer?.dispose()
    }

    /// Presses the button as the user would: fires `rx.tap` (ignored while disabled).
    public func press() {
        guard isEffectivelyEnabled else { return }
        taps.onNext(())
    }

    /// Whether the spinner shows. Setting it to a different value starts or stops the
    /// spinner and lays the tree out again. ``bind(_:describeResult:)`` binds it to the command's
    /// `isExecuting`; bind it yourself with `rx.isBusy`.
    public var isBusy = false {
        didSet {
            guard isBusy != oldValue else { return }
            busyChanged()
        }
    }

    /// Runs `command` on each tap, enables the button only while the command is enabled
    /// and shows a spinner while it executes. When the run disabled the focused button,
    /// focus comes back to it as the run ends (a refused sign-in leaves focus on Sign in,
    /// not on the button after it), unless something moved focus meanwhile. The binding
    /// lasts as long as the button, or until the returned disposable is disposed.
    ///
    /// - Parameters:
    ///   - command: The command a tap executes (its input is `Void`).
    ///   - describeResult: The sentence the accessible presentation says when a
    ///   run succeeds ("Signed in as demo."); `nil` uses the value's description when it
    ///   has one, or "Done.". Full screen never shows it.
    @discardableResult
    public func bind<Output>(
        _ command: Command<Void, Output>,
        describeResult: ((Output) -> String)? = nil
    ) -> any Disposable {
        let subscriptions = CompositeDisposable([
            command.isEnabled.subscribe(onNext: { [weak self] in self?.commandEnabledChanged($0) }),
            command.isExecuting.subscribe(onNext: { [weak self] executing in
                self?.isBusy = executing
                if !executing { self?.takeFocusBack() }
            }),
            rx.tap.subscribe(onNext: { [weak self, weak command] in
                guard let self, let command else { return }
                startingRun = true
                let run = command.execute()
                startingRun = false
                commandRunStarted?(CommandRun(run, describe: describeResult))
            }),
        ])
        commandBag.insert(subscriptions)
        return subscriptions
    }

    /// Follows the bound command's enabled state; when a starting run disables the focused
    /// button, remembers where focus went.
    private func commandEnabledChanged(_ enabled: Bool) {
        let hadFocus = isFocused
        isEnabled = enabled
        if startingRun, hadFocus, !isFocused { focusHeldDuringRun = hostFocusedWidget }
    }

    /// Focus back from where the run's disabling sent it, if it is still there.
    private func takeFocusBack() {
        guard let holder = focusHeldDuringRun else { return }
        focusHeldDuringRun = nil
        if hostFocusedWidget === holder { focus() }
    }

    private func busyChanged() {
        spinnerTimer?.dispose()
        spinnerTimer = nil
        spinnerFrame = 0
        if isBusy, let scheduler = hostScheduler {
            spinnerTimer = scheduler.schedulePeriodic(every: Button.spinnerInterval) { [weak self] in
                guard let self else { return }
                self.spinnerFrame = (self.spinnerFrame + 1) % Button.spinnerFrames.count
                self.setNeedsDisplay()
            }
        }
        setNeedsLayout()
    }

    public override var canFocus: Bool { true }

    /// Enter presses the button: `Enter reset`, after its title.
    public override var keyHints: [KeyHint] { [KeyHint(.activate, help: title.lowercased())] }

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

    /// As wide busy as not: the spinner takes the space before the title and the title the
    /// one after it, so nothing beside the button moves while it runs.
    public override func preferredSize(for proposal: Size) -> Size {
        Size(width: min(proposal.width, label.terminalWidth), height: 1)
    }

    public override var minimumSize: Size { Size(width: min(label.terminalWidth, 5), height: 1) }

    public override func draw(in canvas: inout Canvas, context: DrawContext) {
        let theme = context.theme
        let style = theme.style(enabled: isEffectivelyEnabled || isBusy, focused: isFocused, role: .button)
        var text = label
        if isBusy {
            text = "[\(Button.spinnerFrames[spinnerFrame]) \(title)]"
        }
        canvas.put(text, at: .zero, style: style)
    }

    public override var description: String { "Button(\(title.debugDescription))" }
}
