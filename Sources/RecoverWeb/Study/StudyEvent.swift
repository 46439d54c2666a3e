import Care
import Foundation
import Recover
import RecoverData
import Research
import Web

/// The event a survey or delete URL names (`/survey/:task/:occurrence`), resolved for the signed-in
/// participant only: the task segment is a study task id, mapped to the participant's own care task, so
/// another participant's event cannot be named at all.
struct StudyEvent {
    let participant: ParticipantContext
    let studyTaskID: String
    let event: CareEvent
    /// The saved survey run of the event, if any.
    let draft: SurveyDraftRecord?
    /// The study version the survey comes from (the draft's, else the one in force).
    let study: StudyDefinition

    var taskID: String { event.task.id }
    var occurrence: Int { event.scheduleEvent.occurrence }
    var day: LocalDate { event.scheduleEvent.day }
    var liveOutcome: Outcome? { event.outcome?.isLive == true ? event.outcome : nil }
    var path: String { "\(studyTaskID)/\(occurrence)" }

    /// The study task and occurrence of the route; 404 when they name nothing the study has.
    static func key(_ request: Request) throws -> StudyEventKey {
        let studyTaskID = try request.parameter("task")
        guard StudyTaskID.isWellFormed(studyTaskID),
            let occurrence = Int(try request.parameter("occurrence")), occurrence >= 0, occurrence < 1_000_000
        else { throw HTTPError(.notFound, "study.error.noSuchEvent") }
        return StudyEventKey(studyTaskID: studyTaskID, occurrence: occurrence)
    }

    /// The event of the route's `task` and `occurrence`; 404 when the participant has no such event.
    /// The gate is checked by the callers, which answer GET and POST differently.
    static func resolve(_ request: Request, participant: ParticipantContext, study: StudyServices) throws
        -> StudyEvent
    {
        let key = try key(request)
        return try resolve(
            key, in: try study.records.surveyState(key, for: participant.state), participant: participant)
    }

    /// The event of `key` in `state`; 404 when the participant has no such event.
    static func resolve(_ key: StudyEventKey, in state: SurveyState, participant: ParticipantContext) throws
        -> StudyEvent
    {
        guard let found = state.event else { throw HTTPError(.notFound, "study.error.noSuchEvent") }
        return StudyEvent(
            participant: participant, studyTaskID: key.studyTaskID, event: found, draft: state.draft,
            study: state.study)
    }

    /// Whether the gate forbids the survey the route names, before any lookup: another survey while
    /// onboarding has no outcome (its task does not even exist yet) or while a required consent document's
    /// new version waits for the participant's signature.
    static func gateForbids(_ request: Request, participant: ParticipantContext) -> Bool {
        let studyTaskID = request.parameters["task"] ?? ""
        guard studyTaskID != StudyTaskID.onboarding, StudyTaskID.isWellFormed(studyTaskID) else { return false }
        return !participant.isOnboarded || !participant.state.pendingConsents.isEmpty
    }

    /// Whether the gate forbids this survey: onboarding not done and this is not onboarding, or onboarding
    /// done and this is onboarding again.
    var isGated: Bool {
        (studyTaskID == StudyTaskID.onboarding) == participant.isOnboarded
    }

    /// The survey the event runs, in the participant's language, made for them: their operated knee, and the
    /// surgery dates accepted on their today (``Survey/personalised(for:today:)``).
    var survey: Survey {
        studySurvey.personalised(for: participant.state.surgery, today: participant.today)
    }

    /// The study's survey of the event in the participant's language.
    private var studySurvey: Survey {
        if studyTaskID == StudyTaskID.onboarding {
            // Onboarding signs the participation document's current version, which may be newer than the shipped one.
            let consent = participant.state.participationDocument?.engineDocument(participant.language.tag)
            let onboarding = study.survey(for: studyTaskID, language: participant.language.tag)
            return (onboarding ?? RecoverSurveys.onboarding(language: participant.language)).signing(consent)
        }
        return study.survey(for: studyTaskID, language: participant.language.tag) ?? Survey(id: studyTaskID, steps: [])
    }
}
