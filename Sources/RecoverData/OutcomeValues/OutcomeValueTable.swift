import SQLite

/// `outcome_value`: every live outcome value as its own row, in the order exports write them, kept by triggers
/// on `care_outcome` in the transaction of every outcome write (docs/storage.md, "Outcome values as rows").
///
/// An outcome keeps its values as one JSON array (`values_json`); unpacking it (`json_each`, `jsonb_each`) was
/// nine tenths of an export's database time. Here each value is already a row keyed by participant, care task,
/// event start, outcome and position, so an export is one range scan in its output order: a participant's
/// rows are contiguous, and a participant's own export reads only theirs.
///
/// Triggers rather than calls in the care stores, as for the feed's version counter and the console's
/// aggregates: every write, by any use case, command, copy or instance, keeps the rows, and a write added
/// later cannot forget to. A tombstoned outcome has no rows; a changed one has its new values. The table and its
/// triggers are in ``schema`` (`OutcomeValueTable+Migrations.swift`).
enum OutcomeValueTable {
    /// Every way the kept rows differ from the values unpacked again from the live outcomes' JSON, as lines
    /// (`kept: …` or `records: …`); empty when they agree. Written apart from the triggers' statements, so a
    /// fault in those cannot hide itself here.
    static func mismatches(in db: StoreConnection) throws -> [String] {
        let sqlite = db.dialect == .sqlite
        func newest(_ column: String, _ kind: String) -> String {
            """
            SELECT x.\(column) FROM outcome_correction x WHERE x.outcome_id = o.id AND x.value_kind = \(kind)
            AND NOT EXISTS (SELECT 1 FROM outcome_correction y WHERE y.outcome_id = x.outcome_id
                AND y.value_kind = x.value_kind AND (y.corrected_at > x.corrected_at
                    OR (y.corrected_at = x.corrected_at AND y.id > x.id)))
            """
        }
        func line(_ columns: [String]) -> String {
            columns.map { "coalesce(CAST(\($0) AS text), '-')" }.joined(separator: " || '|' || ")
        }
        let kept = try db.query(
            """
            SELECT \(line(["participant_id", "task_id", "event_start", "outcome_id", "position", "occurrence",
                "created_at", "kind", "unit", "value_type", "value", "json_type", "corrected_value", "correction_reason",
                sqlite ? "typeof(value)" : "''"]))
                AS line FROM outcome_value
            """)
        let unpacked =
            sqlite
            ? """
            SELECT \(line(["p.patient_id", "o.task_id", "o.event_start", "o.id", "v.key", "o.occurrence",
                "o.created_at", "json_extract(v.value, '$.kind')", "json_extract(v.value, '$.unit')", "c.key",
                "c.value", "c.type", "(\(newest("new_value", "json_extract(v.value, '$.kind')")))",
                "(\(newest("reason", "json_extract(v.value, '$.kind')")))", "typeof(c.value)"])) AS line
            FROM care_outcome o, care_task_version t, care_plan p, json_each(o.values_json) v,
                json_each(v.value, '$.content') c
            WHERE t.version_id = o.task_version_id AND p.id = t.care_plan_id AND p.patient_id IS NOT NULL
                AND o.deleted_at IS NULL
            """
            : """
            SELECT \(line(["p.patient_id", "o.task_id", "o.event_start", "o.id", "v.ordinal - 1", "o.occurrence",
                "o.created_at", "v.value ->> 'kind'", "v.value ->> 'unit'", "c.key", "c.value #>> '{}'",
                "CASE jsonb_typeof(c.value) WHEN 'boolean' THEN c.value #>> '{}' WHEN 'number' THEN 'number' ELSE jsonb_typeof(c.value) END",
                "(\(newest("new_value", "v.value ->> 'kind'")))", "(\(newest("reason", "v.value ->> 'kind'")))", "''"]))
                AS line
            FROM care_outcome o, care_task_version t, care_plan p,
                jsonb_array_elements(o.values_json::jsonb) WITH ORDINALITY AS v(value, ordinal), jsonb_each(v.value -> 'content') c
            WHERE t.version_id = o.task_version_id AND p.id = t.care_plan_id AND p.patient_id IS NOT NULL
                AND o.deleted_at IS NULL
            """
        let keptLines = Set(try kept.map { try $0.string("line") })
        let recordLines = Set(try db.query(unpacked).map { try $0.string("line") })
        return keptLines.subtracting(recordLines).sorted().map { "kept: " + $0 }
            + recordLines.subtracting(keptLines).sorted().map { "records: " + $0 }
    }
}

extension StudyDatabase {
    /// How the kept outcome value rows differ from the outcomes' JSON (``OutcomeValueTable``); empty when they agree.
    public func outcomeValueMismatches() throws -> [String] {
        try database.read { db in try OutcomeValueTable.mismatches(in: db) }
    }
}
