import Care
import CareSQLite
import Foundation
import Recover

/// The signed-in participant as the study pages see them: their care plan (created on first visit), zone,
/// today, language and whether onboarding is done.
struct ParticipantContext {
    let account: UserAccount
    let patientID: String
    let zone: TimeZone
    let now: Date
    let today: LocalDate
    let language: StudyLanguage
    let isOnboarded: Bool

    var carePlanID: String { ParticipantPlan.carePlanID(patientID: patientID) }

    func taskID(_ studyTaskID: String) -> String { ParticipantPlan.taskID(studyTaskID, patientID: patientID) }

    /// The participant of `request`, creating their patient record, care plan and onboarding task on first
    /// use and following a changed time zone. Staff and visitors get an error (callers redirect them first).
    static func load(_ request: Request, study: StudyServices) throws -> ParticipantContext {
        guard let account = request.account, !account.role.isStaff else {
            throw HTTPError(.forbidden, "error.403.message")
        }
        // A withdrawn participant keeps sign-in for their records, but takes part in nothing any more.
        if account.withdrawnAt != nil { throw HTTPError(.forbidden, "study.error.withdrawn") }
        let zone = TimeZone(identifier: account.timeZone) ?? .gmt
        let now = study.now()
        let today = LocalDateTime(instant: now, in: zone).date
        let patientID = account.id
        let onboardingTaskID = ParticipantPlan.taskID(StudyTaskID.onboarding, patientID: patientID)
        let (patient, onboarded) = try study.database.read { db in
            (
                try SQLiteCareStore.patient(id: patientID, in: db),
                try SQLiteCareStore.outcomes(OutcomeQuery(taskIDs: [onboardingTaskID], limit: 1), in: db)
            )
        }
        if patient == nil || patient?.timeZoneIdentifier != zone.identifier {
            try study.database.write { db in
                db.auditActor = "account:\(patientID)"
                if var existing = try SQLiteCareStore.patient(id: patientID, in: db) {
                    existing.timeZoneIdentifier = zone.identifier
                    _ = try SQLiteCareStore.updatePatient(existing, in: db)
                    return
                }
                let joined = min(LocalDateTime(instant: account.createdAt, in: zone).date, today)
                _ = try SQLiteCareStore.addPatient(
                    Patient(id: patientID, name: account.email, timeZoneIdentifier: zone.identifier), in: db)
                let (plan, tasks) = ParticipantPlan.initial(patientID: patientID, joinedOn: joined)
                _ = try SQLiteCareStore.addCarePlan(plan, in: db)
                for task in tasks { _ = try SQLiteCareStore.addTask(task, in: db) }
            }
        }
        return ParticipantContext(
            account: account, patientID: patientID, zone: zone, now: now, today: today,
            language: StudyLanguage(tag: request.language.tag) ?? .english,
            isOnboarded: ParticipantPlan.isOnboarded(onboardingOutcomes: onboarded))
    }
}
