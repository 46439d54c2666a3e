import Care
import CareSQLite
import Foundation
import Recover
import Research

/// The event a survey or delete URL names (`/survey/:task/:occurrence`), resolved for the signed-in
/// participant only: the task segment is a study task id, mapped to the participant's own care task, so
/// another participant's event cannot be named at all.
struct StudyEvent {
    let participant: ParticipantContext
    let studyTaskID: String
    let event: CareEvent

    var taskID: String { event.task.id }
    var occurrence: Int { event.scheduleEvent.occurrence }
    var day: LocalDate { event.scheduleEvent.day }
    var liveOutcome: Outcome? { event.outcome?.isLive == true ? event.outcome : nil }
    var path: String { "\(studyTaskID)/\(occurrence)" }

    /// The event of the route's `task` and `occurrence`; 404 when the participant has no such event.
    /// The gate is checked by the callers, which answer GET and POST differently.
    static func resolve(_ request: Request, participant: ParticipantContext, study: StudyServices) throws
        -> StudyEvent
    {
        let studyTaskID = try request.parameter("task")
        guard RecoverSurveys.ids.contains(studyTaskID),
            let occurrence = Int(try request.parameter("occurrence")), occurrence >= 0, occurrence < 1_000_000
        else { throw HTTPError(.notFound, "study.error.noSuchEvent") }
        let taskID = participant.taskID(studyTaskID)
        let zone = participant.zone
        let found: CareEvent? = try study.database.read { db in
            guard let task = try SQLiteCareStore.tasks(CareTaskQuery(ids: [taskID]), in: db).first,
                let scheduled = task.schedule.event(occurrence: occurrence, in: zone)
            else { return nil }
            let query = EventQuery(day: scheduled.day, timeZoneIdentifier: zone.identifier, taskIDs: [taskID])
            return try SQLiteCareStore.events(query, in: db).first { $0.scheduleEvent.occurrence == occurrence }
        }
        guard let found else { throw HTTPError(.notFound, "study.error.noSuchEvent") }
        return StudyEvent(participant: participant, studyTaskID: studyTaskID, event: found)
    }

    /// Whether the gate forbids the survey the route names, before any lookup: another survey while
    /// onboarding has no outcome (its task does not even exist yet).
    static func gateForbids(_ request: Request, participant: ParticipantContext) -> Bool {
        let studyTaskID = request.parameters["task"] ?? ""
        return !participant.isOnboarded && studyTaskID != StudyTaskID.onboarding
            && RecoverSurveys.ids.contains(studyTaskID)
    }

    /// Whether the gate forbids this survey: onboarding not done and this is not onboarding, or onboarding
    /// done and this is onboarding again.
    var isGated: Bool {
        (studyTaskID == StudyTaskID.onboarding) == participant.isOnboarded
    }

    /// The survey the event runs, in the participant's language.
    var survey: Survey {
        RecoverSurveys.survey(studyTaskID, language: participant.language)
            ?? Survey(id: studyTaskID, steps: [])
    }
}
