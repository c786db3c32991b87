import TetherReactive

/// A value picked from a range in steps, drawn as a track with a knob and the value.
///
/// ←/→ move by one step, PgUp/PgDn by ten, Home/End go to the bounds; a click or a drag
/// on the track sets the value under the pointer, and the wheel adjusts it while the
/// slider has focus. Values are clamped to the range and snapped to the step. ``value`` is
/// the value; setting it is a programmatic write. `rx.value` (and `rx.intValue`) report
/// the user's changes only.
@MainActor
public final class Slider: Widget {
    /// The smallest and largest values.
    public let range: ClosedRange<Double>
    /// The step values snap to (0 for continuous).
    public let step: Double
    /// Formats the value shown after the track.
    public var format: (Double) -> String {
        didSet { setNeedsLayout() }
    }
    private var current: Double
    let editable = UserEditable<Slider, Double>(
        get: { $0.current }, set: { $0.current = $1 }, normalize: { slider, value in slider.snap(value) })

    /// A slider over `range` in steps of `step`, starting at `value` (clamped and snapped).
    public init(
        value: Double, in range: ClosedRange<Double>, step: Double = 1,
        format: @escaping (Double) -> String = Slider.defaultFormat
    ) {
        self.range = range
        self.step = max(0, step)
        self.format = format
        current = range.lowerBound
        super.init()
        current = snap(value)
    }

    /// Shows the value without a fractional part when it has none.
    nonisolated public static func defaultFormat(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The value. Setting it is programmatic: clamped and snapped, redrawn when that
    /// differs, never reported as an edit. Bind it two ways with `rx.value` or `rx.intValue`.
    public var value: Double {
        get { current }
        set { editable.set(newValue, on: self) }
    }

    private func snap(_ value: Double) -> Double {
        guard value.isFinite else { return current }
        let clamped = min(max(value, range.lowerBound), range.upperBound)
        guard step > 0 else { return clamped }
        let steps = ((clamped - range.lowerBound) / step).rounded()
        return min(range.lowerBound + steps * step, range.upperBound)
    }

    private func userSet(_ value: Double) { editable.userSet(value, on: self) }

    public override var canFocus: Bool { true }
    override var userValueSetter: (any UserValueSetting)? { self }

    /// `←/→ adjust`.
    public override var keyHints: [KeyHint] { [KeyHint(.decrement, .increment, help: "adjust")] }

    public override func perform(_ intent: Intent) -> Bool {
        let unit = step > 0 ? step : (range.upperBound - range.lowerBound) / 100
        switch intent {
        case .increment: userSet(current + unit)
        case .decrement: userSet(current - unit)
        case .incrementLarge: userSet(current + unit * 10)
        case .decrementLarge: userSet(current - unit * 10)
        case .toMinimum: userSet(range.lowerBound)
        case .toMaximum: userSet(range.upperBound)
        default: return false
        }
        return true
    }

    // MARK: Geometry

    private var valueWidth: Int {
        max(
            format(range.lowerBound).terminalWidth, format(range.upperBound).terminalWidth,
            format(current).terminalWidth)
    }

    /// The track's columns, relative to the frame: between the brackets.
    private var trackRange: Range<Int> {
        let width = max(1, frame.width - valueWidth - 3)
        return 1..<(1 + width)
    }

    private func value(atColumn x: Int) -> Double {
        let track = trackRange
        let fraction =
            track.count <= 1 ? 0 : Double(min(max(x - track.lowerBound, 0), track.count - 1)) / Double(track.count - 1)
        return range.lowerBound + fraction * (range.upperBound - range.lowerBound)
    }

    public override func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .press(.left), .drag(.left):
            userSet(value(atColumn: event.position.x - frame.minX))
        case .wheelUp: _ = perform(.increment)
        case .wheelDown: _ = perform(.decrement)
        default: return false
        }
        return true
    }

    public override func preferredSize(for proposal: Size) -> Size {
        Size(width: min(proposal.width, valueWidth + 3 + 20), height: 1)
    }

    public override var minimumSize: Size { Size(width: valueWidth + 3 + 5, height: 1) }

    public override func draw(in canvas: inout Canvas, context: DrawContext) {
        let theme = context.theme
        let enabled = isEffectivelyEnabled
        let base = theme.style(enabled: enabled, focused: isFocused)
        let track = trackRange
        let span = range.upperBound - range.lowerBound
        let fraction = span > 0 ? (current - range.lowerBound) / span : 0
        let knob = track.lowerBound + Int((fraction * Double(track.count - 1)).rounded())
        canvas.put("[", at: .zero, style: base)
        for x in track {
            let glyph = x == knob ? "●" : x < knob ? "━" : "─"
            canvas.put(
                glyph, at: Point(x: x, y: 0),
                style: x == knob && enabled ? theme.accent.adding(isFocused ? .reverse : []) : base)
        }
        canvas.put("]", at: Point(x: track.upperBound, y: 0), style: base)
        canvas.put(
            format(current), at: Point(x: track.upperBound + 2, y: 0),
            style: theme.style(enabled: enabled, focused: false))
    }

    public override var description: String { "Slider(value: \(format(current)), range: \(range))" }
}
