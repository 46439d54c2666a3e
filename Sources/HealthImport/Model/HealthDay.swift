/// A calendar day in the import's time zone.
public struct HealthDay: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The year (1900-2200 for days from an export).
    public let year: Int
    /// The month, 1-12.
    public let month: Int
    /// The day of the month, 1-31.
    public let day: Int

    /// The day `dayNumber` days after 1970-01-01.
    init(dayNumber: Int) {
        (year, month, day) = CivilCalendar.date(dayNumber: dayNumber)
    }

    /// The day, or nil for a date that does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard CivilCalendar.isValid(year: year, month: month, day: day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01.
    var dayNumber: Int { CivilCalendar.dayNumber(year: year, month: month, day: day) }

    /// `2025-06-01`.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// Earlier days first.
    public static func < (lhs: HealthDay, rhs: HealthDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
