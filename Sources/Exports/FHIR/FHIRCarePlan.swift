import Care
import ExportFormats
import Foundation
import Recover
import RecoverData

/// A CarePlan per participant: one activity per care task (its newest version), with the task's title,
/// instructions, schedule and the Questionnaire its survey is.
enum FHIRCarePlan {
    static func resource(
        participantID: String, patientID: String, isActive: Bool, study: StudyDefinition?,
        questionnaires: FHIRStudyQuestionnaires, in db: StoreConnection
    ) throws -> JSONNode? {
        let activities = try ParticipantCareRecords.newestTaskVersions(patientID: participantID, in: db).map {
            activity($0, participantID: participantID, study: study, questionnaires: questionnaires)
        }
        guard !activities.isEmpty else { return nil }
        return .object([
            ("resourceType", .string("CarePlan")), ("id", .string(id(patientID: patientID))),
            ("status", .string(isActive ? "active" : "revoked")), ("intent", .string("plan")),
            ("title", .string(study.flatMap { $0.title[$0.languages.first ?? "en"] } ?? "Care plan")),
            ("subject", FHIRReference.reference(patientID)), ("activity", .array(activities)),
        ])
    }

    /// The CarePlan's id, from the pseudonymous Patient's: never from the account id, which staff can see.
    static func id(patientID: String) -> String { FHIRReference.id("CarePlan", patientID) }

    static func activity(
        _ task: CareTask, participantID: String, study: StudyDefinition?, questionnaires: FHIRStudyQuestionnaires
    ) -> JSONNode {
        let studyTask = task.groupIdentifier ?? StudyRecords.studyTask(task.id, participantID: participantID)
        var detail: [(String, JSONNode)] = [("kind", .string("Task"))]
        if let survey = study?.task(studyTask)?.survey {
            let day = String(task.effectiveDate.description.prefix(10))
            detail.append(
                ("instantiatesCanonical", .array([.string(questionnaires.canonical(surveyID: survey, on: day))])))
        }
        detail.append(("code", .object([("text", .string(task.title))])))
        detail.append(("status", .string(task.isDeleted ? "stopped" : "scheduled")))
        if let timing = timing(task.schedule) { detail.append(("scheduledTiming", timing)) }
        if let instructions = task.instructions, !instructions.isEmpty {
            detail.append(("description", .string(instructions)))
        }
        return .object([("detail", .object(detail))])
    }

    /// The schedule's first element as a Timing: its first and last days as bounds (wall-clock days, so no offset),
    /// its interval as the period and, for a timed element, its wall-clock time of day.
    static func timing(_ schedule: Schedule) -> JSONNode? {
        guard let element = schedule.elements.first else { return nil }
        var bounds: [(String, JSONNode)] = [("start", .string(element.start.date.description))]
        if let end = element.end { bounds.append(("end", .string(end.date.description))) }
        var repeats: [(String, JSONNode)] = [("boundsPeriod", .object(bounds))]
        if !element.isAllDay { repeats.append(("timeOfDay", .array([.string(element.start.time.description)]))) }
        let (count, unit): (Int, String) =
            switch element.interval {
            case .days(let n): (n, "d")
            case .weeks(let n): (n, "wk")
            case .months(let n): (n, "mo")
            case .hours(let n): (n, "h")
            case .minutes(let n): (n, "min")
            case .seconds(let n): (n, "s")
            }
        if count > 0 {
            repeats += [("frequency", .integer(1)), ("period", .integer(count)), ("periodUnit", .string(unit))]
        } else {
            repeats.append(("count", .integer(1)))
        }
        return .object([("repeat", .object(repeats))])
    }
}
