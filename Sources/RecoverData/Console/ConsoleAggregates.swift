import SQLite

/// The console's aggregates, kept by triggers in the transaction of every care write, so the dashboard reads
/// one small row per participant task and one per study task and day instead of probing the outcomes of each
/// participant (docs/storage.md, "The console's aggregates").
///
/// - `participant_task`: one row per participant's care task (`<participant id>.<study task>`): the study
///   task, the day its first version took effect, its current version, and its latest two live outcome
///   event starts with the latest outcome's id. Refreshed from `care_task_version` and `care_outcome` by index
///   lookups of that one task after each write of either, so a tombstone or a corrected date is reflected
///   exactly as a new answer is.
/// - `study_day_outcome`: live outcomes per study task and event day, counted up and down as outcomes are
///   written, tombstoned or moved.
/// - `participant_task_value`: the numbers of each participant task's latest outcome, per value kind, for the
///   alert rules.
///
/// Triggers rather than calls in the stores, as for the feed's version counter: every write, by any use case,
/// command, copy or instance, keeps them, and a write added later cannot forget to. The tables and their
/// triggers are in ``schema`` (`ConsoleAggregates+Migrations.swift`).
enum ConsoleAggregates {
    /// The rows `participant_task_value` should hold for the tasks `filter` (SQL on `participant_task t`) selects,
    /// from their latest outcomes, as the triggers of `console-003-latest-values` compute them.
    static func latestValues(where filter: String, in dialect: StoreDialect) -> String {
        let value = dialect.jsonArrayElements("o.values_json", as: "e")
        let kind = dialect.jsonString(value.value, at: "kind")
        // The number of the value as the alert rules read it: `content.integer`, else `content.double`.
        let number = dialect.jsonNumber(value.value, firstOf: ["content.integer", "content.double"])
        return """
            SELECT t.task_id, \(kind) AS kind, max(\(number)) AS highest, min(\(number)) AS lowest
            FROM participant_task t JOIN care_outcome o ON o.id = t.latest_outcome_id, \(value.table)
            WHERE \(filter) AND \(kind) IS NOT NULL
            GROUP BY t.task_id, \(kind) HAVING max(\(number)) IS NOT NULL
            """
    }
}

extension ConsoleAggregates {
    /// Every way the kept aggregates differ from the same figures recomputed from the care records, as lines
    /// (`kept: …` or `records: …`); empty when they agree. For tests and for an operator's check.
    static func mismatches(in db: StoreConnection) throws -> [String] {
        func line(_ columns: [String]) -> String {
            columns.map { "coalesce(\($0), '-')" }.joined(separator: " || '|' || ")
        }
        let state = "CASE WHEN current_is_deleted THEN 'deleted' ELSE 'live' END"
        let owner = "CASE WHEN is_participant THEN 'participant' ELSE 'other' END"
        let account = "FROM account a WHERE a.id = p.patient_id AND a.role = 'participant'"
        let keptTasks = try db.query(
            """
            SELECT \(line(["task_id", "participant_id", "study_task", "start_day", "current_version_id",
                "current_effective_day", state, "latest_event_start", "latest_outcome_id", "previous_event_start",
                owner, "withdrawn_day"]))
                AS line FROM participant_task
            """)
        let live = "FROM care_outcome o WHERE o.task_id = v.task_id AND o.deleted_at IS NULL"
        let recomputedTasks = try db.query(
            """
            SELECT \(line(["v.task_id", "p.patient_id", "substr(v.task_id, length(p.patient_id) + 2)",
                "(SELECT substr(v0.effective_at, 1, 10) FROM care_task_version v0 WHERE v0.task_id = v.task_id AND v0.sequence = 0)",
                "v.version_id", "substr(v.effective_at, 1, 10)",
                "CASE WHEN v.is_deleted THEN 'deleted' ELSE 'live' END", "(SELECT max(o.event_start) \(live))",
                "(SELECT o.id \(live) ORDER BY o.event_start DESC, o.id DESC LIMIT 1)",
                "(SELECT max(o.event_start) \(live) AND o.event_start < (SELECT max(o2.event_start) FROM care_outcome o2 WHERE o2.task_id = v.task_id AND o2.deleted_at IS NULL))",
                "CASE WHEN EXISTS (SELECT 1 \(account)) THEN 'participant' ELSE 'other' END",
                "(SELECT \(db.dialect.utcDay("a.withdrawn_at")) \(account))"]))
                AS line
            FROM care_task_version v JOIN care_plan p ON p.id = v.care_plan_id
            WHERE substr(v.task_id, 1, length(p.patient_id) + 1) = p.patient_id || '.'
                AND v.sequence = (SELECT max(v2.sequence) FROM care_task_version v2 WHERE v2.task_id = v.task_id)
            """)
        let keptDays = try db.query(
            "SELECT \(line(["study_task", "day", "CAST(completed AS text)"])) AS line FROM study_day_outcome WHERE completed <> 0"
        )
        let recomputedDays = try db.query(
            """
            SELECT \(line(["t.study_task", "substr(o.event_start, 1, 10)", "CAST(count(*) AS text)"])) AS line
            FROM care_outcome o JOIN participant_task t ON t.task_id = o.task_id WHERE o.deleted_at IS NULL
            GROUP BY t.study_task, substr(o.event_start, 1, 10)
            """)
        let values = ["task_id", "kind", "CAST(highest AS text)", "CAST(lowest AS text)"]
        let keptValues = try db.query("SELECT \(line(values)) AS line FROM participant_task_value")
        let recomputedValues = try db.query(
            """
            SELECT \(line(values)) AS line
            FROM (\(latestValues(where: "t.latest_outcome_id IS NOT NULL", in: db.dialect))) AS latest
            """)
        let kept = Set(try (keptTasks + keptDays + keptValues).map { try $0.string("line") })
        let recomputed = Set(try (recomputedTasks + recomputedDays + recomputedValues).map { try $0.string("line") })
        return kept.subtracting(recomputed).sorted().map { "kept: " + $0 }
            + recomputed.subtracting(kept).sorted().map { "records: " + $0 }
    }
}

extension StudyDatabase {
    /// How the console's aggregates differ from their care records (``ConsoleAggregates``); empty when they agree.
    public func consoleAggregateMismatches() throws -> [String] {
        try database.read { db in try ConsoleAggregates.mismatches(in: db) }
    }
}
