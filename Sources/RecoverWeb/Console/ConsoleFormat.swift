import Care
import Foundation

/// How the console writes dates, numbers and percentages (the same in both languages: ISO-style dates
/// read unambiguously in English and Chinese).
enum ConsoleFormat {
    /// `2026-03-29 09:05` in `zone`.
    static func dateTime(_ date: Date, in zone: TimeZone) -> String {
        let local = LocalDateTime(instant: date, in: zone)
        return "\(local.date) \(local.time.description.prefix(5))"
    }

    /// `2026-03-29 09:05:09 +02:00` in `zone`: a date and time with its UTC offset.
    static func dateTimeWithOffset(_ date: Date, in zone: TimeZone) -> String {
        let local = LocalDateTime(instant: date, in: zone)
        let offset = ZonedTimeFormat.offsetString(zone.secondsFromGMT(for: date))
        return "\(local.date) \(local.time) \(offset)"
    }

    /// `2026-03-29` in `zone`.
    static func date(_ date: Date, in zone: TimeZone) -> String {
        LocalDateTime(instant: date, in: zone).date.description
    }

    /// `87%`.
    static func percent(_ fraction: Double) -> String {
        "\(Int((fraction * 100).rounded()))%"
    }

    /// A number without a needless `.0`.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
    }
}

/// The console's paged lists.
enum ConsolePaging {
    /// The highest page number a list accepts (`?page=`); beyond it a 400, so offsets stay small.
    static let maximumPage = 100_000
}
