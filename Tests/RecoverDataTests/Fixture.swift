import Care
import Foundation

/// Shared values of the data tests (the care contract suite's, for the audited care writes).
enum Fixture {
    static let newYork = "America/New_York"
    static let tokyo = "Asia/Tokyo"
    static let created = Date(timeIntervalSince1970: 1_748_000_000)

    static func day(_ text: String) -> LocalDate { LocalDate(text) ?? LocalDate(dayNumber: 0) }
    static func time(_ text: String) -> LocalDateTime { LocalDateTime(text) ?? LocalDate(dayNumber: 0).startOfDay }
    static func clock(_ text: String) -> LocalTime { LocalTime(text) ?? .midnight }

    /// A daily 08:00 check-in from 2025-06-01 in plan `plan-1`.
    static func checkIn(id: String = "checkin", versionID: String = "checkin-v1") -> CareTask {
        CareTask(
            id: id, versionID: versionID, title: "Check-in", instructions: "Rate your pain and sleep.",
            carePlanID: "plan-1", schedule: .daily(at: clock("08:00"), from: day("2025-06-01")),
            tags: ["daily", "survey"], groupIdentifier: "surveys", userInfo: ["survey": "checkin"],
            assetName: "heart", effectiveDate: day("2025-06-01").startOfDay)
    }

    /// A daily all-day onboarding task that does not impact adherence.
    static func onboarding() -> CareTask {
        CareTask(
            id: "onboarding", versionID: "onboarding-v1", title: "Consent and onboarding", carePlanID: "plan-1",
            schedule: .dailyAllDay(from: day("2025-06-01")), impactsAdherence: false, tags: ["onboarding"],
            effectiveDate: day("2025-06-01").startOfDay)
    }

    /// The Recover range-of-motion schedule created 2025-06-02 10:30.
    static func rangeOfMotion() -> CareTask {
        let schedule = Schedule(elements: [
            ScheduleElement(
                start: time("2025-06-02T10:30"), end: time("2025-06-09T10:30"), interval: .days(1),
                duration: .allDay),
            ScheduleElement(
                start: time("2025-06-09T10:30"), end: time("2025-07-02T10:30"), interval: .weeks(1),
                duration: .allDay),
        ])
        return CareTask(
            id: "rangeOfMotionCheck", versionID: "rom-v1", title: "Range of motion", carePlanID: "plan-1",
            schedule: schedule, tags: ["active"], effectiveDate: time("2025-06-02T10:30"))
    }

    static func outcome(
        _ id: String, task: CareTask, occurrence: Int, values: [OutcomeValue] = [OutcomeValue(.boolean(true))]
    ) -> Outcome {
        Outcome(
            id: id, taskID: task.id, taskVersionID: task.versionID, occurrenceIndex: occurrence, values: values,
            createdDate: created)
    }
}
