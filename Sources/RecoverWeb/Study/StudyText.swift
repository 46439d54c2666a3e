import Care
import Foundation
import Web

/// Dates and times as the participant pages show them.
enum StudyText {
    /// "Monday 9 March 2026" / "2026年3月9日 星期一".
    static func longDate(_ date: LocalDate, _ t: Localizer) -> String {
        t(
            "date.long",
            [
                "weekday": t["weekday.long.\(date.weekday.rawValue)"], "day": String(date.day),
                "month": t["month.\(date.month)"], "year": String(date.year),
            ])
    }

    /// "08:00".
    static func time(_ time: LocalTime) -> String {
        (time.hour < 10 ? "0" : "") + String(time.hour) + (time.minute < 10 ? ":0" : ":") + String(time.minute)
    }
}
