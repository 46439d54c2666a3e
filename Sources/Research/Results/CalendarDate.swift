import Foundation

/// A day in the calendar without a time or zone, written `yyyy-MM-dd`.
public struct CalendarDate: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The year, 1...9999.
    public var year: Int
    /// The month, 1...12.
    public var month: Int
    /// The day of the month.
    public var day: Int

    /// Creates a date; `nil` when the day does not exist (February 30th).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= Self.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `yyyy-MM-dd`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The `yyyy-MM-dd` form, zero-padded: `2026-05-04`.
    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Orders earlier before later.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Decodes a `yyyy-MM-dd` string of a day that exists; anything else is `dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a date like 2026-05-04")
        }
        self = date
    }

    /// Encodes the `yyyy-MM-dd` form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
