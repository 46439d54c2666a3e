import Foundation

/// How instants are stored: UTC ISO 8601 text with milliseconds, `2026-03-29T07:05:09.123Z`.
///
/// Fixed width, so text order is time order (for years 0000-9999), readable in the `sqlite3` shell, and
/// accepted by PostgreSQL's `timestamptz`. Formatting and parsing are hand-written for the one format
/// (`DateFormatter` costs tens of microseconds a call). A date comes back rounded to the nearest millisecond:
/// compare with ``rounded(_:)`` when a test round-trips `Date()`.
public enum DatabaseDate {
    /// The stored text of an instant.
    public static func string(from date: Date) -> String {
        let milliseconds = millisecondsSince1970(date)
        let (days, millisecondOfDay) = floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        let hour = millisecondOfDay / 3_600_000
        let minute = millisecondOfDay / 60_000 % 60
        let second = millisecondOfDay / 1000 % 60
        let millisecond = millisecondOfDay % 1000
        var text = ""
        text.reserveCapacity(24)
        append(year, width: 4, to: &text)
        text.append("-")
        append(month, width: 2, to: &text)
        text.append("-")
        append(day, width: 2, to: &text)
        text.append("T")
        append(hour, width: 2, to: &text)
        text.append(":")
        append(minute, width: 2, to: &text)
        text.append(":")
        append(second, width: 2, to: &text)
        text.append(".")
        append(millisecond, width: 3, to: &text)
        text.append("Z")
        return text
    }

    /// The instant of stored text (`YYYY-MM-DDTHH:MM:SS[.sss]Z`), or nil for any other text.
    public static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z") else { return nil }
        let separators: [(Int, UInt8)] = [
            (4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (10, UInt8(ascii: "T")),
            (13, UInt8(ascii: ":")), (16, UInt8(ascii: ":")),
        ]
        for (index, byte) in separators where bytes[index] != byte { return nil }
        guard let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2)
        else { return nil }
        var millisecond: Int64 = 0
        if bytes.count == 24 {
            guard bytes[19] == UInt8(ascii: "."), let fraction = number(bytes, 20, 3) else { return nil }
            millisecond = fraction
        }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24,
            minute < 60, second < 60
        else { return nil }
        let days = self.days(fromYear: year, month: month, day: day)
        let total = (((days * 24 + hour) * 60 + minute) * 60 + second) * 1000 + millisecond
        return Date(timeIntervalSince1970: Double(total) / 1000)
    }

    /// The date as it will be read back: rounded to the nearest millisecond.
    public static func rounded(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(millisecondsSince1970(date)) / 1000)
    }

    private static func millisecondsSince1970(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        // Clamp to years 0000-9999 so formatting stays fixed width and never traps on conversion.
        return Int64(min(max(milliseconds, -62_167_219_200_000), 253_402_300_799_999))
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }

    // Days since 1970-01-01 to and from the proleptic Gregorian calendar (H. Hinnant's civil algorithms).
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func days(fromYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let adjustedYear = month <= 2 ? year - 1 : year
        let era = (adjustedYear >= 0 ? adjustedYear : adjustedYear - 399) / 400
        let yearOfEra = adjustedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ width: Int) -> Int64? {
        var value: Int64 = 0
        for byte in bytes[start..<start + width] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func append(_ value: Int64, width: Int, to text: inout String) {
        let digits = String(value)
        if digits.count < width { text.append(String(repeating: "0", count: width - digits.count)) }
        text.append(digits)
    }
}
