import Care
import Foundation

/// The care plan of one Recover participant: which tasks exist, with which schedules, and when.
///
/// A participant gets the `onboarding` task when they join. Once onboarding has an outcome, the
/// `checkin`, `rangeOfMotionCheck` and `weeklyDiary` tasks are added, starting on the local day onboarding was
/// completed. Care task ids are per participant (the care store's ids are global); the study task id
/// (`checkin`) is the task's `groupIdentifier`, and names the survey the task runs.
///
/// ```swift
/// let (plan, tasks) = ParticipantPlan.initial(patientID: account.id, joinedOn: today)
/// let later = ParticipantPlan.afterOnboarding(patientID: account.id, completedOn: today, checkinTime: eight)
/// ```
public enum ParticipantPlan {
    /// The check-in time when the participant did not choose one.
    public static let defaultCheckinTime = LocalTime(hour: 8) ?? .midnight

    /// The care plan id of a participant.
    public static func carePlanID(patientID: String) -> String { "plan.\(patientID)" }

    /// The care task id of study task `studyTaskID` (such as `checkin`) for a participant.
    public static func taskID(_ studyTaskID: String, patientID: String) -> String { "\(patientID).\(studyTaskID)" }

    /// The study task id (`onboarding`, `checkin`, `rangeOfMotionCheck`) of a care task, which is also the
    /// id of the survey it runs; `nil` for a task that is not part of the study.
    public static func studyTaskID(of task: CareTask) -> String? {
        guard let group = task.groupIdentifier, StudyTaskID.isWellFormed(group) else { return nil }
        return group
    }

    /// The care plan and the first task (onboarding: daily, all day, from `joinedOn`, no end, not counted
    /// in adherence).
    public static func initial(patientID: String, joinedOn day: LocalDate) -> (plan: CarePlan, tasks: [CareTask]) {
        let plan = CarePlan(id: carePlanID(patientID: patientID), title: "Knee recovery", patientID: patientID)
        let onboarding = CareTask(
            id: taskID(StudyTaskID.onboarding, patientID: patientID),
            title: "Consent and onboarding",
            carePlanID: plan.id,
            schedule: .dailyAllDay(from: day),
            impactsAdherence: false,
            groupIdentifier: StudyTaskID.onboarding,
            effectiveDate: day.startOfDay
        )
        return (plan, [onboarding])
    }

    /// The tasks added once onboarding is completed on the local day `day`: the daily check-in at
    /// `checkinTime`, the composed range-of-motion schedule and the weekly diary (all day, every 7 days
    /// from `day`).
    public static func afterOnboarding(
        patientID: String, completedOn day: LocalDate, checkinTime: LocalTime = defaultCheckinTime
    ) -> [CareTask] {
        let plan = carePlanID(patientID: patientID)
        let checkin = CareTask(
            id: taskID(StudyTaskID.checkin, patientID: patientID),
            title: "Check-in",
            carePlanID: plan,
            schedule: .daily(at: checkinTime, from: day),
            groupIdentifier: StudyTaskID.checkin,
            effectiveDate: day.startOfDay
        )
        let rangeOfMotion = CareTask(
            id: taskID(StudyTaskID.rangeOfMotionCheck, patientID: patientID),
            title: "Range of motion",
            carePlanID: plan,
            schedule: rangeOfMotionSchedule(from: day),
            groupIdentifier: StudyTaskID.rangeOfMotionCheck,
            effectiveDate: day.startOfDay
        )
        let diary = CareTask(
            id: taskID(StudyTaskID.weeklyDiary, patientID: patientID),
            title: "Weekly recovery diary",
            carePlanID: plan,
            schedule: Schedule(.weeklyAllDay(from: day)),
            groupIdentifier: StudyTaskID.weeklyDiary,
            effectiveDate: day.startOfDay
        )
        return [checkin, rangeOfMotion, diary] + optionalTasks(patientID: patientID, from: day)
    }

    /// Daily, all day, for the 7 days from `day`; then weekly, all day, until one month after `day`.
    ///
    /// End dates are exclusive, so day 8 (`day` + 7) has exactly one event: the first weekly one.
    public static func rangeOfMotionSchedule(from day: LocalDate) -> Schedule {
        let weekLater = day.addingDays(7)
        return Schedule(elements: [
            .dailyAllDay(from: day, until: weekLater),
            .weeklyAllDay(from: weekLater, until: day.addingMonths(1)),
        ])
    }

    /// The check-in time chosen in the goals form, read from onboarding's outcome values.
    public static func checkinTime(fromOnboarding values: [OutcomeValue]) -> LocalTime {
        for value in values where value.kind == RecoverSurveys.Onboarding.checkinTime {
            if case .text(let text) = value.content, let time = LocalTime(text) { return time }
        }
        return defaultCheckinTime
    }

    /// Whether onboarding is done: one of its outcomes is live. While it is not, the feed shows only the
    /// onboarding card and other surveys cannot be opened (the gate).
    public static func isOnboarded(onboardingOutcomes: [Outcome]) -> Bool {
        onboardingOutcomes.contains { $0.isLive && $0.taskID.hasSuffix(".\(StudyTaskID.onboarding)") }
    }
}
