import Care

/// A participant's care records read straight from the care store's tables, on either database, for readers
/// that walk a whole study (the exports): their live outcomes one at a time, the newest version of each task.
///
/// ```swift
/// try storage.read { db in
///     try ParticipantCareRecords.forEachOutcome(patientID: id, from: first, through: nil, in: db) { outcome in
///         try output.write(outcome)
///     }
/// }
/// ```
public enum ParticipantCareRecords {
    /// Calls `body` with each of the patient's live outcomes whose event starts on a day from `first` through
    /// `last` (both optional), by event start then task, with their values decoded; one row at a time, inside
    /// the caller's transaction.
    public static func forEachOutcome(
        patientID: String, from first: LocalDate?, through last: LocalDate?, in db: StoreConnection,
        _ body: (Outcome) throws -> Void
    ) throws {
        let days = LocalDayCondition("o.event_start", from: first, through: last)
        try db.forEachRow(
            """
            SELECT o.* FROM care_outcome AS o JOIN care_task_version AS t ON t.version_id = o.task_version_id
            JOIN care_plan AS p ON p.id = t.care_plan_id
            WHERE p.patient_id = ? AND o.deleted_at IS NULL\(days.andCondition)
            ORDER BY o.event_start, o.task_id
            """, [patientID] + days.arguments
        ) { row in
            let id = try row.string("id")
            let values = try CareRecordJSON.decode(
                [OutcomeValue].self, try row.string("values_json"), table: "care_outcome", id: id)
            var outcome = Outcome(
                id: id, taskID: try row.string("task_id"), taskVersionID: try row.string("task_version_id"),
                occurrenceIndex: try row.int("occurrence"), values: values, createdDate: try row.date("created_at"))
            outcome.updatedDate = try row.date("updated_at")
            outcome.eventStart = LocalDateTime(try row.string("event_start"))
            try body(outcome)
        }
    }

    /// The newest version of each task in the patient's care plans, tombstones included, by task id, inside the
    /// caller's transaction.
    public static func newestTaskVersions(patientID: String, in db: StoreConnection) throws -> [CareTask] {
        try db.query(
            """
            SELECT t.task_id AS task_id, t.json AS json FROM care_task_version AS t
            JOIN care_plan AS p ON p.id = t.care_plan_id
            WHERE p.patient_id = ?
            AND t.sequence = (SELECT MAX(s.sequence) FROM care_task_version AS s WHERE s.task_id = t.task_id)
            ORDER BY t.task_id
            """, [patientID]
        ).map { row in
            try CareRecordJSON.decode(
                CareTask.self, try row.string("json"), table: "care_task_version", id: try row.string("task_id"))
        }
    }
}
