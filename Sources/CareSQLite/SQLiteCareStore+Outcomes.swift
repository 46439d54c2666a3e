import Care
import Foundation
import RowChanges
import SQLite

/// Outcomes and events inside the caller's transaction.
extension SQLiteCareStore {
    /// Records an outcome and tells whether it was new (false for a retried write of the same id).
    public static func addOutcomeReportingNew(
        _ outcome: Outcome, in db: DatabaseConnection
    ) throws -> (outcome: Outcome, isNew: Bool) {
        if let stored = try self.outcome(id: outcome.id, in: db) {
            return (try stored.replaying(outcome), false)
        }
        guard let history = try history(taskID: outcome.taskID, in: db) else {
            throw CareStoreError.unknownTaskVersion(outcome.taskVersionID)
        }
        var rounded = outcome
        rounded.createdDate = DatabaseDate.rounded(outcome.createdDate)
        let stored = try history.recording(rounded)
        if let existing = try db.queryOne(
            "SELECT id FROM care_outcome WHERE task_version_id = ? AND occurrence = ? AND deleted_at IS NULL",
            [outcome.taskVersionID, outcome.occurrenceIndex])
        {
            throw CareStoreError.outcomeAlreadyRecorded(
                taskID: outcome.taskID, occurrence: outcome.occurrenceIndex,
                existingOutcomeID: try existing.string("id"))
        }
        let participant = try patientID(taskVersionID: stored.taskVersionID, in: db)
        try db.recordingChange(.create, of: outcomeRow(stored.id), owner: participant) {
            try db.execute(
                """
                INSERT INTO care_outcome (id, task_id, task_version_id, occurrence, event_start, values_json,
                created_at, updated_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)
                """,
                [
                    stored.id, stored.taskID, stored.taskVersionID, stored.occurrenceIndex,
                    stored.eventStart?.description, try CareRecordCoding.json(stored.values), stored.createdDate,
                    stored.updatedDate,
                ])
        }
        return (stored, true)
    }

    /// Replaces a live outcome's values inside the caller's transaction.
    public static func updateOutcome(
        id: String, values: [OutcomeValue], at now: Date, in db: DatabaseConnection
    ) throws -> Outcome {
        guard let stored = try outcome(id: id, in: db) else { throw CareStoreError.unknownOutcome(id) }
        let outcome = try stored.updating(values: values, at: DatabaseDate.rounded(now))
        let participant = try patientID(taskVersionID: outcome.taskVersionID, in: db)
        try db.recordingChange(.update, of: outcomeRow(id), owner: participant) {
            try db.execute(
                "UPDATE care_outcome SET values_json = ?, updated_at = ? WHERE id = ?",
                [try CareRecordCoding.json(values), outcome.updatedDate, id])
        }
        return outcome
    }

    /// Marks an outcome deleted inside the caller's transaction; a tombstone is returned unchanged.
    public static func deleteOutcome(id: String, at now: Date, in db: DatabaseConnection) throws -> Outcome {
        guard var outcome = try outcome(id: id, in: db) else { throw CareStoreError.unknownOutcome(id) }
        guard outcome.isLive else { return outcome }
        outcome.deletedDate = DatabaseDate.rounded(now)
        let participant = try patientID(taskVersionID: outcome.taskVersionID, in: db)
        try db.recordingChange(.delete, of: outcomeRow(id), owner: participant) {
            try db.execute("UPDATE care_outcome SET deleted_at = ? WHERE id = ?", [outcome.deletedDate, id])
        }
        return outcome
    }

    /// An outcome row as the audit trail names it.
    static func outcomeRow(_ id: String) -> RowReference {
        RowReference(table: "care_outcome", key: id)
    }

    /// The patient whose care plan holds a task version, for the audit trail; nil for a task without a plan.
    public static func patientID(taskVersionID: String, in db: DatabaseConnection) throws -> String? {
        try db.queryOne(
            """
            SELECT plan.patient_id AS patient_id FROM care_task_version AS version
            JOIN care_plan AS plan ON plan.id = version.care_plan_id WHERE version.version_id = ?
            """, [taskVersionID]
        )?["patient_id"]
    }

    /// The outcome with `id`, live or deleted.
    public static func outcome(id: String, in db: DatabaseConnection) throws -> Outcome? {
        try db.queryOne("SELECT * FROM care_outcome WHERE id = ?", [id]).map(CareRecordCoding.outcome)
    }

    /// The outcomes a query selects, inside the caller's transaction; their values are decoded through `cache`.
    public static func outcomes(
        _ query: OutcomeQuery, cache: CareRecordCache = .shared, in db: DatabaseConnection
    ) throws -> [Outcome] {
        var conditions: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let taskIDs = query.taskIDs {
            guard !taskIDs.isEmpty else { return [] }
            conditions.append("task_id IN (\(CareRecordCoding.placeholders(taskIDs.count)))")
            arguments += taskIDs
        }
        if let versionIDs = query.taskVersionIDs {
            guard !versionIDs.isEmpty else { return [] }
            conditions.append("task_version_id IN (\(CareRecordCoding.placeholders(versionIDs.count)))")
            arguments += versionIDs
        }
        if let range = query.eventStartRange {
            conditions.append("event_start >= ? AND event_start < ?")
            arguments += [range.lowerBound.description, range.upperBound.description]
        }
        if !query.includeDeleted { conditions.append("deleted_at IS NULL") }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let rows = try db.query("SELECT * FROM care_outcome\(filter)", arguments)
        return query.select(from: try rows.map { try CareRecordCoding.outcome($0, cache: cache) })
    }

    /// The live outcomes of each task version's range of occurrences: one indexed query per range.
    public static func liveOutcomes(
        in ranges: [(taskVersionID: String, occurrences: ClosedRange<Int>)], cache: CareRecordCache,
        in db: DatabaseConnection
    ) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for (versionID, range) in ranges {
            let rows = try db.query(
                """
                SELECT * FROM care_outcome WHERE task_version_id = ? AND occurrence BETWEEN ? AND ?
                AND deleted_at IS NULL
                """, [versionID, range.lowerBound, range.upperBound])
            outcomes += try rows.map { try CareRecordCoding.outcome($0, cache: cache) }
        }
        return outcomes
    }
}
