import Foundation

/// How instants travel: microseconds since 2000-01-01 UTC, PostgreSQL's own `timestamptz` resolution.
///
/// A `Date` is sent in PostgreSQL's binary form and read back from the text the server prints with the
/// session's `TimeZone` set to UTC (`2026-03-29 07:05:09.123456+00`), parsed by hand (`DateFormatter` costs
/// tens of microseconds a call). A date comes back rounded to the microsecond: compare with ``rounded(_:)``
/// when a test round-trips `Date()`.
public enum PostgresTimestamp {
    /// Seconds from 1970-01-01 to 2000-01-01, PostgreSQL's epoch.
    static let epochOffset: Int64 = 946_684_800

    /// The date as it will be read back: rounded to the microsecond.
    public static func rounded(_ date: Date) -> Date {
        guard let microseconds = microsecondsSince2000(date) else { return date }
        return self.date(microsecondsSince2000: microseconds)
    }

    /// The microseconds since PostgreSQL's epoch, or nil for a date too far away to count them.
    static func microsecondsSince2000(_ date: Date) -> Int64? {
        let microseconds = ((date.timeIntervalSince1970 - Double(epochOffset)) * 1_000_000).rounded()
        guard microseconds.isFinite, abs(microseconds) < 9.2e18 else { return nil }
        return Int64(microseconds)
    }

    static func date(microsecondsSince2000 microseconds: Int64) -> Date {
        let whole = microseconds / 1_000_000 + epochOffset
        let fraction = microseconds % 1_000_000
        return Date(timeIntervalSince1970: Double(whole) + Double(fraction) / 1_000_000)
    }

    /// The instant of a `timestamptz` (`withOffset`) or `timestamp` as the server prints it with
    /// `DateStyle=ISO`: `YYYY-MM-DD HH:MM:SS[.ffffff][+HH[:MM[:SS]]][ BC]`. Nil for anything else, such as
    /// `infinity`.
    static func parse(_ text: String, withOffset: Bool) -> Date? {
        var scanner = DigitScanner(text)
        guard let year = scanner.number(minimumDigits: 4, maximumDigits: 7), scanner.skip("-"),
            let month = scanner.number(exactly: 2), scanner.skip("-"), let day = scanner.number(exactly: 2),
            scanner.skip(" "), let hour = scanner.number(exactly: 2), scanner.skip(":"),
            let minute = scanner.number(exactly: 2), scanner.skip(":"), let second = scanner.number(exactly: 2)
        else { return nil }
        var microsecond: Int64 = 0
        if scanner.skip(".") {
            let start = scanner.position
            guard let fraction = scanner.number(minimumDigits: 1, maximumDigits: 6) else { return nil }
            let digits = scanner.position - start
            microsecond = fraction * [1, 100_000, 10_000, 1000, 100, 10, 1][digits]
        }
        var offsetSeconds: Int64 = 0
        if withOffset {
            let sign: Int64
            if scanner.skip("+") {
                sign = 1
            } else if scanner.skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = scanner.number(exactly: 2) else { return nil }
            var minutes: Int64 = 0
            var seconds: Int64 = 0
            if scanner.skip(":") {
                guard let value = scanner.number(exactly: 2) else { return nil }
                minutes = value
                if scanner.skip(":") {
                    guard let value = scanner.number(exactly: 2) else { return nil }
                    seconds = value
                }
            }
            offsetSeconds = sign * (hours * 3600 + minutes * 60 + seconds)
        }
        // Year 1 BC is year 0 of the proleptic Gregorian calendar, 2 BC is -1.
        let astronomicalYear = scanner.skip(" BC") ? 1 - year : year
        guard scanner.isAtEnd, (1...12).contains(month), day >= 1,
            day <= CivilDate.daysIn(month: month, year: astronomicalYear), hour < 24, minute < 60, second < 60
        else { return nil }
        let days = CivilDate.daysSince1970(year: astronomicalYear, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return date(microsecondsSince2000: (seconds - epochOffset) * 1_000_000 + microsecond)
    }
}

/// Days of the proleptic Gregorian calendar, counted in closed form (eras of 400 years).
enum CivilDate {
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        // Count from March, so the leap day ends its year.
        let marchYear = month > 2 ? year : year - 1
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let marchMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * marchMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// Reads fixed-format ASCII text left to right.
struct DigitScanner {
    private let bytes: [UInt8]
    private(set) var position = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { position == bytes.count }

    /// Consumes `literal` if the text continues with it.
    mutating func skip(_ literal: String) -> Bool {
        let expected = Array(literal.utf8)
        guard bytes.count - position >= expected.count,
            bytes[position..<position + expected.count].elementsEqual(expected)
        else { return false }
        position += expected.count
        return true
    }

    mutating func number(exactly digits: Int) -> Int64? {
        number(minimumDigits: digits, maximumDigits: digits)
    }

    /// Consumes as many digits as there are, up to `maximumDigits`; nil if fewer than `minimumDigits`.
    mutating func number(minimumDigits: Int, maximumDigits: Int) -> Int64? {
        var value: Int64 = 0
        var count = 0
        while count < maximumDigits, position < bytes.count, (48...57).contains(bytes[position]) {
            value = value * 10 + Int64(bytes[position] - 48)
            position += 1
            count += 1
        }
        return count >= minimumDigits ? value : nil
    }
}
