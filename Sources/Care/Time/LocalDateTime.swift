import Foundation

/// A date and time of day on a wall clock, without a time zone: "2025-03-07T02:30:00".
///
/// Schedules keep their starts in this form and are turned into instants only when evaluated in the
/// patient's zone, so "08:00 daily" stays 08:00 across daylight-saving changes and moves.
public struct LocalDateTime: Hashable, Comparable, Sendable {
    /// The calendar date.
    public let date: LocalDate
    /// The time of day.
    public let time: LocalTime

    /// Creates a local date-time from its date and time of day.
    public init(date: LocalDate, time: LocalTime) {
        self.date = date
        self.time = time
    }

    /// The local date-time `seconds` nominal seconds after 1970-01-01T00:00:00.
    init(nominalSeconds seconds: Int) {
        let day = CivilCalendar.floorDivide(seconds, CivilCalendar.secondsPerDay)
        date = LocalDate(dayNumber: day)
        time = LocalTime(secondsSinceMidnight: seconds - day * CivilCalendar.secondsPerDay)
    }

    /// Nominal seconds since 1970-01-01T00:00:00 on the wall clock (every day counts 86 400 seconds).
    ///
    /// Orders events independently of any time zone: occurrence indices never change when a patient moves.
    public var nominalSeconds: Int { date.dayNumber * CivilCalendar.secondsPerDay + time.secondsSinceMidnight }

    /// The wall-clock time `seconds` nominal seconds later.
    public func adding(seconds: Int) -> LocalDateTime { LocalDateTime(nominalSeconds: nominalSeconds + seconds) }

    /// Earlier on the wall clock: by date, then by time of day.
    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.time) < (rhs.date, rhs.time)
    }
}

extension LocalDateTime: CustomStringConvertible, LosslessStringConvertible, Codable {
    /// The ISO 8601 form `YYYY-MM-DDTHH:MM:SS`.
    public var description: String { "\(date)T\(time)" }

    /// Parses `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`.
    public init?(_ text: String) {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2, let date = LocalDate(String(parts[0])), let time = LocalTime(String(parts[1])) else {
            return nil
        }
        self.init(date: date, time: time)
    }

    /// Decodes `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`; anything else is `dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = LocalDateTime(text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected a local date-time YYYY-MM-DDTHH:MM[:SS], got '\(text)'"
                )
            )
        }
        self = value
    }

    /// Encodes the `YYYY-MM-DDTHH:MM:SS` form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
