import Care
import Foundation
import Postgres
import RowChanges

/// Outcomes and events inside the caller's transaction.
extension PostgresCareStore {
    /// Records an outcome and tells whether it was new (false for a retried write of the same id).
    ///
    /// It answers as `SQLiteCareStore.addOutcomeReportingNew` does, but does not read `care_outcome` before
    /// writing: under `SERIALIZABLE` that read would make concurrent check-ins of different events conflict (its
    /// predicate lock covers an index page or the table) and run again. The insert's `ON CONFLICT DO NOTHING`
    /// reads nothing; only when it inserts nothing does the store look for the row in the way, whose conflict a
    /// concurrent writer cannot hide: one not yet visible to the transaction is a serialization failure, and the
    /// transaction runs again.
    public static func addOutcomeReportingNew(
        _ outcome: Outcome, in db: PostgresConnection
    ) throws -> (outcome: Outcome, isNew: Bool) {
        let stored: Outcome
        do {
            guard let history = try history(taskID: outcome.taskID, in: db) else {
                throw CareStoreError.unknownTaskVersion(outcome.taskVersionID)
            }
            var rounded = outcome
            rounded.createdDate = PostgresTimestamp.rounded(outcome.createdDate)
            stored = try history.recording(rounded)
        } catch let refusal as CareStoreError {
            // A retry is answered from the stored row whatever became of its event, as on SQLite (it looks first).
            if let existing = try self.outcome(id: outcome.id, in: db) {
                return (try existing.replaying(outcome), false)
            }
            throw refusal
        }
        let participant = try patientID(taskVersionID: stored.taskVersionID, in: db)
        let inserted = try db.recordingChange(.create, of: outcomeRow(stored.id), owner: participant) {
            try db.execute(
                """
                INSERT INTO care_outcome (id, task_id, task_version_id, occurrence, event_start, values_json,
                created_at, updated_at, deleted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL) ON CONFLICT DO NOTHING
                """,
                [
                    stored.id, stored.taskID, stored.taskVersionID, stored.occurrenceIndex,
                    stored.eventStart?.description, try CareRecordJSON.encode(stored.values), stored.createdDate,
                    stored.updatedDate,
                ])
        }
        if inserted == 1 { return (stored, true) }
        if let existing = try self.outcome(id: outcome.id, in: db) { return (try existing.replaying(outcome), false) }
        if let live = try db.queryOne(
            "SELECT id FROM care_outcome WHERE task_version_id = $1 AND occurrence = $2 AND deleted_at IS NULL",
            [outcome.taskVersionID, outcome.occurrenceIndex])
        {
            throw CareStoreError.outcomeAlreadyRecorded(
                taskID: outcome.taskID, occurrence: outcome.occurrenceIndex, existingOutcomeID: try live.string("id"))
        }
        // Only under READ COMMITTED: the row in the way was deleted between the two statements.
        throw PostgresError(
            category: .serializationFailure, sqlState: "40001",
            message: "the event's outcome changed during the write; run the transaction again")
    }

    /// Replaces a live outcome's values inside the caller's transaction.
    public static func updateOutcome(
        id: String, values: [OutcomeValue], at now: Date, in db: PostgresConnection
    ) throws -> Outcome {
        guard let stored = try outcome(id: id, in: db) else { throw CareStoreError.unknownOutcome(id) }
        let outcome = try stored.updating(values: values, at: PostgresTimestamp.rounded(now))
        let participant = try patientID(taskVersionID: outcome.taskVersionID, in: db)
        try db.recordingChange(.update, of: outcomeRow(id), owner: participant) {
            try db.execute(
                "UPDATE care_outcome SET values_json = $1, updated_at = $2 WHERE id = $3",
                [try CareRecordJSON.encode(values), outcome.updatedDate, id])
        }
        return outcome
    }

    /// Marks an outcome deleted inside the caller's transaction; a tombstone is returned unchanged.
    public static func deleteOutcome(id: String, at now: Date, in db: PostgresConnection) throws -> Outcome {
        guard var outcome = try outcome(id: id, in: db) else { throw CareStoreError.unknownOutcome(id) }
        guard outcome.isLive else { return outcome }
        outcome.deletedDate = PostgresTimestamp.rounded(now)
        let participant = try patientID(taskVersionID: outcome.taskVersionID, in: db)
        try db.recordingChange(.delete, of: outcomeRow(id), owner: participant) {
            try db.execute("UPDATE care_outcome SET deleted_at = $1 WHERE id = $2", [outcome.deletedDate, id])
        }
        return outcome
    }

    /// An outcome row as a change recorder names it.
    static func outcomeRow(_ id: String) -> RowReference {
        RowReference(table: "care_outcome", key: id)
    }

    /// The patient whose care plan holds a task version; nil for a task without a plan.
    public static func patientID(taskVersionID: String, in db: PostgresConnection) throws -> String? {
        try db.queryOne(
            """
            SELECT plan.patient_id AS patient_id FROM care_task_version AS version
            JOIN care_plan AS plan ON plan.id = version.care_plan_id WHERE version.version_id = $1
            """, [taskVersionID]
        )?["patient_id"]
    }

    /// The outcome with `id`, live or deleted.
    public static func outcome(id: String, in db: PostgresConnection) throws -> Outcome? {
        try db.queryOne("SELECT * FROM care_outcome WHERE id = $1", [id]).map {
            try PostgresCareRecordCoding.outcome($0)
        }
    }

    /// The outcomes a query selects, inside the caller's transaction; their values are decoded through `cache`.
    ///
    /// Every filter runs in SQL (the kinds through the `jsonb` values), then the query's own `select` sorts and
    /// pages, so the result is the other stores'.
    public static func outcomes(
        _ query: OutcomeQuery, cache: CareRecordCache = .shared, in db: PostgresConnection
    ) throws -> [Outcome] {
        var conditions: [String] = []
        var arguments = StatementArguments()
        if let taskIDs = query.taskIDs {
            guard !taskIDs.isEmpty else { return [] }
            conditions.append("task_id IN \(try arguments.list(taskIDs))")
        }
        if let versionIDs = query.taskVersionIDs {
            guard !versionIDs.isEmpty else { return [] }
            conditions.append("task_version_id IN \(try arguments.list(versionIDs))")
        }
        if let range = query.eventStartRange {
            conditions.append(
                "event_start >= \(arguments.bind(range.lowerBound.description)) "
                    + "AND event_start < \(arguments.bind(range.upperBound.description))")
        }
        if let kinds = query.kinds {
            guard !kinds.isEmpty else { return [] }
            conditions.append(
                "EXISTS (SELECT 1 FROM jsonb_array_elements(values_json::jsonb) AS value "
                    + "WHERE value ->> 'kind' IN \(try arguments.list(kinds)))")
        }
        if !query.includeDeleted { conditions.append("deleted_at IS NULL") }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let rows = try db.query("SELECT * FROM care_outcome\(filter)", arguments.values)
        return query.select(from: try rows.map { try PostgresCareRecordCoding.outcome($0, cache: cache) })
    }

    /// The live outcomes of every range in one statement, whatever the number of task versions in the feed.
    public static func liveOutcomes(
        in ranges: [(taskVersionID: String, occurrences: ClosedRange<Int>)], cache: CareRecordCache,
        in db: PostgresConnection
    ) throws -> [Outcome] {
        let wanted = ranges.map {
            OccurrenceRange(
                version: $0.taskVersionID, lowest: $0.occurrences.lowerBound, highest: $0.occurrences.upperBound)
        }
        let rows = try db.query(
            """
            SELECT outcome.* FROM care_outcome AS outcome
            JOIN jsonb_to_recordset($1::jsonb) AS wanted (version text, lowest bigint, highest bigint)
            ON outcome.task_version_id = wanted.version AND outcome.occurrence BETWEEN wanted.lowest AND wanted.highest
            WHERE outcome.deleted_at IS NULL
            """, [try CareRecordJSON.encode(wanted)])
        return try rows.map { try PostgresCareRecordCoding.outcome($0, cache: cache) }
    }
}

/// The occurrences of one task version whose outcomes an events read needs, as one element of a `jsonb` argument.
private struct OccurrenceRange: Encodable {
    var version: String
    var lowest: Int
    var highest: Int
}
