internal import CTetherDispatch
import Dispatch
import TetherReactive
#if canImport(Glibc)
import Glibc
#endif

/// Runs a widget tree on a terminal: sets the terminal up, routes input to the focused
/// widget, redraws what changed, and restores the terminal on every way out.
///
/// ```swift
/// let app = Application(root: Center(Panel(title: "Sign in", form)), backend: try CursesBackend())
/// let exit = try await app.run()
/// ```
///
/// Keys go through the ``keyMap`` to ``Intent``s. The focused widget gets each intent
/// first, then typed text, then its ancestors get the intents, then the application:
/// focus moves (Tab, Shift-Tab, ↑/↓, wrapping), `quit` (Ctrl-C, see
/// ``interruptBehavior``) and `suspend` (Ctrl-Z). Keys nobody handled arrive on
/// ``unhandledKeys``; shortcuts registered with ``onKey(_:perform:)`` run before that.
/// A paste goes to the focused widget only, never to key bindings.
@MainActor
public final class Application: WidgetHost {
    /// What Ctrl-C does.
    public enum InterruptBehavior: Sendable {
        /// Ctrl-C quits the application (``run()`` returns ``Exit/interrupted``).
        case quit
        /// Ctrl-C is an ordinary key for the app (handle it with ``onKey(_:perform:)``).
        case deliverAsKey
    }

    /// How ``run()`` ended.
    public enum Exit: Hashable, Sendable {
        /// ``quit()`` was called.
        case quit
        /// The user pressed Ctrl-C (with ``InterruptBehavior/quit``).
        case interrupted
        /// A signal (SIGTERM, SIGHUP) or the loss of the terminal ended the run.
        case terminated(signal: Int32)
    }

    /// The widget tree.
    public let root: Widget
    /// The terminal.
    public let backend: any TerminalBackend
    /// The clock and timer source for spinners, debounce and countdowns.
    public let scheduler: any Scheduler
    /// Keys to intents; change it to rebind keys.
    public var keyMap: KeyMap
    /// What Ctrl-C does.
    public var interruptBehavior: InterruptBehavior
    /// Whether mouse events are acted on.
    public var mouseEnabled: Bool
    private var chosenTheme: Theme

    /// The widget with keyboard focus.
    public private(set) var focusedWidget: Widget?
    private var cachedChain: [Widget]?
    private var chainIndex: [ObjectIdentifier: Int] = [:]
    private var needsLayout = true
    private var needsDisplay = true
    /// Everything is drawn again at the next render (layout, focus, theme, a lost screen).
    private var redrawAll = true
    /// The rows to draw again when only some widgets changed; the rest of the last frame
    /// is kept.
    private var damagedRows: Range<Int>?
    /// Test support: after each partial redraw, also draw everything and count frames that
    /// differ (``partialRedrawMismatches``). The reliability tests turn it on.
    package var verifiesPartialRedraws = false
    package private(set) var partialRedrawMismatches = 0
    /// Renders that drew only some rows.
    package private(set) var partialRedrawCount = 0
    private var renderScheduled = false
    private var deferredRendering = false
    /// `true` while ``runOnMainThread()`` runs: its loop draws after each batch of work,
    /// so nothing is queued on the main queue to draw.
    private var loopDriven = false
    private var mouseCapture: Widget?
    /// `true` while the screen shows "terminal too small": the widgets are not on screen.
    private var showingTooSmall = false
    /// The root's minimum size, computed once per layout (a big form's is O(rows)).
    private var cachedMinimum: Size?
    private var shortcuts: [KeyEvent: () -> Void] = [:]
    private let unhandled = PublishSubject<KeyEvent>()
    private var exitContinuation: CheckedContinuation<Exit?, Never>?
    private var exitReason: Exit?
    private var started = false
    package private(set) var lastFrame: Frame?
    package private(set) var lastCursor: Point?
    package private(set) var renderCount = 0

    /// An application showing `root` on `backend`.
    ///
    /// - Parameters:
    ///   - scheduler: Time for spinners, delays and countdowns: ``MainScheduler`` in a real
    ///     run, a ``TestScheduler`` under test.
    ///   - theme: The colours; ``Theme/monochrome`` is used instead when the terminal has none.
    public init(root: Widget, backend: any TerminalBackend, scheduler: any Scheduler = MainScheduler.instance,
                keyMap: KeyMap = .default, theme: Theme = .default, interruptBehavior: InterruptBehavior = .quit,
                mouse: Bool = true) {
        self.root = root
        self.backend = backend
        self.scheduler = scheduler
        self.keyMap = keyMap
        self.chosenTheme = theme
        self.interruptBehavior = interruptBehavior
        self.mouseEnabled = mouse
        root.host = self
    }

    /// The theme in use: the chosen one, or its monochrome form on a terminal without colours.
    public var theme: Theme {
        get { backend.capabilities.colors == 0 ? chosenTheme.withoutColors : chosenTheme }
        set {
            chosenTheme = newValue
            setNeedsDisplay()
        }
    }

    /// Keys that no widget, intent or shortcut handled. Completes when the application goes away.
    public var unhandledKeys: ControlEvent<KeyEvent> { ControlEvent(events: unhandled) }

    /// Sees every key before anything else; return `true` to consume it. For modes that
    /// take over the keyboard, such as "press any key to continue".
    public var keyInterceptor: ((KeyEvent) -> Bool)?

    /// Runs `action` when `key` is pressed and the focused widget did not handle it.
    public func onKey(_ key: KeyEvent, perform action: @escaping () -> Void) {
        shortcuts[key] = action
    }

    // MARK: Running

    /// Sets the terminal up, draws, and handles input until ``quit()`` or a signal; then
    /// restores the terminal and returns how the run ended.
    ///
    /// - Throws: The backend's error when the terminal cannot be set up (no controlling
    ///   terminal, unknown `TERM`); nothing has been drawn then. `CancellationError` when
    ///   the task running it is cancelled (a sibling in a task group threw): the terminal
    ///   is restored first.
    public func run() async throws -> Exit {
        deferredRendering = true
        try start()
        defer { backend.stop() }
        renderIfNeeded()
        if let exitReason { return exitReason }
        // Without the cancellation handler a cancelled run would wait for ever, and the
        // terminal would never be given back.
        let exit: Exit? = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: nil)
                } else {
                    exitContinuation = continuation
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.cancelRun() }
        }
        guard let exit else { throw CancellationError() }
        return exit
    }

    /// Sets the terminal up, draws, and handles input until ``quit()`` or a signal, on the
    /// calling thread with Tether's own event loop; then restores the terminal and returns
    /// how the run ended.
    ///
    /// Call it from a synchronous `main` (a `ParsableCommand`, top-level code that does
    /// not `await`). One thread waits with `poll(2)` on the terminal, the signal pipe and
    /// the main dispatch queue, and draws as soon as a key has been handled, so a
    /// keystroke costs one thread wake-up; ``run()`` goes through the main queue, which
    /// an `async` main leaves to Dispatch's threads (a reader thread, then a queue
    /// thread, then one more turn of the queue to draw). Work for the main actor (tasks,
    /// ``MainScheduler`` timers, `DispatchQueue.main`) runs between input batches, on this
    /// thread.
    ///
    /// - Throws: ``RunLoopError`` when the backend is not a ``PollingBackend`` or the
    ///   caller is not the main thread of a program that has kept it (an `async` main
    ///   has handed it to Dispatch; use ``run()`` there); the backend's error when the
    ///   terminal cannot be set up. Nothing has been drawn then.
    public func runOnMainThread() throws -> Exit {
        guard let polling = backend as? any PollingBackend else { throw RunLoopError.backendNotPollable }
        let queueDescriptor = tether_main_queue_descriptor()
        guard tether_is_main_thread() != 0, queueDescriptor >= 0 else { throw RunLoopError.notOnMainThread }
        deferredRendering = true
        loopDriven = true
        defer { loopDriven = false }
        try start { handler in try polling.startPolling(handler) }
        defer { backend.stop() }
        var descriptors: [pollfd] = []
        renderIfNeeded()
        while exitReason == nil {
            descriptors.removeAll(keepingCapacity: true)
            for descriptor in polling.pollDescriptors {
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            }
            descriptors.append(pollfd(fd: queueDescriptor, events: Int16(POLLIN), revents: 0))
            let timeout = polling.pollTimeout.map(Self.pollMilliseconds) ?? -1
            if poll(&descriptors, nfds_t(descriptors.count), timeout) < 0, errno != EINTR, errno != EAGAIN {
                throw RunLoopError.pollFailed(errno: errno)
            }
            polling.processPendingInput()
            // The key's frame goes out before queued work runs.
            renderIfNeeded()
            if descriptors[descriptors.count - 1].revents != 0, exitReason == nil {
                tether_drain_main_queue()
                renderIfNeeded()
            }
        }
        return exitReason ?? .quit
    }

    /// Why ``runOnMainThread()`` could not run.
    public enum RunLoopError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The caller is not the process's main thread, or Dispatch owns the main queue
        /// (an `async` main): use ``Application/run()``.
        case notOnMainThread
        /// The backend is not a ``PollingBackend``: use ``Application/run()``.
        case backendNotPollable
        /// `poll(2)` failed with `errno`.
        case pollFailed(errno: Int32)

        public var description: String {
            switch self {
            case .notOnMainThread:
                "runOnMainThread() must be called on the main thread from a synchronous main; use run() from async code"
            case .backendNotPollable: "the backend cannot be polled; use run()"
            case .pollFailed(let code): "waiting for input failed (errno \(code))"
            }
        }
    }

    /// `duration` in whole milliseconds for `poll`, rounded up so the loop never wakes
    /// before the deadline.
    private static func pollMilliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 || attoseconds > 0 else { return 0 }
        let milliseconds = max(0, seconds) * 1000 + (max(0, attoseconds) + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// Ends a waiting ``run()`` whose task was cancelled.
    private func cancelRun() {
        guard let continuation = exitContinuation else { return }
        exitContinuation = nil
        continuation.resume(returning: nil)
    }

    /// Starts the backend without waiting; the caller drives rendering (the test pilot).
    package func start() throws {
        try start { handler in try backend.start(handler) }
    }

    /// Starts the backend with `begin`, which hands it the event handler.
    private func start(with begin: (@escaping (TerminalEvent) -> Void) throws -> Void) throws {
        guard !started else { return }
        try begin { [weak self] event in self?.handle(event) }
        started = true
        focusFirstIfNeeded()
        setNeedsLayout()
    }

    /// Ends ``run()``, which then restores the terminal and returns ``Exit/quit``.
    public func quit() { finish(.quit) }

    private func finish(_ reason: Exit) {
        guard exitReason == nil else { return }
        exitReason = reason
        if let continuation = exitContinuation {
            exitContinuation = nil
            continuation.resume(returning: reason)
        }
    }

    /// How the run ended, once it has.
    public var exit: Exit? { exitReason }

    // MARK: Events

    /// Handles one event from the backend (or the test pilot).
    package func handle(_ event: TerminalEvent) {
        switch event {
        case .input(let input): handle(input)
        case .resized: setNeedsLayout()
        case .redrawNeeded:
            lastFrame = nil
            setNeedsLayout()
        case .terminate(let signal): finish(.terminated(signal: signal))
        }
    }

    private func handle(_ input: InputEvent) {
        switch input {
        case .key(let key): handle(key)
        case .paste(let text): _ = focusedWidget?.paste(text)
        case .mouse(let mouse): if mouseEnabled && !showingTooSmall { handle(mouse) }
        }
    }

    private func handle(_ key: KeyEvent) {
        if let keyInterceptor, keyInterceptor(key) { return }
        if key == .ctrl("c"), interruptBehavior == .quit {
            finish(.interrupted)
            return
        }
        let intents = keyMap.intents(for: key)
        if let focused = focusedWidget {
            for intent in intents where focused.perform(intent) { return }
            if key.modifiers.subtracting(.shift).isEmpty, case .character(let c) = key.key, !c.isControlCharacter,
               focused.insertText(String(c)) {
                return
            }
            var ancestor = focused.parent
            while let widget = ancestor {
                for intent in intents where widget.perform(intent) { return }
                ancestor = widget.parent
            }
        }
        if let action = shortcuts[key] {
            action()
            return
        }
        for intent in intents where performApplicationIntent(intent) { return }
        unhandled.onNext(key)
    }

    private func performApplicationIntent(_ intent: Intent) -> Bool {
        switch intent {
        case .focusNext, .focusDown:
            focusNext()
        case .focusPrevious, .focusUp:
            focusPrevious()
        case .quit:
            guard interruptBehavior == .quit else { return false }
            finish(.interrupted)
        case .suspend:
            guard let suspendable = backend as? any SuspendableBackend else { return false }
            suspendable.suspend()
        default:
            return false
        }
        return true
    }

    private func handle(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .press:
            guard let hit = root.hitTest(mouse.position) else { return }
            var target: Widget? = hit
            while let candidate = target, !candidate.acceptsFocus { target = candidate.parent }
            guard let widget = target else { return }
            focus(widget)
            mouseCapture = widget
            _ = widget.handleMouse(mouse)
        case .drag:
            _ = mouseCapture?.handleMouse(mouse)
        case .release:
            _ = mouseCapture?.handleMouse(mouse)
            mouseCapture = nil
        case .wheelUp, .wheelDown:
            _ = focusedWidget?.handleMouse(mouse)
        }
    }

    // MARK: Focus

    private var focusChain: [Widget] {
        if let cachedChain { return cachedChain }
        let chain = root.focusChain()
        cachedChain = chain
        chainIndex = Dictionary(chain.enumerated().map { (ObjectIdentifier($0.element), $0.offset) }, uniquingKeysWith: { a, _ in a })
        return chain
    }

    /// Moves focus to `widget` if it accepts focus.
    public func focus(_ widget: Widget) {
        guard widget.acceptsFocus, root.isAncestor(of: widget), widget !== focusedWidget else { return }
        let previous = focusedWidget
        focusedWidget = widget
        previous?.setFocused(false)
        widget.setFocused(true)
        setNeedsDisplay()
    }

    /// Moves focus to the next widget that accepts it, wrapping at the end.
    public func focusNext() { moveFocus(by: 1) }

    /// Moves focus to the previous widget that accepts it, wrapping at the start.
    public func focusPrevious() { moveFocus(by: -1) }

    private func moveFocus(by step: Int) {
        let chain = focusChain
        guard !chain.isEmpty else { return }
        let start = focusedWidget.flatMap { chainIndex[ObjectIdentifier($0)] } ?? (step > 0 ? -1 : chain.count)
        var index = start
        for _ in 0..<chain.count {
            index = (index + step + chain.count) % chain.count
            if chain[index].acceptsFocus {
                focus(chain[index])
                return
            }
        }
    }

    private func focusFirstIfNeeded() {
        if let focused = focusedWidget, focused.acceptsFocus, root.isAncestor(of: focused) { return }
        let previous = focusedWidget
        focusedWidget = nil
        previous?.setFocused(false)
        if let first = focusChain.first(where: { $0.acceptsFocus }) { focus(first) }
    }

    // MARK: WidgetHost

    func setNeedsLayout() {
        needsLayout = true
        setNeedsDisplay()
    }

    /// Asks for everything to be drawn again.
    func setNeedsDisplay() {
        redrawAll = true
        scheduleRender()
    }

    func setNeedsDisplay(rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        if let damaged = damagedRows {
            damagedRows = min(damaged.lowerBound, rows.lowerBound)..<max(damaged.upperBound, rows.upperBound)
        } else {
            damagedRows = rows
        }
        scheduleRender()
    }

    private func scheduleRender() {
        needsDisplay = true
        guard deferredRendering, !loopDriven, !renderScheduled else { return }
        renderScheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated { [weak self] in self?.renderIfNeeded() }
        }
    }

    func structureChanged() {
        cachedChain = nil
        setNeedsLayout()
    }

    func focusabilityChanged(_ widget: Widget) {
        if let focused = focusedWidget, widget.isAncestor(of: focused), !focused.acceptsFocus {
            moveFocus(by: 1)
            if focusedWidget === focused {
                focusedWidget = nil
                focused.setFocused(false)
            }
        } else if focusedWidget == nil, started {
            focusFirstIfNeeded()
        }
    }

    func requestFocus(_ widget: Widget) { focus(widget) }

    func widgetRemoved(_ widget: Widget) {
        cachedChain = nil
        if let focused = focusedWidget, widget.isAncestor(of: focused) {
            focusedWidget = nil
            focused.setFocused(false)
            focusFirstIfNeeded()
        }
        if let captured = mouseCapture, widget.isAncestor(of: captured) { mouseCapture = nil }
    }

    // MARK: Rendering

    /// Lays out (when needed) and draws the tree, then presents the frame.
    package func renderIfNeeded() {
        renderScheduled = false
        guard needsDisplay || needsLayout, exitReason == nil || !deferredRendering else { return }
        let size = backend.size
        if needsLayout || cachedMinimum == nil { cachedMinimum = root.minimumSize }
        let minimum = cachedMinimum ?? .zero
        let tooSmall = size.width < minimum.width || size.height < minimum.height
        if needsLayout && !tooSmall {
            root.place(in: Rect(origin: .zero, size: size))
        }
        let partialRows = partialRedrawRows(size: size, tooSmall: tooSmall)
        needsLayout = tooSmall
        showingTooSmall = tooSmall
        needsDisplay = false
        redrawAll = false
        damagedRows = nil
        var canvas: Canvas
        let theme = self.theme
        let context = DrawContext(theme: theme, time: scheduler.now)
        var cursor: Point?
        if let partialRows, let lastFrame {
            // Only some widgets changed: the last frame, with the rows they cover drawn again.
            canvas = Canvas(frame: lastFrame)
            let band = Rect(x: 0, y: partialRows.lowerBound, width: size.width, height: partialRows.count)
            canvas.fill(band, with: .blank())
            var rows = canvas.restricted(to: band)
            root.drawTree(in: &rows, context: context)
            partialRedrawCount += 1
            if verifiesPartialRedraws {
                var full = Canvas(size: size)
                root.drawTree(in: &full, context: context)
                if full.frame != canvas.frame { partialRedrawMismatches += 1 }
            }
        } else {
            canvas = Canvas(size: size)
            if tooSmall {
                drawTooSmall(on: &canvas, needs: minimum, theme: theme)
            } else {
                root.drawTree(in: &canvas, context: context)
            }
        }
        if !tooSmall, let focused = focusedWidget, let position = focused.cursorPosition,
           Rect(origin: .zero, size: size).contains(position), focused.frame.contains(position) {
            cursor = position
        }
        let frame = canvas.frame
        renderCount += 1
        lastFrame = frame
        lastCursor = cursor
        backend.present(frame, cursor: cursor, changedRows: partialRows)
    }

    /// The rows a render may limit itself to, or `nil` when everything must be drawn: after
    /// a layout, a full redraw request, a size change or "too small", and for the first frame.
    private func partialRedrawRows(size: Size, tooSmall: Bool) -> Range<Int>? {
        guard !needsLayout, !redrawAll, !tooSmall, !showingTooSmall, let lastFrame, lastFrame.size == size,
              let damagedRows else { return nil }
        let rows = max(0, damagedRows.lowerBound)..<min(size.height, damagedRows.upperBound)
        return rows.isEmpty ? nil : rows
    }

    private func drawTooSmall(on canvas: inout Canvas, needs minimum: Size, theme: Theme) {
        let message = "terminal too small (needs \(minimum.width)×\(minimum.height))"
        let lines = message.wrapped(toWidth: max(1, canvas.size.width))
        let top = max(0, (canvas.size.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            canvas.put(line, at: Point(x: max(0, (canvas.size.width - line.terminalWidth) / 2), y: top + index), style: theme.error)
        }
    }
}

/// A backend that can suspend the program to the shell (Ctrl-Z) and restore it on `fg`.
@MainActor
public protocol SuspendableBackend: TerminalBackend {
    /// Restores the terminal, stops the process until it is continued, then takes the
    /// terminal back and reports `.redrawNeeded`.
    func suspend()
}
