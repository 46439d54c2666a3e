import Care
import Foundation

/// A study definition's care tasks for one participant: the onboarding task when they join, the rest when
/// onboarding is completed, and the new versions an amendment brings.
///
/// ```swift
/// let tasks = StudyPlan(study).tasksAfterOnboarding(patientID: id, anchors: anchors)
/// ```
public struct StudyPlan: Sendable {
    /// The definition the tasks come from.
    public let study: StudyDefinition

    /// A plan over `study`.
    public init(_ study: StudyDefinition) { self.study = study }

    /// The tasks a participant gets when they join: onboarding.
    public func tasksOnJoining(patientID: String, anchors: StudyAnchors) -> [CareTask] {
        study.tasks.filter { $0.id == StudyTaskID.onboarding }.compactMap {
            careTask($0, patientID: patientID, anchors: anchors, effective: anchors.joined)
        }
    }

    /// The tasks a participant gets once onboarding is completed (every task but onboarding whose anchors are
    /// known), effective from the day onboarding was completed.
    public func tasksAfterOnboarding(patientID: String, anchors: StudyAnchors) -> [CareTask] {
        guard let day = anchors.onboarded else { return [] }
        return study.tasks.filter { $0.id != StudyTaskID.onboarding }.compactMap {
            careTask($0, patientID: patientID, anchors: anchors, effective: day)
        }
    }

    /// The first version of `task`'s care task for a participant, effective from `effective`; nil when none of
    /// its schedule's anchors is known for them.
    public func careTask(
        _ task: StudyTask, patientID: String, anchors: StudyAnchors, effective: LocalDate
    ) -> CareTask? {
        guard let schedule = schedule(of: task, anchors: anchors) else { return nil }
        return CareTask(
            id: ParticipantPlan.taskID(task.id, patientID: patientID),
            title: study.title(ofTask: task.id, language: study.languages.first ?? "en") ?? task.id,
            carePlanID: ParticipantPlan.carePlanID(patientID: patientID),
            schedule: schedule,
            impactsAdherence: task.adherence,
            groupIdentifier: task.id,
            userInfo: [Self.studyVersionKey: String(study.version)],
            effectiveDate: effective.startOfDay
        )
    }

    /// The care schedule of `task` for a participant; nil when no element's anchor is known.
    public func schedule(of task: StudyTask, anchors: StudyAnchors) -> Schedule? {
        let elements = task.schedule.compactMap { $0.element(for: anchors) }
        return elements.isEmpty ? nil : Schedule(elements: elements)
    }

    /// The `userInfo` key of the study version a care task version came from.
    public static let studyVersionKey = "studyVersion"
}
