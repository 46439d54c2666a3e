import Care
import Foundation
import Recover

/// A participant as the study sees them at one instant: their patient id, zone, today and whether
/// onboarding is done. Made by ``StudyDatabase/participant(_:now:)``, which also creates their plan on first use.
public struct ParticipantState: Sendable, Hashable {
    /// The participant's account (also their patient id).
    public let account: Account
    /// The zone their schedules are evaluated in.
    public let zone: TimeZone
    /// The study's current instant.
    public let now: Date
    /// Their local date at `now`.
    public let today: LocalDate
    /// Whether the onboarding task has an outcome.
    public let isOnboarded: Bool
    /// Where they stand with each of the study's consent documents (current versions).
    public let consents: [ConsentStanding]
    /// The operated knee and the surgery date from their onboarding (the left knee, no date, before they gave
    /// them or when they enrolled before onboarding asked).
    public let surgery: SurgeryDetails

    /// The required documents whose current version they have not signed: once onboarded, the feed and the
    /// tasks wait until they sign them again (or withdraw).
    public var pendingConsents: [ConsentStanding] { isOnboarded ? consents.filter(\.isPending) : [] }
    /// The current participation document, which onboarding signs.
    public var participationDocument: ConsentDocumentVersion? {
        consents.first { $0.current.documentID == ConsentLibrary.participation }?.current
    }

    /// The participant's patient id in the care store.
    public var patientID: String { account.id }
    /// Their care plan.
    public var carePlanID: String { ParticipantPlan.carePlanID(patientID: patientID) }

    /// The care task id of a study task for this participant.
    public func taskID(_ studyTaskID: String) -> String { ParticipantPlan.taskID(studyTaskID, patientID: patientID) }
}

/// One event of a participant's plan, as a survey or delete URL names it (study task + occurrence).
public struct StudyEventKey: Sendable, Hashable {
    /// The study task (`checkin`, `onboarding`, ...).
    public let studyTaskID: String
    /// The occurrence index in the task's schedule.
    public let occurrence: Int

    /// The event `occurrence` of `studyTaskID`.
    public init(studyTaskID: String, occurrence: Int) {
        self.studyTaskID = studyTaskID
        self.occurrence = occurrence
    }
}

/// What the study knows about one event of a participant: the event (with its outcome) and the saved draft.
public struct SurveyState: Sendable {
    /// The participant.
    public let participant: ParticipantState
    /// The event, with its outcome if any; nil when the participant has no such event.
    public let event: CareEvent?
    /// The saved survey run of the event, if any.
    public let draft: SurveyDraftRecord?
    /// The study version the event's survey comes from: the draft's, else the version in force.
    public let study: StudyDefinition
}
