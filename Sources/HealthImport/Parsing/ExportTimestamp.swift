/// Apple Health's timestamps, `2025-06-01 08:00:00 +0200`, read from bytes without Foundation's formatters.
enum ExportTimestamp {
    /// The outcome of reading one timestamp.
    enum Parsed: Equatable {
        /// Seconds since 1970-01-01 00:00:00 UTC.
        case instant(Int64)
        /// A valid wall-clock time with no UTC offset: it names no instant.
        case withoutOffset
        case invalid
    }

    /// Reads `YYYY-MM-DD HH:MM:SS ±HHMM` (or `±HH:MM`); every field is bounded before any arithmetic.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed {
        guard bytes.count >= 19, bytes.count <= 26 else { return .invalid }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
            let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2),
            CivilCalendar.isValid(year: year, month: month, day: day), hour < 24, minute < 60, second < 60
        else { return .invalid }
        if bytes.count == 19 { return .withoutOffset }
        guard let offset = offsetSeconds(bytes) else { return .invalid }
        let days = Int64(CivilCalendar.dayNumber(year: year, month: month, day: day))
        let local = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return .instant(local - offset)
    }

    /// ` +HHMM` or ` +HH:MM` after the time, at most 18 hours either way.
    private static func offsetSeconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes[19] == UInt8(ascii: " ") else { return nil }
        let sign: Int64
        switch bytes[20] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        let minutesAt: Int
        switch bytes.count {
        case 25: minutesAt = 23
        case 26 where bytes[23] == UInt8(ascii: ":"): minutesAt = 24
        default: return nil
        }
        guard let hours = digits(bytes, 21, 2), let minutes = digits(bytes, minutesAt, 2), hours <= 18, minutes < 60
        else { return nil }
        return sign * Int64(hours * 3600 + minutes * 60)
    }

    /// `count` (at most 4) ASCII digits at `start`.
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let digit = Int(bytes[index]) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
