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
                db.dialect.storageClass("value")]))
                AS line FROM outcome_value
            """)
        let dialect = db.dialect
        let value = dialect.jsonArrayElements("o.values_json", as: "v")
        let content = dialect.jsonObjectMembers(value.value, at: "content", as: "c")
        let kind = dialect.jsonString(value.value, at: "kind")
        let unpacked = """
            SELECT \(line(["p.patient_id", "o.task_id", "o.event_start", "o.id", value.index, "o.occurrence",
                "o.created_at", kind, dialect.jsonString(value.value, at: "unit"), content.key, content.value,
                content.type, "(\(newest("new_value", kind)))", "(\(newest("reason", kind)))",
                dialect.storageClass(content.value)])) AS line
            FROM care_outcome o, care_task_version t, care_plan p, \(value.table), \(content.table)
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
