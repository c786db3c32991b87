import Foundation

/// A day of the Gregorian calendar as the date field holds it: a day, a month and a year,
/// which may not make a date (31 February) while the user is still entering one.
struct CalendarDay: Hashable, Sendable {
    var day: Int
    var month: Int
    var year: Int

    /// The English names of the months, January first.
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// The day, month and year of `components`, or `nil` when one of them is missing.
    init?(_ components: DateComponents) {
        guard let day = components.day, let month = components.month, let year = components.year else { return nil }
        self.init(day: day, month: month, year: year)
    }

    init(day: Int, month: Int, year: Int) {
        self.day = day
        self.month = month
        self.year = year
    }

    /// The date as components with only a day, a month and a year (no calendar, no time).
    var components: DateComponents { DateComponents(year: year, month: month, day: day) }

    /// How many days `month` (1…12) of `year` has.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// Why this is not a date in `years`, in a sentence, or `nil` when it is one.
    func problem(years: ClosedRange<Int>) -> String? {
        guard years.contains(year) else {
            return "The year must be from \(years.lowerBound) to \(years.upperBound)."
        }
        guard (1...12).contains(month) else { return "The month must be from 1 to 12." }
        let days = Self.daysIn(month: month, year: year)
        guard (1...days).contains(day) else {
            let name = Self.monthNames[month - 1]
            let monthText = month == 2 ? "\(name) \(year)" : name
            return "\(day) \(name) \(year) is not a date: \(monthText) has \(days) days."
        }
        return nil
    }

    /// `dd/mm/yyyy`.
    var text: String { "\(Self.padded(day, 2))/\(Self.padded(month, 2))/\(Self.padded(year, 4))" }

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Reads `27/11/2026` (any of `/ . -` or spaces between the numbers) or the ISO
    /// `2026-11-27` (a first number of four digits); `nil` for anything else.
    static func parse(_ text: String) -> CalendarDay? {
        let parts = text.split(whereSeparator: { "/.- ".contains($0) })
        guard parts.count == 3, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        if parts[0].count == 4 { return CalendarDay(day: numbers[2], month: numbers[1], year: numbers[0]) }
        return CalendarDay(day: numbers[0], month: numbers[1], year: numbers[2])
    }
}
