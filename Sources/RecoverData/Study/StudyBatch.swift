import Care
import Cryptography
import Foundation
import Research
import SQLite

/// Several participants' writes in one transaction, stored exactly as the participant pages store them
/// (the same plan creation, the same completion: result, outcome, consent record, later tasks, audit):
/// demo data and other bulk writes use it, so they cannot drift from what real participants produce.
///
/// ```swift
/// try records.batch(actor: "cli:demo-data") { batch in
///     let participant = try batch.join(account, at: joined)
///     try batch.complete(result, of: survey, task: task, occurrence: 0, studyTaskID: "onboarding", for: participant)
/// }
/// ```
public struct StudyBatch {
    let db: StoreConnection
    let actor: String
    let signingKey: SigningKey?

    /// Adds `account` and creates their patient record and first plan as on their first visit at `now`.
    /// Throws when the account exists.
    public func join(_ account: Account, at now: Date) throws -> ParticipantState {
        db.auditActor = actor
        _ = try AccountStore.createAccount(account, in: db)
        return try StudyDatabase.participant(account, now: now, actor: actor, in: db)
    }

    /// The participant's current tasks (the plan so far).
    public func tasks(of participant: ParticipantState) throws -> [CareTask] {
        try StudyDatabase.tasks(patientID: participant.patientID, versions: .current, in: db)
    }

    /// Stores the completed `result` of occurrence `occurrence` of `task` as a page completion does; returns
    /// the tasks the completion added (onboarding adds the rest of the plan). Throws ``StudyRecordError``.
    @discardableResult
    public func complete(
        _ result: SurveyResult, of survey: Survey, task: CareTask, occurrence: Int, studyTaskID: String,
        for participant: ParticipantState
    ) throws -> [CareTask] {
        try StudyDatabase.store(
            result, of: survey, task: task, occurrence: occurrence, studyTaskID: studyTaskID,
            participant: participant, actor: actor, signingKey: signingKey, in: db)
    }
}

extension StudyDatabase {
    /// Runs `body` in one write transaction whose writes the audit trail attributes to `actor`; nothing of
    /// it is kept when `body` throws.
    public func batch<Value>(actor: String, _ body: (StudyBatch) throws -> Value) throws -> Value {
        let signingKey = signingKey
        return try database.write { db in try body(StudyBatch(db: db, actor: actor, signingKey: signingKey)) }
    }
}
