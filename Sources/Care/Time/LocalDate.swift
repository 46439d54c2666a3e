import Foundation

/// A calendar date on a wall calendar, without a time zone: "2025-06-02".
///
/// ```swift
/// let day = LocalDate(year: 2025, month: 1, day: 31)!
/// day.addingMonths(1)  // 2025-02-28, clamped to the month's length
/// ```
public struct LocalDate: Hashable, Comparable, Sendable {
    /// The year, for example 2025.
    public let year: Int
    /// Days since 1970-01-01, worked out once: schedule arithmetic reads it on every query.
    public let dayNumber: Int
    /// The month and day in one byte each, after the words: a date is copied into every schedule event, so it is
    /// kept to 18 bytes.
    private let storedMonth: UInt8
    private let storedDay: UInt8

    /// The month, 1 to 12.
    public var month: Int { Int(storedMonth) }
    /// The day of the month, 1 to 31.
    public var day: Int { Int(storedDay) }

    /// Creates a date, or nil when the components do not name a real day (or the year is beyond 100 million).
    public init?(year: Int, month: Int, day: Int) {
        guard (-100_000_000...100_000_000).contains(year), (1...12).contains(month), day >= 1,
            day <= CivilCalendar.daysInMonth(year: year, month: month)
        else {
            return nil
        }
        self.init(unchecked: year, month, day)
    }

    /// The date with day number `dayNumber` (days since 1970-01-01).
    public init(dayNumber: Int) {
        let parts = CivilCalendar.date(fromDayNumber: dayNumber)
        year = parts.year
        storedMonth = UInt8(truncatingIfNeeded: parts.month)
        storedDay = UInt8(truncatingIfNeeded: parts.day)
        self.dayNumber = dayNumber
    }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (ISO weekday 4).
        Weekday(rawValue: (dayNumber % 7 + 7 + 3) % 7 + 1) ?? .monday
    }

    /// The date `days` days later (or earlier when negative).
    public func addingDays(_ days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// The date `months` months later, with the day clamped to the target month's length.
    public func addingMonths(_ months: Int) -> LocalDate {
        let monthIndex = year * 12 + (month - 1) + months
        let targetYear = CivilCalendar.floorDivide(monthIndex, 12)
        let targetMonth = monthIndex - targetYear * 12 + 1
        let targetDay = min(day, CivilCalendar.daysInMonth(year: targetYear, month: targetMonth))
        return LocalDate(unchecked: targetYear, targetMonth, targetDay)
    }

    /// Whole months from this date's month to `other`'s month, ignoring the days.
    func months(to other: LocalDate) -> Int {
        (other.year - year) * 12 + (other.month - month)
    }

    /// Midnight at the start of this day.
    public var startOfDay: LocalDateTime { LocalDateTime(date: self, time: .midnight) }

    init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        storedMonth = UInt8(truncatingIfNeeded: month)
        storedDay = UInt8(truncatingIfNeeded: day)
        dayNumber = CivilCalendar.dayNumber(year: year, month: month, day: day)
    }

    /// Earlier in the calendar.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    /// The same calendar day, compared by day number.
    public static func == (lhs: LocalDate, rhs: LocalDate) -> Bool {
        lhs.dayNumber == rhs.dayNumber
    }

    /// Hashes the day number, as `==` compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(dayNumber)
    }
}

extension LocalDate: CustomStringConvertible, LosslessStringConvertible, Codable {
    /// The ISO 8601 form `YYYY-MM-DD`.
    public var description: String {
        "\(ISOText.padded(year, 4))-\(ISOText.padded(month, 2))-\(ISOText.padded(day, 2))"
    }

    /// Parses `YYYY-MM-DD`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = ISOText.number(parts[0]), let month = ISOText.number(parts[1]),
            let day = ISOText.number(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Decodes `YYYY-MM-DD`; anything else is `dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected a date YYYY-MM-DD, got '\(text)'")
            )
        }
        self = date
    }

    /// Encodes the `YYYY-MM-DD` form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
