import Foundation
import SQLite

extension SurveyDataStore {
    /// Saves a draft inside the caller's transaction.
    public static func saveDraft(_ draft: SurveyDraftRecord, in db: StoreConnection) throws {
        try db.execute(
            """
            INSERT INTO survey_draft (patient_id, task_id, occurrence, json, updated_at, study_version)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (patient_id, task_id, occurrence) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at
            """,
            [draft.patientID, draft.taskID, draft.occurrence, draft.json, draft.updatedAt, draft.studyVersion])
    }

    /// The draft of an event, inside the caller's transaction.
    public static func draft(
        patientID: String, taskID: String, occurrence: Int, in db: StoreConnection
    ) throws -> SurveyDraftRecord? {
        try db.queryOne(
            "SELECT * FROM survey_draft WHERE patient_id = ? AND task_id = ? AND occurrence = ?",
            [patientID, taskID, occurrence]
        ).map(SurveyDraftRecord.init(row:))
    }

    /// Discards the draft of an event inside the caller's transaction.
    public static func deleteDraft(patientID: String, taskID: String, occurrence: Int, in db: StoreConnection) throws {
        try db.execute(
            "DELETE FROM survey_draft WHERE patient_id = ? AND task_id = ? AND occurrence = ?",
            [patientID, taskID, occurrence])
    }

    /// Stores a result inside the caller's transaction; false if its id was already stored.
    @discardableResult
    public static func saveResult(_ result: SurveyResultRecord, in db: StoreConnection) throws -> Bool {
        try AuditTrail.recordChange(of: resultRow(result.id), participantID: result.patientID, in: db) {
            try db.execute(
                """
                INSERT INTO survey_result (id, patient_id, task_id, occurrence, survey_id, completed_at, json)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
                """,
                [
                    result.id, result.patientID, result.taskID, result.occurrence, result.surveyID,
                    result.completedAt, result.json,
                ]) == 1
        }
    }

    /// A result row as the audit trail names it. Drafts are not audited: they are the participant's working
    /// copy, replaced page by page and discarded on completion or cancel; the completed result is.
    static func resultRow(_ id: String) -> AuditedRow {
        AuditedRow(table: "survey_result", key: id)
    }

    /// Stores the result, deletes its draft and runs `extraWrites` on the first storing, inside the caller's
    /// transaction.
    @discardableResult
    public static func writeCompleted(
        _ result: SurveyResultRecord, with extraWrites: (StoreConnection) throws -> Void,
        in db: StoreConnection
    ) throws -> Bool {
        let inserted = try saveResult(result, in: db)
        try deleteDraft(patientID: result.patientID, taskID: result.taskID, occurrence: result.occurrence, in: db)
        if inserted { try extraWrites(db) }
        return inserted
    }

    /// The result with this id, inside the caller's transaction.
    public static func result(id: String, in db: StoreConnection) throws -> SurveyResultRecord? {
        try db.queryOne("SELECT * FROM survey_result WHERE id = ?", [id]).map(SurveyResultRecord.init(row:))
    }

    /// A patient's results, oldest first, inside the caller's transaction.
    public static func results(
        patientID: String, taskID: String? = nil, in db: StoreConnection
    ) throws -> [SurveyResultRecord] {
        let rows =
            if let taskID {
                try db.query(
                    "SELECT * FROM survey_result WHERE patient_id = ? AND task_id = ? ORDER BY completed_at, id",
                    [patientID, taskID])
            } else {
                try db.query(
                    "SELECT * FROM survey_result WHERE patient_id = ? ORDER BY completed_at, id", [patientID])
            }
        return try rows.map(SurveyResultRecord.init(row:))
    }

    /// Deletes one result inside the caller's transaction; returns whether it existed.
    @discardableResult
    public static func deleteResult(id: String, in db: StoreConnection) throws -> Bool {
        let participant: String? = try db.queryOne("SELECT patient_id FROM survey_result WHERE id = ?", [id])?[
            "patient_id"]
        return try AuditTrail.recordChange(of: resultRow(id), participantID: participant, in: db) {
            try db.execute("DELETE FROM survey_result WHERE id = ?", [id]) == 1
        }
    }
}

extension SurveyDraftRecord {
    init(row: StoreRow) throws {
        self.init(
            patientID: try row.string("patient_id"), taskID: try row.string("task_id"),
            occurrence: try row.int("occurrence"), json: try row.data("json"), updatedAt: try row.date("updated_at"),
            studyVersion: try row["study_version"] as Int?)
    }
}

extension SurveyResultRecord {
    init(row: StoreRow) throws {
        self.init(
            id: try row.string("id"), patientID: try row.string("patient_id"), taskID: try row.string("task_id"),
            occurrence: try row.int("occurrence"), surveyID: try row.string("survey_id"),
            completedAt: try row.date("completed_at"), json: try row.data("json"))
    }
}
