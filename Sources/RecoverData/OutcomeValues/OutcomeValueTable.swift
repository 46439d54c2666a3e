import Postgres
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
/// later cannot forget to. A tombstoned outcome has no rows; a changed one has its new values.
enum OutcomeValueTable {
    static let name = "outcome-values-001-rows"

    /// The participant owning the outcome row `row` (`NEW`, `OLD`), through its task version's care plan.
    private static func participant(_ row: String) -> String {
        """
        (SELECT p.patient_id FROM care_task_version t JOIN care_plan p ON p.id = t.care_plan_id
            WHERE t.version_id = \(row).task_version_id)
        """
    }

    /// The newest staff correction's `column` of the value of `kind` of the outcome `outcome` (SQL expressions).
    private static func newestCorrection(_ column: String, outcome: String, kind: String) -> String {
        """
        (SELECT oc.\(column) FROM outcome_correction oc WHERE oc.outcome_id = \(outcome) AND oc.value_kind = \(kind)
            ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1)
        """
    }

    /// Sets the correction columns of the value the correction row `row` (`NEW`) is about to its newest
    /// correction, found by the outcome's key. Corrections are append-only, so an insert is the only change.
    private static func correct(_ row: String) -> String {
        """
        UPDATE outcome_value SET
            corrected_value = \(newestCorrection("new_value", outcome: "\(row).outcome_id", kind: "\(row).value_kind")),
            correction_reason = \(newestCorrection("reason", outcome: "\(row).outcome_id", kind: "\(row).value_kind"))
        WHERE (participant_id, task_id, event_start, outcome_id) IN (
            SELECT p.patient_id, o.task_id, o.event_start, o.id FROM care_outcome o
            JOIN care_task_version t ON t.version_id = o.task_version_id JOIN care_plan p ON p.id = t.care_plan_id
            WHERE o.id = \(row).outcome_id)
            AND kind = \(row).value_kind;

        """
    }

    /// Removes the rows of the outcome row `row` (a key prefix of the table: no second index to keep).
    private static func remove(_ row: String) -> String {
        """
        DELETE FROM outcome_value WHERE participant_id = \(participant(row)) AND task_id = \(row).task_id
            AND event_start = \(row).event_start AND outcome_id = \(row).id;

        """
    }

    /// Adds the rows of the outcome row `row` when it is live: the trigger's `NEW`, or with `everyOutcome` each
    /// outcome stored (`row` then names `care_outcome`). The value's columns are what the exports read from the
    /// JSON before (`value` typed as SQLite's `json_each` gives it; on PostgreSQL the JSON text).
    private static func add(_ row: String, dialect: StoreDialect, everyOutcome: Bool = false) -> String {
        let outcomes = everyOutcome ? "care_outcome AS \(row) CROSS JOIN " : ""
        return switch dialect {
        case .sqlite:
            """
            INSERT INTO outcome_value (participant_id, task_id, event_start, outcome_id, position, occurrence,
                created_at, kind, unit, value_type, value, json_type, corrected_value, correction_reason)
            SELECT p.patient_id, \(row).task_id, \(row).event_start, \(row).id, v.key, \(row).occurrence,
                \(row).created_at, json_extract(v.value, '$.kind'), json_extract(v.value, '$.unit'), c.key, c.value,
                c.type, \(newestCorrection("new_value", outcome: "\(row).id", kind: "json_extract(v.value, '$.kind')")),
                \(newestCorrection("reason", outcome: "\(row).id", kind: "json_extract(v.value, '$.kind')"))
            FROM \(outcomes)care_task_version t JOIN care_plan p ON p.id = t.care_plan_id
            JOIN json_each(\(row).values_json) AS v JOIN json_each(v.value, '$.content') AS c
            WHERE t.version_id = \(row).task_version_id AND p.patient_id IS NOT NULL AND \(row).deleted_at IS NULL;

            """
        case .postgres:
            """
            INSERT INTO outcome_value (participant_id, task_id, event_start, outcome_id, position, occurrence,
                created_at, kind, unit, value_type, value, json_type, corrected_value, correction_reason)
            SELECT p.patient_id, \(row).task_id, \(row).event_start, \(row).id, v.ordinal - 1, \(row).occurrence,
                \(row).created_at, v.value ->> 'kind', v.value ->> 'unit', c.key, c.value #>> '{}',
                CASE jsonb_typeof(c.value) WHEN 'boolean' THEN c.value #>> '{}' WHEN 'number' THEN 'number'
                    ELSE jsonb_typeof(c.value) END,
                \(newestCorrection("new_value", outcome: "\(row).id", kind: "v.value ->> 'kind'")),
                \(newestCorrection("reason", outcome: "\(row).id", kind: "v.value ->> 'kind'"))
            FROM \(outcomes)care_task_version t JOIN care_plan p ON p.id = t.care_plan_id
            CROSS JOIN LATERAL jsonb_array_elements(\(row).values_json::jsonb) WITH ORDINALITY AS v(value, ordinal)
            CROSS JOIN LATERAL jsonb_each(v.value -> 'content') AS c
            WHERE t.version_id = \(row).task_version_id AND p.patient_id IS NOT NULL AND \(row).deleted_at IS NULL;

            """
        }
    }

    private static func createTable(text: String, integer: String, instant: String, value: String, strict: String)
        -> String
    {
        """
        CREATE TABLE outcome_value (
            participant_id \(text) NOT NULL,
            task_id \(text) NOT NULL,
            event_start \(text) NOT NULL,
            outcome_id \(text) NOT NULL,
            position \(integer) NOT NULL,
            occurrence \(integer) NOT NULL,
            created_at \(instant) NOT NULL,
            kind \(text),
            unit \(text),
            value_type \(text) NOT NULL,
            value \(value),
            json_type \(text) NOT NULL,
            corrected_value \(integer),
            correction_reason \(text),
            PRIMARY KEY (participant_id, task_id, event_start, outcome_id, position)
        )\(strict);
        CREATE INDEX outcome_correction_outcome ON outcome_correction (outcome_id, value_kind, corrected_at);

        """
    }

    /// The rows of the outcomes already stored (for a database made before the table).
    private static func backfill(_ dialect: StoreDialect) -> String {
        add("o", dialect: dialect, everyOutcome: true)
    }

    static let sqliteTriggers = """
        CREATE TRIGGER outcome_value_insert AFTER INSERT ON care_outcome BEGIN
        \(add("NEW", dialect: .sqlite))END;
        CREATE TRIGGER outcome_value_update AFTER UPDATE ON care_outcome BEGIN
        \(remove("OLD"))\(add("NEW", dialect: .sqlite))END;
        CREATE TRIGGER outcome_value_delete AFTER DELETE ON care_outcome BEGIN
        \(remove("OLD"))END;
        CREATE TRIGGER outcome_value_correction AFTER INSERT ON outcome_correction BEGIN
        \(correct("NEW"))END;

        """

    static let postgresTriggers = """
        CREATE FUNCTION outcome_value_rows() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
        IF TG_OP <> 'INSERT' THEN
        \(remove("OLD"))END IF;
        IF TG_OP <> 'DELETE' THEN
        \(add("NEW", dialect: .postgres))END IF;
        RETURN NULL;
        END $$;
        CREATE TRIGGER outcome_value_rows AFTER INSERT OR UPDATE OR DELETE ON care_outcome
            FOR EACH ROW EXECUTE FUNCTION outcome_value_rows();
        CREATE FUNCTION outcome_value_correction() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
        \(correct("NEW"))RETURN NULL;
        END $$;
        CREATE TRIGGER outcome_value_correction AFTER INSERT ON outcome_correction
            FOR EACH ROW EXECUTE FUNCTION outcome_value_correction();

        """

    /// On SQLite (appended to ``RecoverSchema/migrations``); never edit one that has landed.
    static let migrations: [Migration] = [
        Migration(
            name: name,
            sql: createTable(
                text: "TEXT", integer: "INTEGER", instant: "TEXT", value: "ANY", strict: " WITHOUT ROWID, STRICT")
                + sqliteTriggers + backfill(.sqlite))
    ]

    /// On PostgreSQL (appended to ``RecoverSchema/postgresMigrations``).
    static let postgresMigrations: [PostgresMigration] = [
        PostgresMigration(
            name: name,
            sql: createTable(
                text: "text COLLATE \"C\"", integer: "bigint", instant: "timestamptz", value: "text", strict: "")
                + postgresTriggers + backfill(.postgres))
    ]
}

extension OutcomeValueTable {
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
