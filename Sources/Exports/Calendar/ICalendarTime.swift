import Care
import Foundation

/// Dates and times as iCalendar writes them.
public enum ICalendarTime {
    /// `YYYYMMDD`.
    public static func date(_ date: LocalDate) -> String { date.description.filter { $0 != "-" } }

    /// `YYYYMMDDTHHMMSS`, a local (or `TZID`) date-time.
    public static func local(_ time: LocalDateTime) -> String { time.description.filter { $0 != "-" && $0 != ":" } }

    /// `YYYYMMDDTHHMMSSZ`, an instant in UTC.
    public static func utc(_ instant: Date) -> String {
        local(LocalDateTime(instant: instant, in: .gmt)) + "Z"
    }

    /// `YYYYMMDDTHHMMSS` of `instant` on the wall clock of `zone`.
    public static func local(_ instant: Date, in zone: TimeZone) -> String {
        local(LocalDateTime(instant: instant, in: zone))
    }
}
