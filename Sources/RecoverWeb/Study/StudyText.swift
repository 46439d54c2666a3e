import Care
import Foundation
import Web

/// Dates and times as the participant pages show them: the one place that formats a day for the page's
/// language (the catalog's `date.*` patterns).
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

    /// "4 Nov" / "11月4日": a day without weekday and year (chart axes, tables).
    static func shortDate(_ date: LocalDate, _ t: Localizer) -> String {
        t("date.short", ["day": String(date.day), "month": t["month.short.\(date.month)"]])
    }

    /// Items in a run of text: "Kneecap, Shin" / "髌骨、小腿".
    static func list(_ items: [String], _ t: Localizer) -> String {
        items.joined(separator: t["list.separator"])
    }

    /// "08:00".
    static func time(_ time: LocalTime) -> String {
        (time.hour < 10 ? "0" : "") + String(time.hour) + (time.minute < 10 ? ":0" : ":") + String(time.minute)
    }
}
