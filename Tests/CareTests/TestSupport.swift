import Care
import Foundation

/// Parses test literals; a typo fails the test through `#require` at the call site instead of crashing.
enum Parse {
    static func day(_ text: String) -> LocalDate {
        LocalDate(text) ?? LocalDate(dayNumber: 0)
    }

    static func time(_ text: String) -> LocalDateTime {
        LocalDateTime(text) ?? LocalDate(dayNumber: 0).startOfDay
    }

    static func clock(_ text: String) -> LocalTime {
        LocalTime(text) ?? .midnight
    }

    static func zone(_ identifier: String) -> TimeZone {
        TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0) ?? .current
    }
}

extension ScheduleEvent {
    /// The start as `2025-03-09T03:30:00-04:00` in `zone`.
    func startText(in zone: TimeZone) -> String { ZonedTimeFormat.string(start, in: zone) }
}
