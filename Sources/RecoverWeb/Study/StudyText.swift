import Care
import Foundation
import Recover
import Web

/// Dates and times as the participant pages show them: the one place that formats a day for the page's
/// language (the catalog's `date.*` patterns).
enum StudyText {
    /// A task's title: the page catalogue's (`task.<id>.title`), else the study file's, else the id.
    static func taskTitle(_ id: String, _ t: Localizer) -> String {
        t.catalog.string("task.\(id).title", in: t.language)
            ?? StudyTaskTexts.title(id, language: t.language.tag) ?? id
    }

    /// A task's instructions: the page catalogue's, else the study file's, else none.
    static func taskInstructions(_ id: String, _ t: Localizer) -> String {
        t.catalog.string("task.\(id).instructions", in: t.language)
            ?? StudyTaskTexts.instructions(id, language: t.language.tag) ?? ""
    }
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
