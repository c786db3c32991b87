import Dispatch

/// Turns the widget tree into frames: tracks what needs drawing (a new layout, everything,
/// or only some rows), lays out, draws the tree and then the open popups above it, places
/// the cursor, and presents the frame to the backend.
///
/// The frame covers the backend's ``TerminalBackend/size``: the whole screen, or the band
/// of rows an inline presentation owns; nothing here assumes the alternate screen.
@MainActor
final class Renderer {
    /// Who asks for frames: the caller (the pilot, or a loop that draws after each batch
    /// of work) or the main dispatch queue (``Application/run()``).
    enum Trigger { case caller, mainQueue }

    private let root: Widget
    private let backend: any TerminalBackend
    private let overlays: OverlayStack
    var trigger: Trigger = .caller

    private var needsLayout = true
    private var needsDisplay = true
    /// Everything is drawn again at the next render (layout, focus, theme, a lost screen).
    private var redrawAll = true
    /// The rows to draw again when only some widgets changed; the rest of the last frame is
    /// kept. Ranges far apart stay apart: the rows between them are not drawn.
    private var damagedRows = RowSet()
    private var renderScheduled = false
    /// The root's minimum size, computed once per layout (a big form's is O(rows)).
    private var cachedMinimum: Size?
    /// `true` while the screen shows "terminal too small": the widgets are not on screen.
    private(set) var showingTooSmall = false

    /// After each partial redraw, also draw everything and count frames that differ.
    var verifiesPartialRedraws = false
    private(set) var partialRedrawMismatches = 0
    private(set) var partialRedrawCount = 0
    private(set) var lastFrame: Frame?
    private(set) var lastCursor: Point?
    private(set) var renderCount = 0

    init(root: Widget, backend: any TerminalBackend, overlays: OverlayStack) {
        self.root = root
        self.backend = backend
        self.overlays = overlays
    }

    // MARK: Damage

    func setNeedsLayout() {
        needsLayout = true
        setNeedsDisplay()
    }

    /// Asks for everything to be drawn again.
    func setNeedsDisplay() {
        redrawAll = true
        schedule()
    }

    func setNeedsDisplay(rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        damagedRows.insert(rows)
        schedule()
    }

    /// The screen's content was lost: the next frame is drawn and written in full.
    func forgetScreen() {
        lastFrame = nil
        setNeedsLayout()
    }

    private func schedule() {
        needsDisplay = true
        guard trigger == .mainQueue, !renderScheduled else { return }
        renderScheduled = true
        // Weak in the block itself: a block that held the renderer would keep it past its
        // application (a hosted session that ended), whose closures it calls unowned.
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.scope { self.render(ifNeeded: true) }
            }
        }
    }

    // MARK: Rendering

    /// Runs a render the main queue scheduled inside the application's diagnostics scope;
    /// set by the application.
    var scope: (() -> Void) -> Void = { $0() }

    /// Closes popups that lost their anchor; set by the application.
    var closeOrphans: ([Widget]) -> Void = { _ in }
    /// The focused widget, for the cursor; set by the application.
    var focusedWidget: () -> Widget? = { nil }
    /// The theme and clock to draw with; set by the application.
    var context: () -> DrawContext = { DrawContext(theme: .default, time: .zero) }

    /// Rows to draw again besides those damaged, asked before each frame: a key-help bar's
    /// when the focused widget's hints changed; set by the application.
    var staleRows: () -> Range<Int>? = { nil }

    /// Lays out (when needed) and draws the tree, then presents the frame. With
    /// `ifNeeded`, does nothing when nothing changed.
    func render(ifNeeded: Bool = true) {
        renderScheduled = false
        guard !ifNeeded || needsDisplay || needsLayout else { return }
        if needsLayout, let band = backend.features.band {
            let terminal = band.terminalSize
            band.fitBand(
                height: max(Renderer.bandHeight(of: root, in: terminal), overlays.heightOfCentredPopups(in: terminal)))
        }
        let size = backend.size
        if needsLayout || cachedMinimum == nil { cachedMinimum = root.minimumSize }
        let minimum = cachedMinimum ?? .zero
        let tooSmall = size.width < minimum.width || size.height < minimum.height
        if needsLayout && !tooSmall { layout(in: size) }
        if let stale = staleRows() { damagedRows.insert(stale) }
        let partialRows = partialRedrawRows(size: size, tooSmall: tooSmall)
        needsLayout = tooSmall
        showingTooSmall = tooSmall
        needsDisplay = false
        redrawAll = false
        damagedRows = RowSet()
        let context = self.context()
        var canvas: Canvas
        if let partialRows, let lastFrame {
            canvas = drawPartial(rows: partialRows, over: lastFrame, context: context)
        } else {
            canvas = Canvas(size: size)
            if tooSmall {
                drawTooSmall(on: &canvas, needs: minimum, theme: context.theme)
            } else {
                drawEverything(on: &canvas, context: context)
            }
        }
        let cursor = tooSmall ? nil : cursorPosition(in: size)
        let frame = canvas.frame
        renderCount += 1
        lastFrame = frame
        lastCursor = cursor
        backend.present(frame, cursor: cursor, changedRows: partialRows?.span)
    }

    private func layout(in size: Size) {
        let bounds = Rect(origin: .zero, size: size)
        root.place(in: bounds)
        let orphans = overlays.layout(in: bounds, root: root)
        if !orphans.isEmpty { closeOrphans(orphans) }
    }

    private func drawEverything(on canvas: inout Canvas, context: DrawContext) {
        root.drawTree(in: &canvas, context: context)
        overlays.draw(in: &canvas, context: context)
    }

    /// The last frame with `rows` drawn again: the tree and the popups, clipped to them. The
    /// frame's other rows stay shared with the last frame (copied neither here nor when diffed).
    private func drawPartial(rows: RowSet, over lastFrame: Frame, context: DrawContext) -> Canvas {
        var canvas = Canvas(frame: lastFrame, drawingOnly: rows)
        canvas.clear()
        drawEverything(on: &canvas, context: context)
        partialRedrawCount += 1
        if verifiesPartialRedraws {
            var full = Canvas(size: lastFrame.size)
            drawEverything(on: &full, context: context)
            if full.frame != canvas.frame { partialRedrawMismatches += 1 }
        }
        return canvas
    }

    private func cursorPosition(in size: Size) -> Point? {
        guard let focused = focusedWidget(), let position = focused.cursorPosition,
            Rect(origin: .zero, size: size).contains(position), focused.frame.contains(position)
        else { return nil }
        // A caret under an open popup would show through it.
        if let top = overlays.top, !top.popup.isAncestor(of: focused), overlays.covers(position) {
            return nil
        }
        return position
    }

    /// The rows a render may limit itself to, or `nil` when everything must be drawn: after
    /// a layout, a full redraw request, a size change or "too small", and for the first frame.
    private func partialRedrawRows(size: Size, tooSmall: Bool) -> RowSet? {
        guard !needsLayout, !redrawAll, !tooSmall, !showingTooSmall, let lastFrame, lastFrame.size == size
        else { return nil }
        let rows = damagedRows.clamped(to: 0..<size.height)
        return rows.isEmpty ? nil : rows
    }

    /// What the screen says below the root's minimum size: which way to grow the terminal,
    /// to how much, and how big it is now, as in "terminal too small: make it at least 10
    /// rows tall (it has 8)".
    static func tooSmallMessage(size: Size, needs minimum: Size) -> String {
        let narrow = size.width < minimum.width, short = size.height < minimum.height
        switch (narrow, short) {
        case (true, false):
            return "terminal too small: make it at least \(minimum.width) columns wide (it has \(size.width))"
        case (false, true):
            return "terminal too small: make it at least \(minimum.height) rows tall (it has \(size.height))"
        default:
            return "terminal too small: make it at least \(minimum.width) columns wide and \(minimum.height) rows "
                + "tall (it is \(size.width)×\(size.height))"
        }
    }

    private func drawTooSmall(on canvas: inout Canvas, needs minimum: Size, theme: Theme) {
        let message = Self.tooSmallMessage(size: canvas.size, needs: minimum)
        let lines = message.wrapped(toWidth: max(1, canvas.size.width))
        let top = max(0, (canvas.size.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            let x = max(0, (canvas.size.width - line.terminalWidth) / 2)
            canvas.put(line, at: Point(x: x, y: top + index), style: theme.error)
        }
    }
}
