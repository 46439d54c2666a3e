import Care
import Cryptography
import Exports
import Foundation
import Recover
import RecoverData
import Web

/// A participant's calendar link as an iCalendar document: one event per event of the tasks their feed shows,
/// titled in their language, linking to the task's page, with an alarm at the start (09:00 for an all-day
/// task) unless it is already done. Titles only: never an answer, a score or anything else they recorded.
enum CalendarDocument {
    /// When an all-day event's alarm rings: 9 hours after its day's midnight.
    static let allDayAlarmOffset = 9 * 3600

    static func feed(_ found: CalendarFeedEvents, baseURL: String, now: Date) -> ICalendarFeed {
        let language = Language(tag: found.account.language ?? "en") ?? .english
        let t = Localizer(language)
        let events = found.events.compactMap { event -> ICalendarFeed.Event? in
            guard let studyTaskID = ParticipantPlan.studyTaskID(of: event.task) else { return nil }
            let scheduled = event.scheduleEvent
            let title = StudyText.taskTitle(studyTaskID, t)
            let isDone = event.outcome?.isLive == true
            return ICalendarFeed.Event(
                uid: uid(taskID: event.task.id, studyTaskID: studyTaskID, occurrence: scheduled.occurrence),
                start: scheduled.start, end: scheduled.end,
                days: scheduled.isAllDay ? allDays(scheduled, in: found.zone) : nil, summary: title,
                url: "\(baseURL)/survey/\(studyTaskID)/\(scheduled.occurrence)",
                alarm: isDone ? nil : t("calendar.alarm", ["task": title]),
                alarmOffset: scheduled.isAllDay ? allDayAlarmOffset : 0)
        }
        let window =
            found.days.lowerBound.startOfDay.instant(
                in: found.zone)..<found.days.upperBound.startOfDay
            .instant(in: found.zone)
        return ICalendarFeed(name: t["calendar.name"], zone: found.zone, window: window, stamp: now, events: events)
    }

    /// The local days of an all-day event: its day through the day its end falls on (exclusive).
    static func allDays(_ event: ScheduleEvent, in zone: TimeZone) -> Range<LocalDate> {
        let last = LocalDateTime(instant: event.end.addingTimeInterval(-1), in: zone).date
        return event.day..<max(last, event.day).addingDays(1)
    }

    /// `checkin-12-<16 hex>@recover`: the study task and occurrence, and the first 64 bits of the SHA-256 of the
    /// care task id, so the UID is the same on every fetch and differs between participants without naming one.
    static func uid(taskID: String, studyTaskID: String, occurrence: Int) -> String {
        "\(studyTaskID)-\(occurrence)-\(Crypto.sha256Hex(taskID).prefix(16))@recover"
    }
}
