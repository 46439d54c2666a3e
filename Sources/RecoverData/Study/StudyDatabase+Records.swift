import Care
import CareSQLite
import Foundation
import SQLite

/// A participant's study records: their care tasks, outcomes, survey results and consent records, and
/// withdrawal and time-zone changes. A participant's tasks are the tasks of the care plans whose `patientID`
/// is their account id, so one participant's records never reach another's pages.
extension StudyDatabase {
    /// Every version of every task in the participant's care plans, by task id then version order.
    public func taskHistory(patientID: String) throws -> [CareTask] {
        try database.read { db in try Self.tasks(patientID: patientID, versions: .all, in: db) }
    }

    /// Staff corrections of the participant's outcome values, oldest first, in one read transaction.
    public func outcomeCorrections(patientID: String) throws -> [OutcomeCorrection] {
        try database.read { db in try OutcomeCorrections.corrections(participantID: patientID, in: db) }
    }

    /// The participant's live outcomes, by event start, optionally limited to events on `days`.
    public func outcomes(patientID: String, days: ClosedRange<LocalDate>?) throws -> [Outcome] {
        try database.read { db in
            let taskIDs = try Self.taskIDs(patientID: patientID, in: db)
            guard !taskIDs.isEmpty else { return [] }
            return try db.care.outcomes(OutcomeQuery(taskIDs: taskIDs, dateInterval: days))
        }
    }

    /// The participant's completed survey results, oldest first.
    public func surveyResults(patientID: String) throws -> [SurveyResultRecord] {
        try database.read { db in try SurveyDataStore.results(patientID: patientID, in: db) }
    }

    /// The participant's consent records, oldest first.
    public func consentRecords(patientID: String) throws -> [ConsentRecord] {
        try ConsentStore(database: database).records(patientID: patientID)
    }

    /// Withdraws the participant on their local day `day`: in one transaction, every current task of theirs
    /// gets a new version whose schedule ends at the start of `day` (nothing is deleted), the account is
    /// marked withdrawn at `instant`, and its push subscriptions are deleted. Repeating it changes nothing more.
    public func withdraw(patientID: String, on day: LocalDate, at instant: Date) throws {
        try database.write { db in
            // The participant withdraws themselves: the audit trail names them as the actor.
            db.auditActor = "account:\(patientID)"
            for task in try Self.tasks(patientID: patientID, versions: .current, in: db) {
                switch StudyWithdrawal.ending(task, from: day) {
                case .unchanged:
                    break
                case .newVersion(let version):
                    _ = try db.care.updateTask(version)
                case .tombstone(let effectiveDate):
                    _ = try db.care.deleteTask(
                        id: task.id, effectiveFrom: effectiveDate, versionID: UUID().uuidString.lowercased())
                }
            }
            try AccountStore.withdraw(accountID: patientID, at: instant, in: db)
            // No push message reaches a browser after withdrawal (the sender also checks the account).
            try PushSubscriptions.deleteAll(participantID: patientID, in: db)
        }
    }

    /// The ids of the tasks in the participant's care plans.
    static func taskIDs(patientID: String, in db: StoreConnection) throws -> [String] {
        Array(Set(try tasks(patientID: patientID, versions: .all, in: db).map(\.id))).sorted()
    }

    static func tasks(
        patientID: String, versions: CareTaskQuery.Versions, in db: StoreConnection
    ) throws -> [CareTask] {
        let plans = try db.care.carePlans(patientID: patientID).map(\.id)
        guard !plans.isEmpty else { return [] }
        return try db.care.tasks(CareTaskQuery(carePlanIDs: plans, versions: versions))
    }

    /// Sets the participant's time zone on their account and, when they have one, their care-store patient
    /// (whose zone their schedules are evaluated in), in one transaction.
    public func changeTimeZone(accountID: String, to identifier: String) throws {
        try database.write { db in
            db.auditActor = "account:\(accountID)"
            try AccountStore.updateTimeZone(accountID: accountID, timeZone: identifier, in: db)
            if var patient = try db.care.patient(id: accountID) {
                patient.timeZoneIdentifier = identifier
                _ = try db.care.updatePatient(patient)
            }
        }
    }
}
