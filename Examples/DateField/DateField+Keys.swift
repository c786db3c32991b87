import TetherUI

extension Intent {
    /// The date field's previous segment (←).
    public static let previousDateSegment = Intent.custom("dateField.previousSegment")
    /// The date field's next segment (→).
    public static let nextDateSegment = Intent.custom("dateField.nextSegment")
    /// One more in the date field's focused segment (↑).
    public static let increaseDateSegment = Intent.custom("dateField.increase")
    /// One less in the date field's focused segment (↓).
    public static let decreaseDateSegment = Intent.custom("dateField.decrease")
}

/// Keys: ←/→ between the segments, ↑/↓ change one, digits fill one, `/`, `.` and `-` go on
/// to the next.
extension DateField {
    /// The field's own keys, consulted before the application's map while it has focus.
    static let bindings: KeyMap = {
        var map = KeyMap()
        map.bind(.left, to: .previousDateSegment, help: "day/month/year")
        map.bind(.right, to: .nextDateSegment, help: "day/month/year")
        map.bind(.up, to: .increaseDateSegment, help: "change")
        map.bind(.down, to: .decreaseDateSegment, help: "change")
        return map
    }()

    /// `←/→ day/month/year · ↑/↓ change`.
    static let hints = [
        KeyHint(.previousDateSegment, .nextDateSegment, help: "day/month/year"),
        KeyHint(.increaseDateSegment, .decreaseDateSegment, help: "change"),
    ]

    /// ← and → stop at the first and last segments (the key goes on to the form then); ↑
    /// and ↓ always change the focused segment.
    func performSegmentIntent(_ intent: Intent) -> Bool {
        switch intent {
        case .previousDateSegment:
            guard let previous = Segment(rawValue: focusedSegment.rawValue - 1) else { return false }
            select(previous)
        case .nextDateSegment:
            guard let next = Segment(rawValue: focusedSegment.rawValue + 1) else { return false }
            select(next)
        case .increaseDateSegment: step(by: 1)
        case .decreaseDateSegment: step(by: -1)
        default: return false
        }
        return true
    }

    /// Adds `delta` to the focused segment: a day wraps within its month (31 for a month
    /// that is not one), a month within the year; a year stays in ``years``.
    private func step(by delta: Int) {
        var day = entry
        switch focusedSegment {
        case .day:
            let days = (1...12).contains(day.month) ? CalendarDay.daysIn(month: day.month, year: day.year) : 31
            day.day = wrap(day.day + delta, in: 1...days)
        case .month: day.month = wrap(day.month + delta, in: 1...12)
        case .year: day.year = min(max(day.year + delta, years.lowerBound), years.upperBound)
        }
        endTyping()
        userEnter(day)
    }

    private func wrap(_ value: Int, in range: ClosedRange<Int>) -> Int {
        if value > range.upperBound { return range.lowerBound }
        if value < range.lowerBound { return range.upperBound }
        return value
    }

    /// Digits fill the focused segment: the first replaces it, the next add to it, and a
    /// full segment (or one no further digit could make valid: a day of 4, a month of 2)
    /// is entered and goes on to the next; a segment left before it is full is entered
    /// as it stands. `/`, `.`, `-` and a space go on at once. Anything else is not
    /// for this field.
    func typeText(_ text: String) -> Bool {
        guard text.allSatisfy({ ($0.isASCII && $0.isNumber) || "/.- ".contains($0) }) else { return false }
        for character in text {
            if let digit = character.wholeNumberValue {
                type(digit)
            } else if let next = Segment(rawValue: focusedSegment.rawValue + 1) {
                select(next)
            }
        }
        return true
    }

    private func type(_ digit: Int) {
        var day = entry
        let old = [day.day, day.month, day.year][focusedSegment.rawValue]
        let value = typedDigits == 0 ? digit : old * 10 + digit
        switch focusedSegment {
        case .day: day.day = value
        case .month: day.month = value
        case .year: day.year = value
        }
        typedDigits += 1
        let largest = [31, 12, years.upperBound][focusedSegment.rawValue]
        let full = typedDigits == focusedSegment.width || value * 10 > largest
        if full { typedDigits = 0 }
        // A segment is taken when its digits are all there or the user leaves it: the 3 of
        // 31 and the 20 of 2026 are on the way, not values meant.
        if full {
            userEnter(day)
        } else {
            entry = day
            setNeedsDisplay()
        }
        if full, let next = Segment(rawValue: focusedSegment.rawValue + 1) { select(next) }
    }
}
