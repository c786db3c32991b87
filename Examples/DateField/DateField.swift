import Foundation
import TetherReactive
import TetherUI

/// A date entered as three segments, `dd/mm/yyyy`: day, month and year.
///
/// ←/→ move between the segments, ↑/↓ change the focused one (a day or month wraps, a year
/// stays in ``years``), and typed digits fill it, going on to the next segment when it is
/// full. What the user enters is shown as entered; only a real date becomes the field's
/// ``date`` and is reported on `rx.date`. One that is not (31 February) is refused: the
/// date keeps its last value, the segments are drawn in the error style and ``problem``
/// says why, in a sentence, until the user fixes it.
///
/// Built on TetherUI's public API only (see docs/writing-a-widget.md).
@MainActor
public final class DateField: Widget {
    /// A part of the date.
    public enum Segment: Int, CaseIterable, Sendable {
        case day, month, year

        /// How many digits fill the segment.
        var width: Int { self == .year ? 4 : 2 }
        /// Where the segment starts in `dd/mm/yyyy`.
        var column: Int { [0, 3, 6][rawValue] }
    }

    /// The years a date may have.
    public let years: ClosedRange<Int>
    /// The last real date, as the model sees it.
    private(set) var committed: CalendarDay
    /// What the segments show: the date being entered.
    var entry: CalendarDay
    /// The segment that ↑/↓ and digits change.
    public private(set) var focusedSegment = Segment.day
    /// The digits typed into the focused segment since it was entered (0: none yet).
    var typedDigits = 0
    let edits = PublishSubject<DateComponents>()
    let problems: BehaviorSubject<String?>

    /// A field showing `date` (its day, month and year; anything else is ignored), with a
    /// year in `years`. A `date` that is not a real day in `years` is replaced by 1 January
    /// of the first year.
    public init(date: DateComponents, years: ClosedRange<Int> = 1...9999) {
        self.years = years
        let start = CalendarDay(date).flatMap { $0.problem(years: years) == nil ? $0 : nil }
        committed = start ?? CalendarDay(day: 1, month: 1, year: years.lowerBound)
        entry = committed
        problems = BehaviorSubject(value: nil)
        super.init()
    }

    isolated deinit {
        edits.onCompleted()
        problems.onCompleted()
    }

    // MARK: State

    /// The date: its day, month and year. Setting it is a programmatic write: the segments
    /// show it and any problem clears; it is never reported on `rx.date`. A value that is
    /// not a real date in ``years``, or lacks a part, is ignored. Bind it two ways with
    /// `rx.date`.
    public var date: DateComponents {
        get { committed.components }
        set {
            guard let day = CalendarDay(newValue), day.problem(years: years) == nil else { return }
            typedDigits = 0
            guard day != committed || day != entry else { return }
            committed = day
            entry = day
            setProblem(nil)
            setNeedsDisplay()
        }
    }

    /// Why the segments do not make a date now (`31 February 2026 is not a date: February
    /// 2026 has 28 days.`), or `nil` when they do. Observe it with `rx.problem`.
    public var problem: String? { problems.value }

    /// The segments as shown: `27/11/2026`.
    public var text: String { entry.text }

    /// Makes `day` the entry as the user's edit: shown at once; when it is a real date that
    /// differs from the last one, it becomes ``date`` and is reported on the edits.
    func userEnter(_ day: CalendarDay) {
        entry = day
        setNeedsDisplay()
        let problem = day.problem(years: years)
        setProblem(problem)
        guard problem == nil, day != committed else { return }
        committed = day
        edits.onNext(day.components)
    }

    private func setProblem(_ problem: String?) {
        if problem != problems.value { problems.onNext(problem) }
    }

    // MARK: Focus

    public override var canFocus: Bool { true }

    /// Leaving the field ends the typing in its segment; coming back starts afresh.
    public override func focusChanged() { endTyping() }

    /// Moves to `segment`, ending the typing in the one left.
    func select(_ segment: Segment) {
        guard segment != focusedSegment else { return }
        endTyping()
        focusedSegment = segment
        setNeedsDisplay()
    }

    /// Ends the typing in the focused segment and enters what it holds (a year typed in
    /// part, `20`, is taken as it stands once the user leaves it).
    func endTyping() {
        guard typedDigits > 0 else { return }
        typedDigits = 0
        userEnter(entry)
    }

    // MARK: Keys (DateField+Keys.swift)

    /// ←/→ and ↑/↓, bound to the field's own intents.
    public override var keyBindings: KeyMap? { Self.bindings }

    /// `←/→ day/month/year · ↑/↓ change`.
    public override var keyHints: [KeyHint] { Self.hints }

    /// Moves between the segments and changes the focused one.
    public override func perform(_ intent: Intent) -> Bool { performSegmentIntent(intent) }

    /// Digits fill the focused segment; `/`, `.`, `-` and a space go on to the next.
    public override func insertText(_ text: String) -> Bool { typeText(text) }

    // MARK: Drawing

    public override func preferredSize(for proposal: Size) -> Size { Size(width: 10, height: 1) }

    public override var minimumSize: Size { Size(width: 10, height: 1) }

    public override func draw(in canvas: inout Canvas, context: DrawContext) {
        let theme = context.theme
        let enabled = isEffectivelyEnabled
        let base = problem != nil && enabled ? theme.error : theme.style(enabled: enabled, focused: false, role: .field)
        canvas.put("/", at: Point(x: 2, y: 0), style: base)
        canvas.put("/", at: Point(x: 5, y: 0), style: base)
        for segment in Segment.allCases {
            let style = isFocused && segment == focusedSegment ? base.adding(.reverse) : base
            canvas.put(segmentText(segment), at: Point(x: segment.column, y: 0), style: style)
        }
    }

    /// A segment's digits; while it is being typed, the digits so far and `_` for the rest.
    private func segmentText(_ segment: Segment) -> String {
        let value = [entry.day, entry.month, entry.year][segment.rawValue]
        guard isFocused, segment == focusedSegment, typedDigits > 0 else {
            return CalendarDay.padded(value, segment.width)
        }
        let typed = CalendarDay.padded(value, typedDigits)
        return typed + String(repeating: "_", count: segment.width - typedDigits)
    }

    /// The caret sits where the next digit goes in the focused segment.
    public override var cursorPosition: Point? {
        guard isFocused else { return nil }
        let offset = min(typedDigits, focusedSegment.width - 1)
        return Point(x: frame.minX + focusedSegment.column + offset, y: frame.minY)
    }

    public override var description: String { "DateField(\(entry.text))" }
}
